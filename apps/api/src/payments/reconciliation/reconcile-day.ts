import { addDays, calendarDay, isoDay, practiceDate, practiceInstant } from '@vet/contracts/practice-clock';
import type { Executor } from '@vet/db/connection';
import type { PaymentProvider } from '../provider/index.ts';
import { compareHoldings, type Reconciliation } from './compare-holdings.ts';
import { portalPaymentsOf } from './reconciliation-repository.ts';

/**
 * How far before the day the provider's pages are read, to find the counterpart of a payment paid in the
 * day on a page made the day before: a Checkout Session lives at most 24 hours
 * (https://docs.stripe.com/api/checkout/sessions/create#create_checkout_session-expires_at), and an hour
 * more covers a clock change and a slow first call. An hour after the day covers a page made just after
 * its payment row.
 */
const beforeMs = 25 * 3_600_000;
const afterMs = 3_600_000;

/** A YYYY-MM-DD that is a real calendar day, or undefined. */
export function parseDay(text: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return undefined;
  const { year, month, day } = calendarDay(text);
  const date = new Date(Date.UTC(year, month - 1, day));
  const real = isoDay({ year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() });
  return real === text ? text : undefined;
}

/** Yesterday on the practices' clocks (Europe/London), the default day. */
export const yesterday = (now: Date) => addDays(practiceDate(now), -1);

/** A day on the practices' clocks as instants, [from, to): 23 or 25 hours when the clocks change. */
export function dayRange(day: string): { from: Date; to: Date } {
  return { from: practiceInstant(day, '00:00'), to: practiceInstant(addDays(day, 1), '00:00') };
}

export type DayReconciliation = Reconciliation & { day: string; from: Date; to: Date };

/**
 * The day's reconciliation: the provider's pages and refunds (read over a wider window for the
 * counterparts), the portal's payments of the day and those the provider names, compared. Throws the
 * port's ProviderUnavailableError or ProviderRefusedError when the provider cannot be read.
 */
export async function reconcileDay(
  db: Executor,
  provider: PaymentProvider,
  day: string,
): Promise<DayReconciliation> {
  const { from, to } = dayRange(day);
  const held = await provider.heldBetween(
    new Date(from.getTime() - beforeMs),
    new Date(to.getTime() + afterMs),
  );
  const payments = await portalPaymentsOf(db, from, to, {
    paymentIds: held.checkouts.flatMap((checkout) =>
      checkout.paymentId === null ? [] : [checkout.paymentId],
    ),
    sessionIds: held.checkouts.map((checkout) => checkout.sessionId),
    paymentIntentIds: held.refunds.flatMap((refund) =>
      refund.paymentIntentId ? [refund.paymentIntentId] : [],
    ),
  });
  const inDay = (createdAt: Date) => createdAt >= from && createdAt < to;
  return { day, from, to, ...compareHoldings({ ...held, payments, inDay }) };
}
