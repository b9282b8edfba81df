import type { PaymentPurpose, PaymentStatus } from '@vet/contracts/payment-rules';
import type { Executor } from '@vet/db/connection';
import { sql } from 'drizzle-orm';
import { paidOnline } from '../../clients/index.ts';

export type PaymentRow = {
  id: number;
  purpose: PaymentPurpose;
  status: PaymentStatus;
  practice_id: number;
  client_id: number | null;
  invoice_id: number | null;
  amount_pence: number;
  description: string;
  checkout_session_id: string | null;
  checkout_url: string | null;
  payment_intent_id: string | null;
  expires_at: Date;
  paid_at: Date | null;
  /** A deposit's or hold's (decision 0158): its held time, then its appointment, and its refund deadline. */
  soft_booking_id: string | null;
  appointment_id: number | null;
  refund_until: Date | null;
  cutoff_minutes: number | null;
};

/** An invoice as paying it needs: what is due now, counting what was paid online (paidOnline). */
export type PayableInvoice = {
  id: number;
  pms_ref: string | null;
  title: string | null;
  status: string;
  practice_id: number;
  practice_name: string;
  total_pence: number;
  paid_pence: number;
};

const paymentColumns = sql`p.id, p.purpose, p.status, p.practice_id, p.client_id, p.invoice_id,
  p.amount_pence, p.description, p.checkout_session_id, p.checkout_url, p.payment_intent_id, p.expires_at,
  p.paid_at, p.soft_booking_id, p.appointment_id, p.refund_until, p.cutoff_minutes`;

/** node-postgres may hand a timestamp back as text through `execute`: the row as the service reads it. */
function paymentOf(row: PaymentRow | undefined): PaymentRow | undefined {
  if (!row) return undefined;
  return {
    ...row,
    expires_at: new Date(row.expires_at),
    paid_at: row.paid_at === null ? null : new Date(row.paid_at),
    refund_until: row.refund_until === null ? null : new Date(row.refund_until),
  };
}

export function createPaymentsRepository() {
  return {
    /** The client's invoice, locked so two presses on it take turns; undefined if not theirs. */
    async lockInvoice(tx: Executor, clientId: number, invoiceId: number) {
      const { rows } = await tx.execute<PayableInvoice>(sql`
        select i.id, i.pms_ref, i.title, i.status::text as status, i.practice_id, pr.name as practice_name,
          i.total_pence, i.paid_pence + ${paidOnline(sql`i.id`)} as paid_pence
        from practice_invoices i join practices pr on pr.id = i.practice_id
        where i.id = ${invoiceId} and i.client_id = ${clientId}
        for update of i`);
      return rows[0];
    },

    /** The invoice's attempt still under way, if any (one at a time: migration 0062's unique index). */
    async pendingForInvoice(tx: Executor, invoiceId: number) {
      const { rows } = await tx.execute<PaymentRow>(sql`
        select ${paymentColumns} from online_payments p
        where p.invoice_id = ${invoiceId} and p.status = 'pending'`);
      return paymentOf(rows[0]);
    },

    async insert(
      tx: Executor,
      payment: Pick<PaymentRow, 'purpose' | 'practice_id' | 'client_id' | 'invoice_id' | 'amount_pence'> & {
        description: string;
        expiresAt: Date;
      },
    ) {
      const { rows } = await tx.execute<PaymentRow>(sql`
        insert into online_payments as p (purpose, practice_id, client_id, invoice_id, amount_pence,
          description, expires_at)
        values (${payment.purpose}, ${payment.practice_id}, ${payment.client_id}, ${payment.invoice_id},
          ${payment.amount_pence}, ${payment.description}, ${payment.expiresAt.toISOString()})
        returning ${paymentColumns}`);
      return paymentOf(rows[0])!;
    },

    /** The provider's page, once it answers: kept only if no other answer got there first. */
    async setCheckout(tx: Executor, paymentId: number, sessionId: string, url: string | null) {
      await tx.execute(sql`
        update online_payments set checkout_session_id = ${sessionId}, checkout_url = ${url}, updated_at = now()
        where id = ${paymentId} and checkout_session_id is null`);
    },

    /** A payment, locked for a change of state; `clientId` scopes it to the signed-in client. */
    async lock(tx: Executor, paymentId: number, clientId?: number) {
      const { rows } = await tx.execute<PaymentRow>(sql`
        select ${paymentColumns} from online_payments p
        where p.id = ${paymentId} ${clientId === undefined ? sql`` : sql`and p.client_id = ${clientId}`}
        for update`);
      return paymentOf(rows[0]);
    },

    async markPaid(tx: Executor, paymentId: number, change: { intentId: string | null; sessionId: string }) {
      await tx.execute(sql`
        update online_payments set status = 'paid', paid_at = now(), ended_at = null,
          payment_intent_id = coalesce(${change.intentId}, payment_intent_id),
          checkout_session_id = coalesce(checkout_session_id, ${change.sessionId}), updated_at = now()
        where id = ${paymentId}`);
    },

    /** A card hold placed (decision 0158): its amount held on the card until captured or voided. */
    async markAuthorised(
      tx: Executor,
      paymentId: number,
      change: { intentId: string | null; sessionId: string },
    ) {
      await tx.execute(sql`
        update online_payments set status = 'authorised', authorised_at = now(), ended_at = null,
          payment_intent_id = coalesce(${change.intentId}, payment_intent_id),
          checkout_session_id = coalesce(checkout_session_id, ${change.sessionId}), updated_at = now()
        where id = ${paymentId}`);
    },

    /** The appointment a deposit's or hold's time became. */
    async setAppointment(tx: Executor, paymentId: number, appointmentId: number) {
      await tx.execute(sql`
        update online_payments set appointment_id = ${appointmentId}, updated_at = now() where id = ${paymentId}`);
    },

    async markExpired(tx: Executor, paymentId: number) {
      await tx.execute(sql`
        update online_payments set status = 'expired', ended_at = now(), updated_at = now()
        where id = ${paymentId} and status = 'pending'`);
    },

    /** What a settled payment's event and receipt name beyond its facts (payment-facts.ts). */
    async eventRefs(tx: Executor, paymentId: number) {
      const { rows } = await tx.execute<{
        invoice_ref: string | null;
        email: string | null;
        first_name: string | null;
        practice_name: string;
        owner_name: string | null;
        paid_at: Date | null;
        authorised_at: Date | null;
      }>(sql`
        select i.pms_ref as invoice_ref, c.email, c.first_name, pr.name as practice_name, pr.owner_name,
          p.paid_at, p.authorised_at
        from online_payments p join practices pr on pr.id = p.practice_id
        left join clients c on c.id = p.client_id
        left join practice_invoices i on i.id = p.invoice_id
        where p.id = ${paymentId}`);
      return rows[0]!;
    },

    /** A provider's event, taken once: false when its id was already applied. */
    async takeEvent(tx: Executor, eventId: string, type: string) {
      const { rows } = await tx.execute(sql`
        insert into payment_provider_events (event_id, type) values (${eventId}, ${type})
        on conflict (event_id) do nothing returning event_id`);
      return rows.length === 1;
    },
  };
}
export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
