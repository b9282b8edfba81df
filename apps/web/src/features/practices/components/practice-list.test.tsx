// @vitest-environment jsdom
import { HydrationBoundary, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { buildPractice } from '@vet/contracts/testing/builders';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '@/shared/api/api-client';
import { ApiClientProvider } from '@/shared/api/api-client-context';
import { firstData } from '@/shared/query/first-data';
import { createQueryClient } from '@/shared/query/query-client';
import { onlinePracticesQueryKey } from '@/features/practices/api/online-practices-query-key';
import { PracticeList } from './practice-list';

const practices = [
  buildPractice({
    id: 1,
    name: 'Harbour Road Veterinary Centre',
    phone: '01632 960123',
    addressLine1: '12 Harbour Road',
    town: 'Portsmouth',
    postcode: 'PO1 3AA',
  }),
  buildPractice({
    id: 2,
    name: 'Quayside Vets',
    phone: '01632 960456',
    addressLine1: 'Unit 4, The Quay',
    addressLine2: 'Gunwharf',
    town: 'Portsmouth',
    postcode: 'PO1 3TZ',
    onlineRegistrationAvailable: false,
  }),
];

/** The lines of a practice card's address, as its line breaks separate them. */
const addressLines = (card: HTMLElement) =>
  Array.from(card.querySelector('address')?.childNodes ?? [])
    .filter((node) => node.nodeType === Node.TEXT_NODE)
    .map((node) => node.textContent);

/** `rendered`: the list the server rendered the page with (its first data), if any. */
function renderList(fetchFn: (url: string) => Promise<Response>, rendered?: typeof practices) {
  const fetchSpy = vi.fn(fetchFn);
  const api = createApiClient({ fetch: fetchSpy as unknown as typeof fetch, getStorage: () => undefined });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ApiClientProvider client={api}>
        <HydrationBoundary state={firstData([[onlinePracticesQueryKey, rendered]])}>
          <PracticeList />
        </HydrationBoundary>
      </ApiClientProvider>
    </QueryClientProvider>,
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
    expect(document.body.querySelectorAll('[data-skeleton]')).toHaveLength(3);
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
    expect(addressLines(screen.getByRole('article', { name: 'Quayside Vets' }))).toEqual([
      'Unit 4, The Quay',
      'Gunwharf',
      'Portsmouth',
      'PO1 3TZ',
    ]);
    expect(addressLines(screen.getByRole('article', { name: 'Harbour Road Veterinary Centre' }))).toEqual([
      '12 Harbour Road',
      'Portsmouth',
      'PO1 3AA',
    ]);
  });

  it('shows the list the server rendered at once, without asking the API again', () => {
    const fetchSpy = renderList(() => new Promise<Response>(() => undefined), practices);

    const list = screen.getByRole('list', { name: 'Practices' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('status')).toBeNull();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('marks only the practices where online registration is unavailable', async () => {
    renderList(() => Promise.resolve(Response.json(practices)));

    const quayside = await screen.findByRole('article', { name: 'Quayside Vets' });
    const chip = (card: HTMLElement) => card.querySelector('.StatusChip-label')?.textContent ?? null;
    expect(chip(quayside)).toBe('Online registration unavailable');
    expect(chip(screen.getByRole('article', { name: 'Harbour Road Veterinary Centre' }))).toBeNull();
  });

  it('says so when no practice is online', async () => {
    renderList(() => Promise.resolve(Response.json([])));

    const message = await screen.findByText(/^No practices offer online services/);
    expect(message.textContent).toBe(
      'No practices offer online services at the moment. Please call your practice.',
    );
    expect(screen.queryByRole('list', { name: 'Practices' })).toBeNull();
  });

  it('shows an error with a Retry button that fetches again', async () => {
    let calls = 0;
    const fetchSpy = renderList(() => {
      calls += 1;
      return Promise.resolve(calls === 1 ? badGateway() : Response.json(practices));
    });

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('We could not load the list of practices');
    // R7.9: the practice list is not retried automatically.
    expect(fetchSpy).toHaveBeenCalledTimes(1);

    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));

    const list = await screen.findByRole('list', { name: 'Practices' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(fetchSpy).toHaveBeenCalledTimes(2);
  });
});
