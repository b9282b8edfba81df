// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen } from '@testing-library/react';
import type { EstimateDetail } from '@vet/contracts/bills';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '@/shared/api/api-client';
import { ApiClientProvider } from '@/shared/api/api-client-context';
import { createQueryClient } from '@/shared/query/query-client';
import { EstimateView } from './estimate-view';

configure({ asyncUtilTimeout: 10_000 });
afterEach(cleanup);

const estimate = (overrides: Partial<EstimateDetail> = {}): EstimateDetail => ({
  id: 41,
  title: 'Dental under anaesthetic',
  issuedOn: '2026-11-20',
  petNames: ['Bramble'],
  clinicianName: 'Helen Marsh',
  totalPence: 62_400,
  vatPence: 10_400,
  practice: {
    name: 'Willowbrook Vets Clapham',
    address: ['1 High Street', 'London', 'SW4 0AA'],
    phone: '020 7946 0001',
    vatNumber: 'GB123456789',
    ownership: null,
  },
  state: 'needsAnswer',
  practiceStatus: 'proposed',
  expiresOn: '2026-12-20',
  terms: 'A deposit of half is due on admission.',
  revision: 2,
  previousTotalPence: null,
  agreedTotalPence: null,
  answer: null,
  answeredAt: null,
  declineReason: null,
  lines: [
    {
      lineNo: 1,
      description: 'Scale and polish',
      quantity: '1',
      unitPricePence: 52_000,
      vatRate: 'standard',
      vatPercent: 20,
      totalPence: 62_400,
      petName: 'Bramble',
    },
  ],
  ...overrides,
});

/**
 * The estimate's page against a stand-in API: GET answers `reads` in turn (the first from the cache, as
 * the server would hand it over), POST answers `answer`; returns the bodies posted.
 */
function renderEstimate(first: EstimateDetail, answer: () => Response, reads: EstimateDetail[] = []) {
  const posted: unknown[] = [];
  const fetch = vi.fn((url: string, init: RequestInit = {}) => {
    if (init.method === 'POST') {
      expect(url).toBe('/bff/v2/bills/estimates/41/answer');
      posted.push(typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined);
      return Promise.resolve(answer());
    }
    return Promise.resolve(Response.json(reads.shift() ?? first));
  });
  const queryClient = createQueryClient();
  queryClient.setQueryData(['bills', 'estimate', 41], first);
  render(
    <QueryClientProvider client={queryClient}>
      <ApiClientProvider
        client={createApiClient({
          fetch: fetch as unknown as typeof globalThis.fetch,
          getStorage: () => undefined,
        })}
      >
        <EstimateView estimateId={41} />
      </ApiClientProvider>
    </QueryClientProvider>,
  );
  return posted;
}

describe('an estimate’s answer (issue 63)', () => {
  it('accepts in two presses: the first only asks, showing the total; the second sends the revision read', async () => {
    const accepted = estimate({
      state: 'accepted',
      answer: 'accepted',
      answeredAt: '2026-11-28T10:00:00Z',
      agreedTotalPence: 62_400,
    });
    const posted = renderEstimate(estimate(), () => Response.json(accepted));
    expect(screen.getByRole('table', { name: 'What the treatment will cost' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Accept this estimate' }));
    expect(posted).toEqual([]);
    expect(document.activeElement?.textContent).toBe('Accept this estimate?');
    fireEvent.click(screen.getByRole('button', { name: 'Yes, accept £624.00' }));
    expect(await screen.findByText(/A confirmation e-mail is on its way to you\./)).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('You accepted this estimate for £624.00.');
    expect(posted).toEqual([{ answer: 'accepted', revision: 2 }]);
    expect(screen.queryByRole('button', { name: /Accept this estimate/ })).toBeNull();
  });

  it('Back leaves without sending anything and returns to the two choices', () => {
    const posted = renderEstimate(estimate(), () => Response.json(estimate()));
    fireEvent.click(screen.getByRole('button', { name: 'Accept this estimate' }));
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(posted).toEqual([]);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Accept this estimate' }));
  });

  it('refuses to decline without a reason, then sends the reason given', async () => {
    const declined = estimate({
      state: 'declined',
      answer: 'declined',
      answeredAt: '2026-11-28T10:00:00Z',
      declineReason: 'Too dear',
    });
    const posted = renderEstimate(estimate(), () => Response.json(declined));
    fireEvent.click(screen.getByRole('button', { name: 'Decline' }));
    const reason = screen.getByRole('textbox', { name: 'Why are you declining? (required)' });
    fireEvent.change(reason, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Decline estimate' }));
    expect(screen.getByText('Tell the practice why you are declining.')).toBeTruthy();
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(posted).toEqual([]);
    fireEvent.change(reason, { target: { value: ' Too dear ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Decline estimate' }));
    expect(
      await screen.findByText(/You declined this estimate\. Your practice has your reason\./),
    ).toBeTruthy();
    expect(posted).toEqual([{ answer: 'declined', revision: 2, reason: 'Too dear' }]);
  });

  it('on a 409 for a revision made meanwhile, reads the estimate again and asks again with the new total', async () => {
    const revised = estimate({
      revision: 3,
      totalPence: 78_000,
      vatPence: 13_000,
      previousTotalPence: 62_400,
    });
    const posted = renderEstimate(
      estimate(),
      () =>
        Response.json(
          { statusCode: 409, error: 'Conflict', message: 'The estimate was revised.' },
          { status: 409 },
        ),
      [revised],
    );
    fireEvent.click(screen.getByRole('button', { name: 'Accept this estimate' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, accept £624.00' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'The practice revised this estimate while you were reading it: the total is now £780.00 (it was £624.00). Nothing was sent.',
    );
    expect(screen.getByText(/Revised: was £624\.00/)).toBeTruthy();
    // Asked again: the next answer names the revision now read.
    fireEvent.click(screen.getByRole('button', { name: 'Accept this estimate' }));
    expect(screen.getByRole('button', { name: 'Yes, accept £780.00' })).toBeTruthy();
    expect(posted).toEqual([{ answer: 'accepted', revision: 2 }]);
  });

  it('on a 409 for an estimate answered elsewhere, says so and offers no answer', async () => {
    const answered = estimate({ state: 'accepted', answer: 'accepted', answeredAt: '2026-11-28T09:00:00Z' });
    renderEstimate(
      estimate(),
      () =>
        Response.json({ statusCode: 409, error: 'Conflict', message: 'Already answered.' }, { status: 409 }),
      [answered],
    );
    fireEvent.click(screen.getByRole('button', { name: 'Accept this estimate' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, accept £624.00' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'This estimate was already answered (Accepted), so nothing more was sent.',
    );
    expect(screen.queryByRole('button', { name: 'Accept this estimate' })).toBeNull();
  });

  it('an expired estimate says it can no longer be accepted and offers no answer', () => {
    renderEstimate(estimate({ state: 'expired' }), () => Response.json({}));
    expect(screen.getByRole('alert').textContent).toContain(
      'This estimate has expired, so it can no longer be accepted.',
    );
    expect(screen.getByRole('alert').textContent).toContain('020 7946 0001');
    expect(screen.queryByRole('button', { name: 'Accept this estimate' })).toBeNull();
  });

  it('an accepted estimate revised below the threshold shows what was agreed and the new total', () => {
    renderEstimate(
      estimate({
        state: 'accepted',
        answer: 'accepted',
        agreedTotalPence: 62_400,
        totalPence: 65_000,
        previousTotalPence: 62_400,
      }),
      () => Response.json({}),
    );
    expect(screen.getByText('You agreed £624.00; the practice has revised it to £650.00.')).toBeTruthy();
  });
});
