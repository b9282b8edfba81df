// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { AppointmentSummary } from '@vet/contracts/appointments';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '@/shared/api/api-client';
import { ApiClientProvider } from '@/shared/api/api-client-context';
import { createQueryClient } from '@/shared/query/query-client';
import { EarlierTimesControl } from './earlier-times-control';

afterEach(cleanup);

const appointment: AppointmentSummary = {
  appointmentId: 7,
  petId: 3,
  petName: 'Pickle',
  practiceId: 1,
  practiceName: 'Willowbrook Vets Clapham',
  appointmentReasonId: 2,
  reasonName: 'Dental check',
  clinicianType: 'Vet',
  startsAt: '2026-12-08T10:00:00.000Z',
  endsAt: '2026-12-08T10:30:00.000Z',
  status: 'Booked',
};
const now = new Date('2026-11-26T12:00:00.000Z');

function renderControl(answers: Record<string, (init?: RequestInit) => Response>) {
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
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ApiClientProvider client={api}>
        <EarlierTimesControl appointment={appointment} now={now} />
      </ApiClientProvider>
    </QueryClientProvider>,
  );
  return calls;
}

const path = '/bff/appointments/7/earlier-times';

describe('EarlierTimesControl (decision 0086)', () => {
  it('asks for a latest date from today to the appointment’s day, then joins the line', async () => {
    const calls = renderControl({
      [`GET ${path}`]: () => Response.json({ request: null }),
      [`PUT ${path}`]: () => Response.json({ appointmentId: 7, latestDate: '2026-12-04', status: 'Waiting' }),
    });
    fireEvent.click(await screen.findByRole('button', { name: /Tell me if an earlier time comes up/ }));
    const date = screen.getByLabelText(/Latest date that would still help/);
    expect((date as HTMLInputElement).value).toBe('2026-12-08');
    fireEvent.change(date, { target: { value: '2026-12-09' } });
    fireEvent.click(screen.getByRole('button', { name: 'Tell me' }));
    await screen.findByText(/Choose a date from today up to/);
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    fireEvent.change(date, { target: { value: '2026-12-04' } });
    fireEvent.click(screen.getByRole('button', { name: 'Tell me' }));
    await screen.findByText(/We will e-mail you if an earlier time comes up/);
    expect(calls.at(-1)).toEqual({ url: path, method: 'PUT', body: { latestDate: '2026-12-04' } });
  });

  it('stops looking', async () => {
    const calls = renderControl({
      [`GET ${path}`]: () =>
        Response.json({ request: { appointmentId: 7, latestDate: '2026-12-04', status: 'Waiting' } }),
      [`DELETE ${path}`]: () => new Response(null, { status: 204 }),
    });
    fireEvent.click(await screen.findByRole('button', { name: /Stop looking/ }));
    await screen.findByRole('button', { name: /Tell me if an earlier time comes up/ });
    expect(calls.at(-1)).toMatchObject({ url: path, method: 'DELETE' });
  });
});
