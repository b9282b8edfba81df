// @vitest-environment jsdom
import { QueryClientProvider, useQuery, type QueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ListedAppointment } from '@vet/contracts/appointments';
import { buildAppointment } from '@vet/contracts/testing/builders';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appointmentsQueryKey } from '@/features/appointments/api/appointments-query-key';
import { createApiClient } from '@/shared/api/api-client';
import { ApiClientProvider } from '@/shared/api/api-client-context';
import { createQueryClient } from '@/shared/query/query-client';
import { EarlierTimesControl, FetchingEarlierTimesControl } from './earlier-times-control';

afterEach(cleanup);

const appointment = buildAppointment({
  appointmentId: 7,
  petName: 'Pickle',
  reasonName: 'Dental check',
  clinicianType: 'Vet',
  startsAt: '2026-12-08T10:00:00.000Z',
});
const now = new Date('2026-11-26T12:00:00.000Z');
const path = '/bff/appointments/7/earlier-times';
const waiting = { appointmentId: 7, latestDate: '2026-12-04', status: 'Waiting' };

/** The list's control, as /appointments renders it: from the listed appointment in the cache. */
function Listed({ appointmentId }: { appointmentId: number }) {
  const list = useQuery<ListedAppointment[]>({
    queryKey: appointmentsQueryKey,
    queryFn: () => Promise.reject(new Error('the test seeds the list')),
    enabled: false,
  });
  const listed = list.data?.find((each) => each.appointmentId === appointmentId);
  return listed ? <EarlierTimesControl appointment={listed} request={listed.earlierTimes} now={now} /> : null;
}

function renderWith(
  answers: Record<string, (init?: RequestInit) => Response>,
  control: (queryClient: QueryClient) => React.ReactNode,
) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  const fetch = vi.fn((url: string, init?: RequestInit) => {
    calls.push({
      url,
      method: init?.method ?? 'GET',
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    });
    const answer = answers[`${init?.method ?? 'GET'} ${url.split('?')[0]!}`];
    return Promise.resolve(answer ? answer(init) : Response.json({}));
  });
  const api = createApiClient({
    fetch: fetch as unknown as typeof globalThis.fetch,
    getStorage: () => undefined,
  });
  const queryClient = createQueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <ApiClientProvider client={api}>{control(queryClient)}</ApiClientProvider>
    </QueryClientProvider>,
  );
  return { calls, queryClient };
}

/** The control in the list, its appointment listed with `earlierTimes`. */
function renderListed(
  earlierTimes: ListedAppointment['earlierTimes'],
  answers: Record<string, (init?: RequestInit) => Response> = {},
) {
  return renderWith(answers, (queryClient) => {
    queryClient.setQueryData(appointmentsQueryKey, [{ ...appointment, earlierTimes }]);
    return <Listed appointmentId={7} />;
  });
}

const listedEarlierTimes = (queryClient: QueryClient) =>
  queryClient.getQueryData<ListedAppointment[]>(appointmentsQueryKey)?.[0]?.earlierTimes;

describe('EarlierTimesControl (decision 0086)', () => {
  it('renders from the list at once, asking the API nothing', () => {
    const { calls } = renderListed(null);
    screen.getByRole('button', { name: /Tell me if an earlier time comes up for Pickle’s Dental check/ });
    cleanup();
    renderListed({ latestDate: '2026-12-04' });
    screen.getByText(/We will e-mail you if an earlier time comes up for Pickle’s Dental check, up to/);
    expect(calls).toEqual([]);
  });

  it('asks for a latest date from today to the appointment’s day, then joins the line', async () => {
    const { calls, queryClient } = renderListed(null, {
      [`PUT ${path}`]: () => Response.json(waiting),
    });
    fireEvent.click(screen.getByRole('button', { name: /Tell me if an earlier time comes up/ }));
    const date = screen.getByLabelText(/Latest date that would still help/);
    expect((date as HTMLInputElement).value).toBe('2026-12-08');
    fireEvent.change(date, { target: { value: '2026-12-09' } });
    fireEvent.click(screen.getByRole('button', { name: 'Tell me' }));
    await screen.findByText(/Choose a date from today up to/);
    expect(calls).toEqual([]);
    fireEvent.change(date, { target: { value: '2026-12-04' } });
    fireEvent.click(screen.getByRole('button', { name: 'Tell me' }));
    // In place: the list's own entry now says it waits, so the page shows it without asking again.
    await screen.findByText(/We will e-mail you if an earlier time comes up/);
    expect(calls).toEqual([{ url: path, method: 'PUT', body: { latestDate: '2026-12-04' } }]);
    expect(listedEarlierTimes(queryClient)).toEqual({ latestDate: '2026-12-04' });
  });

  it('stops looking', async () => {
    const { calls, queryClient } = renderListed(
      { latestDate: '2026-12-04' },
      { [`DELETE ${path}`]: () => new Response(null, { status: 204 }) },
    );
    fireEvent.click(screen.getByRole('button', { name: /Stop looking/ }));
    await screen.findByRole('button', { name: /Tell me if an earlier time comes up/ });
    expect(calls).toEqual([{ url: path, method: 'DELETE', body: undefined }]);
    expect(listedEarlierTimes(queryClient)).toBeNull();
  });
});

describe('FetchingEarlierTimesControl (booking’s last step, which has no list)', () => {
  it('asks the API for the appointment’s place in the line, then changes it in place', async () => {
    const { calls } = renderWith(
      {
        [`GET ${path}`]: () => Response.json({ request: waiting }),
        [`DELETE ${path}`]: () => new Response(null, { status: 204 }),
      },
      () => <FetchingEarlierTimesControl appointment={appointment} now={now} />,
    );
    fireEvent.click(await screen.findByRole('button', { name: /Stop looking/ }));
    await screen.findByRole('button', { name: /Tell me if an earlier time comes up/ });
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([`GET ${path}`, `DELETE ${path}`]);
  });
});
