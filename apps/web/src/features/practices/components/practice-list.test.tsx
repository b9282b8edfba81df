// @vitest-environment jsdom
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { OnlinePractice } from '@vet/contracts/practices';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../../shared/api/api-client';
import { ApiClientProvider } from '../../../shared/api/api-client-context';
import { createQueryClient } from '../../../shared/query/query-client';
import { theme } from '../../../shared/theme/theme';
import { PracticeList } from './practice-list';

const practices: OnlinePractice[] = [
  {
    id: 1,
    name: 'Harbour Road Veterinary Centre',
    phone: '01632 960123',
    addressLine1: '12 Harbour Road',
    addressLine2: null,
    town: 'Portsmouth',
    postcode: 'PO1 3AA',
    onlineRegistrationAvailable: true,
  },
  {
    id: 2,
    name: 'Quayside Vets',
    phone: '01632 960456',
    addressLine1: 'Unit 4, The Quay',
    addressLine2: 'Gunwharf',
    town: 'Portsmouth',
    postcode: 'PO1 3TZ',
    onlineRegistrationAvailable: false,
  },
];

function renderList(fetchFn: (url: string) => Promise<Response>) {
  const fetchSpy = vi.fn(fetchFn);
  const api = createApiClient({ fetch: fetchSpy as unknown as typeof fetch, getStorage: () => undefined });
  render(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={createQueryClient()}>
        <ApiClientProvider client={api}>
          <PracticeList />
        </ApiClientProvider>
      </QueryClientProvider>
    </ThemeProvider>,
  );
  return fetchSpy;
}

const badGateway = () =>
  Response.json(
    {
      statusCode: 502,
      error: 'Bad Gateway',
      message: 'The service is unavailable. Please try again shortly.',
    },
    { status: 502 },
  );

afterEach(cleanup);

describe('PracticeList', () => {
  it('shows three placeholders and a loading status while loading', () => {
    renderList(() => new Promise<Response>(() => undefined));

    expect(screen.getByRole('status').textContent).toBe('Loading practices');
    expect(document.body.querySelectorAll('.MuiSkeleton-root')).toHaveLength(3);
  });

  it('lists each practice with its name as a heading, address and a tap-to-call link', async () => {
    const fetchSpy = renderList(() => Promise.resolve(Response.json(practices)));

    const list = await screen.findByRole('list', { name: 'Practices' });
    expect(fetchSpy).toHaveBeenCalledWith('/bff/online-practices', expect.anything());
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Harbour Road Veterinary Centre',
      'Quayside Vets',
    ]);
    const call = screen.getByRole('link', { name: 'Call Quayside Vets on 01632 960456' });
    expect(call.getAttribute('href')).toBe('tel:01632960456');
    expect(screen.getByText('Gunwharf', { exact: false })).toBeDefined();
  });

  it('marks only the practices where online registration is unavailable', async () => {
    renderList(() => Promise.resolve(Response.json(practices)));

    const quayside = await screen.findByRole('article', { name: 'Quayside Vets' });
    expect(within(quayside).getByText('Online registration unavailable')).toBeDefined();
    const harbour = screen.getByRole('article', { name: 'Harbour Road Veterinary Centre' });
    expect(within(harbour).queryByText('Online registration unavailable')).toBeNull();
  });

  it('says so when no practice is online', async () => {
    renderList(() => Promise.resolve(Response.json([])));

    expect(await screen.findByText(/No practices offer online services/)).toBeDefined();
  });

  it('shows an error with a Retry button that fetches again', async () => {
    let calls = 0;
    const fetchSpy = renderList(() => {
      calls += 1;
      return Promise.resolve(calls === 1 ? badGateway() : Response.json(practices));
    });

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('We could not load the list of practices');
    // Spec 7: the practice list is not retried automatically.
    expect(fetchSpy).toHaveBeenCalledTimes(1);

    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('list', { name: 'Practices' })).toBeDefined();
    expect(fetchSpy).toHaveBeenCalledTimes(2);
  });
});
