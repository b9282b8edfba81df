import type { PaymentPurpose, PaymentStatus } from '@vet/contracts/payment-rules';
import type { Executor } from '@vet/db/connection';
import { sql, type SQL } from 'drizzle-orm';

/**
 * What the owner paid online that the practice system's `paid_pence` may not hold yet: paid payments it
 * has not acknowledged (decision 0157). What is due counts both, so a bill paid online is never due twice;
 * once acknowledged, the practice's own figure holds it.
 */
export const paidOnline = (invoiceId: SQL) =>
  sql`(select coalesce(sum(op.amount_pence), 0)::int from online_payments op
    where op.invoice_id = ${invoiceId} and op.status = 'paid' and op.pms_ref is null)`;

/**
 * The client's payments online, newest first, for the data export (decision 0157): the table is the
 * payments domain's; what it holds of the client is theirs to read.
 */
export async function clientPayments(tx: Executor, clientId: number) {
  const { rows } = await tx.execute<{
    id: number;
    purpose: PaymentPurpose;
    status: PaymentStatus;
    amount_pence: number;
    description: string;
    invoice_id: number | null;
    payment_intent_id: string | null;
    created_at: Date | string;
    paid_at: Date | string | null;
  }>(sql`
    select id, purpose, status, amount_pence, description, invoice_id, payment_intent_id, created_at, paid_at
    from online_payments where client_id = ${clientId} order by created_at desc, id desc`);
  return rows;
}
