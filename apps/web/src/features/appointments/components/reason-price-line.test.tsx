// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import type { PracticePrices } from '@vet/contracts/practice-prices';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient } from '@/shared/api/api-client';
import { ApiClientProvider } from '@/shared/api/api-client-context';
import { createQueryClient } from '@/shared/query/query-client';
import { ReasonSelect, type QuoteDay } from './booking-parts';

afterEach(cleanup);

/** Today's list says £51.00; the quote of 8 December, after the rise, £54.00 (issue 62). */
const todays: PracticePrices = {
  ownerName: null,
  writtenPrescriptionFees: { firstPence: 2100, furtherPence: 1250 },
  reasons: [{ appointmentReasonId: 5, amountPence: 5100, includes: null }],
  priceList: { lines: [], lastUpdated: null, vatIncluded: true },
};

function renderSelect(quoteDay: QuoteDay | null) {
  const asked: string[] = [];
  const api = createApiClient({
    fetch: ((url: string) => {
      asked.push(url);
      return Promise.resolve(
        url.includes('/price?')
          ? Response.json({ date: '2026-12-08', price: { amountPence: 5400, includes: null } })
          : Response.json(todays),
      );
    }) as unknown as typeof globalThis.fetch,
    getStorage: () => undefined,
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ApiClientProvider client={api}>
        <ReasonSelect
          practiceId={3}
          reasons={[
            {
              appointmentReasonId: 5,
              name: 'Consultation',
              durationMinutes: 15,
              clinicianType: 'Vet',
              isInitialConsultation: false,
              speciesIds: [],
            },
          ]}
          value={5}
          onChange={() => {}}
          noneText="None"
          quoteDay={quoteDay}
        />
      </ApiClientProvider>
    </QueryClientProvider>,
  );
  return asked;
}

describe('the choose step’s price line', () => {
  it('says today’s "from" price until a time is chosen', async () => {
    const asked = renderSelect(null);
    expect(await screen.findByText('From £51.00')).toBeTruthy();
    expect(asked.some((url) => url.includes('/price?'))).toBe(false);
  });

  it('says the chosen day’s price for the pet once a time is chosen, as the check step will', async () => {
    const asked = renderSelect({ date: '2026-12-08', petId: 7 });
    expect(await screen.findByText('On 8 December 2026: From £54.00')).toBeTruthy();
    const quote = new URL(
      asked.find((url) => url.includes('/price?'))!,
      'http://portal.test',
    );
    expect(quote.pathname).toMatch(/\/practices\/3\/appointment-reasons\/5\/price$/);
    expect(Object.fromEntries(quote.searchParams)).toEqual({ date: '2026-12-08', petId: '7' });
  });
});
