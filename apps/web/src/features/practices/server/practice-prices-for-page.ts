import { practicePricesSchema, type PracticePrices } from '@vet/contracts/practice-prices';
import { getServerConfig } from '@/config/server';

/** As the practice list: prices change rarely, so one API call a minute per practice per web server. */
const freshForMs = 60_000;
const kept = new Map<number, { prices: Promise<PracticePrices | undefined>; fetchedAt: number }>();

/**
 * A practice's owner and price list (GET /practices/{id}/prices, decision 0104) for a card of the
 * server-rendered practice list. Undefined when the API does not answer well within two seconds: the
 * card then says they could not be shown. A failure is not kept, so the next visitor tries again.
 */
export function practicePricesForPage(
  practiceId: number,
  now = Date.now(),
): Promise<PracticePrices | undefined> {
  const found = kept.get(practiceId);
  if (found && now - found.fetchedAt < freshForMs) return found.prices;
  const prices = fetchPrices(practiceId);
  kept.set(practiceId, { prices, fetchedAt: now });
  void prices.then((answer) => {
    if (!answer && kept.get(practiceId)?.prices === prices) kept.delete(practiceId);
  });
  return prices;
}

async function fetchPrices(practiceId: number): Promise<PracticePrices | undefined> {
  try {
    const response = await fetch(`${getServerConfig().apiUrl}/practices/${practiceId}/prices`, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(2_000),
      cache: 'no-store',
    });
    if (!response.ok) return undefined;
    return practicePricesSchema.parse(await response.json());
  } catch {
    return undefined;
  }
}

/** For tests: forget the kept prices. */
export function forgetPracticePricesForPage(): void {
  kept.clear();
}
