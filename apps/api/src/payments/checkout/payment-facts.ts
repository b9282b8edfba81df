import type { PaymentPurpose } from '@vet/contracts/payment-rules';
import type { Executor } from '@vet/db/connection';
import { sql } from 'drizzle-orm';

/**
 * The facts every payment event names (payment-events.ts `paymentFacts`), read from the payment's row in
 * the event's own transaction, so an event never names what the transaction has not written.
 */
export async function paymentFacts(tx: Executor, paymentId: number) {
  const { rows } = await tx.execute<{
    purpose: PaymentPurpose;
    practice_id: number;
    practice_ref: string | null;
    client_id: number | null;
    client_ref: string | null;
    appointment_id: number | null;
    appointment_ref: string | null;
    amount_pence: number;
    payment_intent_id: string | null;
  }>(sql`
    select p.purpose, p.practice_id, pr.pms_ref as practice_ref, p.client_id, c.pms_ref as client_ref,
      p.appointment_id, a.pms_ref as appointment_ref, p.amount_pence, p.payment_intent_id
    from online_payments p join practices pr on pr.id = p.practice_id
    left join clients c on c.id = p.client_id left join appointments a on a.id = p.appointment_id
    where p.id = ${paymentId}`);
  const row = rows[0]!;
  return {
    payment_id: paymentId,
    purpose: row.purpose,
    practice_id: row.practice_id,
    practice_ref: row.practice_ref,
    client_id: row.client_id,
    client_ref: row.client_ref,
    appointment_id: row.appointment_id,
    appointment_ref: row.appointment_ref,
    amount_pence: row.amount_pence,
    currency: 'GBP' as const,
    provider: 'stripe' as const,
    provider_payment_id: row.payment_intent_id ?? '',
  };
}
