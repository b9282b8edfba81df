// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import type { PracticePrices } from '@vet/contracts/practice-prices';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '@/shared/api/api-client';
import { ApiClientProvider } from '@/shared/api/api-client-context';
import { createQueryClient } from '@/shared/query/query-client';
import { BookingPracticeNotices } from './booking-practice-notices';

afterEach(cleanup);

const prices = (overrides: Partial<PracticePrices> = {}): PracticePrices => ({
  ownerName: 'Willowbrook Veterinary Group Ltd',
  writtenPrescriptionFees: { firstPence: 2260, furtherPence: 1340 },
  reasons: [],
  priceList: { lines: [], lastUpdated: null, vatIncluded: true },
  ...overrides,
});

function renderWith(answer: () => Response, ownership: boolean) {
  const api = createApiClient({
    fetch: vi.fn(() => Promise.resolve(answer())) as unknown as typeof globalThis.fetch,
    getStorage: () => undefined,
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ApiClientProvider client={api}>
        <BookingPracticeNotices
          practiceId={3}
          practiceName="Willowbrook Vets Clapham"
          ownership={ownership}
        />
        <p>after</p>
      </ApiClientProvider>
    </QueryClientProvider>,
  );
}

/** Issue 62: what a booking says about its practice, from the practice's prices. */
describe('BookingPracticeNotices', () => {
  it('names the owner on the check step, and says the notice with the fees sent', async () => {
    renderWith(() => Response.json(prices()), true);
    const notice = await screen.findByTestId('written-prescription-notice');
    expect(notice.textContent).toContain(
      '£22.60 for the first medicine and £13.40 for each further medicine',
    );
    expect(
      screen.getByText('Willowbrook Vets Clapham is owned by Willowbrook Veterinary Group Ltd.'),
    ).toBeTruthy();
  });

  it('leaves the owner out after the check step, and where the group has not said', async () => {
    renderWith(() => Response.json(prices()), false);
    await screen.findByTestId('written-prescription-notice');
    expect(screen.queryByText(/is owned by/)).toBeNull();
    cleanup();
    renderWith(() => Response.json(prices({ ownerName: null })), true);
    await screen.findByTestId('written-prescription-notice');
    expect(screen.queryByText(/is owned by/)).toBeNull();
  });

  it('says nothing when the prices cannot be read, rather than a fee it does not know', async () => {
    renderWith(() => Response.json({ statusCode: 500, error: 'Error', message: 'x' }, { status: 500 }), true);
    await vi.waitFor(() => expect(screen.getByText('after')).toBeTruthy());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('written-prescription-notice')).toBeNull();
  });
});
