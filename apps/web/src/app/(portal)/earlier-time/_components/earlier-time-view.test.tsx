// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { earlierTimeOfferMessages, type EarlierTimeOffer } from '@vet/contracts/earlier-times';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '@/shared/api/api-client';
import { ApiClientProvider } from '@/shared/api/api-client-context';
import { createQueryClient } from '@/shared/query/query-client';
import { EarlierTimeView } from './earlier-time-view';

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

/** The token the tab keeps once the address has lost it (decision 0095). */
const keptToken = () => window.sessionStorage.getItem('earlierTimeToken');

const offered = '2026-12-01T10:00:00.000Z';
const offer: EarlierTimeOffer = {
  petName: 'Pickle',
  reasonName: 'Dental check',
  clinicianType: 'Vet',
  practiceName: 'Willowbrook Vets Clapham',
  currentStartsAt: '2026-12-08T10:00:00.000Z',
  offeredStartsAt: offered,
  offeredEndsAt: '2026-12-01T10:30:00.000Z',
  heldUntil: '2026-11-26T13:15:00.000Z',
};

type Call = { url: string; method: string; body: unknown };

function renderAt(hash: string, answers: Record<string, () => Response>) {
  window.history.replaceState(null, '', `/earlier-time${hash}`);
  const calls: Call[] = [];
  const fetch = vi.fn((url: string, init?: RequestInit) => {
    calls.push({
      url,
      method: init?.method ?? 'GET',
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    });
    const answer = answers[url.split('?')[0]!];
    return Promise.resolve(answer ? answer() : Response.json({}));
  });
  const api = createApiClient({
    fetch: fetch as unknown as typeof globalThis.fetch,
    getStorage: () => undefined,
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ApiClientProvider client={api}>
        <EarlierTimeView />
      </ApiClientProvider>
    </QueryClientProvider>,
  );
  return calls;
}

const gone = () =>
  Response.json(
    { statusCode: 404, error: 'Not Found', message: 'This earlier time is no longer held for you.' },
    { status: 404 },
  );

describe('EarlierTimeView (/earlier-time#token, decision 0086)', () => {
  it('POSTs the fragment to read the offer, and moves the appointment only on the press', async () => {
    const calls = renderAt('#tok-en_1', {
      '/bff/earlier-time-offer': () => Response.json(offer),
      '/bff/earlier-time-offer/take': () => Response.json({ startsAt: offered }),
    });
    await screen.findByText('Pickle');
    expect(window.location.hash).toBe('');
    expect(keptToken()).toBe('tok-en_1');
    expect(calls.filter((call) => call.url.startsWith('/bff/earlier-time-offer'))).toEqual([
      { url: '/bff/earlier-time-offer', method: 'POST', body: { token: 'tok-en_1' } },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Move my appointment to this time' }));
    await screen.findByText('Your appointment has moved');
    expect(keptToken()).toBeNull();
    expect(calls.at(-1)).toEqual({
      url: '/bff/earlier-time-offer/take',
      method: 'POST',
      body: { token: 'tok-en_1' },
    });
  });

  it('answers a lapsed, taken or tampered offer with one plain page', async () => {
    renderAt('#nope', { '/bff/earlier-time-offer': gone });
    await screen.findByText('This time is no longer held for you');
    expect(screen.queryByRole('button', { name: 'Move my appointment to this time' })).toBeNull();
    expect(window.location.hash).toBe('');
    expect(keptToken()).toBeNull();
  });

  it('says plainly that the practice booked the time when it did, on reading or on the press', async () => {
    const givenAway = () =>
      Response.json(
        { statusCode: 404, error: 'Not Found', message: earlierTimeOfferMessages.givenAway },
        { status: 404 },
      );
    renderAt('#desk', { '/bff/earlier-time-offer': givenAway });
    await screen.findByText('This time is no longer available');
    expect(screen.getByText(earlierTimeOfferMessages.givenAway)).toBeTruthy();
    cleanup();
    renderAt('#desk-late', {
      '/bff/earlier-time-offer': () => Response.json(offer),
      '/bff/earlier-time-offer/take': givenAway,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Move my appointment to this time' }));
    await screen.findByText('This time is no longer available');
  });

  it('shows the plain page when the time went while the page was open', async () => {
    renderAt('#tok', {
      '/bff/earlier-time-offer': () => Response.json(offer),
      '/bff/earlier-time-offer/take': gone,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Move my appointment to this time' }));
    await screen.findByText('This time is no longer held for you');
  });
});
