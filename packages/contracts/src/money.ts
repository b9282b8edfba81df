/**
 * Money as the portal writes it (decision 0104): whole pence in, pounds sterling out, the British way.
 * No zod and no Intl formatter here: the booking pages import it, and both would weigh on their first
 * load (page weight, decision 0053). money.test.ts checks it writes what en-GB's Intl writes.
 */

/**
 * Pence as pounds: 4500 → "£45.00", 120000 → "£1,200.00", and a discount or credit -500 → "−£5.00": the
 * sign before the pound sign, as a true minus (U+2212), which a screen reader reads as "minus".
 */
export function formatPounds(amountPence: number): string {
  const [pounds = '0', pence = '00'] = (Math.abs(amountPence) / 100).toFixed(2).split('.');
  const sign = amountPence < 0 ? '\u2212' : '';
  return `${sign}£${pounds.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${pence}`;
}

/** How a price reads beside its reason or service: "From £45.00". */
export const fromPriceText = (amountPence: number): string => `From ${formatPounds(amountPence)}`;

/**
 * What a reason or service with no price in force says, rather than nothing: the CMA's remedies want the
 * price list complete, not "ask the practice" (issue 62, decision 0146).
 */
export const noPriceText = 'Price not yet published';
/**
 * What a re-quoted appointment says when its price changed with a new time or reason (issue 62): the
 * price now and the one quoted before. Null: unchanged, so nothing to say.
 */
export function priceChangeText(now: number | null, was: number | null): string | null {
  if (now === was) return null;
  if (now === null) return `No price is published for the new time (it was ${fromPriceText(was ?? 0)}).`;
  if (was === null) return `The price is now ${fromPriceText(now)} (none was published before).`;
  return `The price is now ${fromPriceText(now)} (was ${fromPriceText(was)}).`;
}
