import type { PaymentStatus } from '@vet/contracts/payment-rules';
import type { Executor } from '@vet/db/connection';
import { sql } from 'drizzle-orm';

/** A portal payment as the reconciliation compares it: ids, amount and state only, never who paid. */
export type PortalPayment = {
  id: number;
  status: PaymentStatus;
  amountPence: number;
  sessionId: string | null;
  paymentIntentId: string | null;
  /** Paid in the day, or (never paid) created in it: the portal's side of the day. */
  inDay: boolean;
};

/** What the provider named, so its counterparts are found whatever day the portal put them on. */
export interface NamedByProvider {
  paymentIds: readonly number[];
  sessionIds: readonly string[];
  paymentIntentIds: readonly string[];
}

/** A list as one parameter (a JSON array), so no id is ever spliced into the query's text. */
const textArray = (values: readonly string[]) =>
  sql`array(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;
const intArray = (values: readonly number[]) =>
  sql`array(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb)::int)`;

/**
 * The portal's payments of a day, [from, to): those paid in it (by `paid_at`) and those never paid that were
 * created in it; and, outside it, every payment the provider's side names (by payment, session or payment
 * intent id). `online_payments_created_idx` serves the day; the unique ids serve the rest.
 */
export async function portalPaymentsOf(
  db: Executor,
  from: Date,
  to: Date,
  named: NamedByProvider,
): Promise<PortalPayment[]> {
  const { rows } = await db.execute<{
    id: number;
    status: PaymentStatus;
    amount_pence: number;
    checkout_session_id: string | null;
    payment_intent_id: string | null;
    in_day: boolean;
  }>(sql`
    with day as (select ${from.toISOString()}::timestamptz as from_at, ${to.toISOString()}::timestamptz as to_at)
    select p.id, p.status, p.amount_pence, p.checkout_session_id, p.payment_intent_id,
      coalesce(p.paid_at, p.created_at) >= day.from_at and coalesce(p.paid_at, p.created_at) < day.to_at
        as in_day
    from online_payments p, day
    where (p.paid_at >= day.from_at and p.paid_at < day.to_at)
      or (p.paid_at is null and p.created_at >= day.from_at and p.created_at < day.to_at)
      or p.id = any(${intArray(named.paymentIds)})
      or p.checkout_session_id = any(${textArray(named.sessionIds)})
      or p.payment_intent_id = any(${textArray(named.paymentIntentIds)})
    order by p.id`);
  return rows.map((row) => ({
    id: row.id,
    status: row.status,
    amountPence: row.amount_pence,
    sessionId: row.checkout_session_id,
    paymentIntentId: row.payment_intent_id,
    inDay: row.in_day,
  }));
}
