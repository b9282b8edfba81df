import type { BookingPaymentAudience, BookingPaymentKind, RefundReason } from '@vet/contracts/payment-rules';
import { noShowLookbackDays } from '@vet/contracts/payment-rules';
import type { Executor } from '@vet/db/connection';
import { sql } from 'drizzle-orm';
import { departureReasonCodes } from '../../appointments/index.ts';
import type { PaymentRow } from '../checkout/index.ts';
import type { BookingFacts } from './booking-payment-rules.ts';

export type PolicyRow = {
  kind: BookingPaymentKind;
  amount_pence: number;
  applies_to: BookingPaymentAudience;
};

/** A booking payment as the rules read it, locked: its appointment's state and its refund, if any. */
export interface LockedBookingPayment extends BookingFacts {
  id: number;
  practiceId: number;
  clientId: number | null;
  amountPence: number;
  paymentIntentId: string | null;
  refund: (BookingFacts['refund'] & { id: number; providerRefundId: string | null; attempts: number }) | null;
}

const dateOf = (value: Date | string | null) => (value === null ? null : new Date(value));

/** The SQL of deposits and card holds at booking (decision 0158). */
export const bookingPaymentsRepository = {
  /**
   * The practice's policy for the reason, if it applies to this client: to everyone, to a client with no
   * completed appointment at the practice, or to one with a no-show in the last year.
   */
  async policyFor(db: Executor, clientId: number, practiceId: number, reasonId: number, now: Date) {
    const since = new Date(now.getTime() - noShowLookbackDays * 86_400_000).toISOString();
    const { rows } = await db.execute<PolicyRow>(sql`
      select p.kind, p.amount_pence, p.applies_to from booking_payment_policies p
      where p.practice_id = ${practiceId} and p.reason_id = ${reasonId}
        and (p.applies_to = 'everyone'
          or (p.applies_to = 'new_clients' and not exists (
                select 1 from appointments a
                where a.client_id = ${clientId} and a.practice_id = ${practiceId} and a.status = 'Completed'))
          or (p.applies_to = 'after_no_show' and exists (
                select 1 from appointments a
                where a.client_id = ${clientId} and a.status = 'NoShow' and a.starts_at > ${since})))`);
    return rows[0];
  },

  async hasPayment(db: Executor, appointmentId: number) {
    const { rows } = await db.execute(sql`
      select 1 from online_payments where appointment_id = ${appointmentId} and purpose <> 'invoice' limit 1`);
    return rows.length > 0;
  },

  /** The client's page still open for this pet's start, so a second press is sent to the same page. */
  async openFor(db: Executor, clientId: number, petId: number, startsAt: Date) {
    const { rows } = await db.execute<{ id: number; checkout_url: string | null; expires_at: Date }>(sql`
      select p.id, p.checkout_url, p.expires_at from online_payments p
      join soft_bookings s on s.id = p.soft_booking_id
      where p.client_id = ${clientId} and p.status = 'pending' and s.pet_id = ${petId}
        and s.starts_at = ${startsAt.toISOString()} and s.status = 'Held'
      order by p.id desc limit 1`);
    const row = rows[0];
    return row ? { ...row, expires_at: new Date(row.expires_at) } : undefined;
  },

  async insert(
    tx: Executor,
    payment: {
      purpose: BookingPaymentKind;
      practiceId: number;
      clientId: number;
      amountPence: number;
      description: string;
      expiresAt: Date;
      softBookingId: string;
      refundUntil: Date;
      cutoffMinutes: number;
    },
  ): Promise<number> {
    const { rows } = await tx.execute<{ id: number }>(sql`
      insert into online_payments (purpose, practice_id, client_id, amount_pence, description, expires_at,
        soft_booking_id, refund_until, cutoff_minutes)
      values (${payment.purpose}, ${payment.practiceId}, ${payment.clientId}, ${payment.amountPence},
        ${payment.description}, ${payment.expiresAt.toISOString()}, ${payment.softBookingId},
        ${payment.refundUntil.toISOString()}, ${payment.cutoffMinutes})
      returning id`);
    return rows[0]!.id;
  },

  /** A booking payment with what its rules need, under its lock (the payment's row, then its refund's). */
  async lock(tx: Executor, paymentId: number): Promise<LockedBookingPayment | undefined> {
    const { rows } = await tx.execute<{
      id: number;
      purpose: PaymentRow['purpose'];
      status: PaymentRow['status'];
      practice_id: number;
      client_id: number | null;
      amount_pence: number;
      payment_intent_id: string | null;
      refund_until: Date | string;
      cutoff_minutes: number;
      authorised_at: Date | string | null;
      a_status: 'Booked' | 'Cancelled' | 'Completed' | 'NoShow' | null;
      a_starts_at: Date | string | null;
      a_cancelled_at: Date | string | null;
      a_cancelled_by: 'client' | 'practice' | null;
      a_pet_died: boolean | null;
      r_id: number | null;
      r_status: 'pending' | 'succeeded' | 'failed' | null;
      r_reason: RefundReason | null;
      r_provider_refund_id: string | null;
      r_attempts: number | null;
      r_next_attempt_at: Date | string | null;
    }>(sql`
      select p.id, p.purpose, p.status, p.practice_id, p.client_id, p.amount_pence, p.payment_intent_id, p.refund_until,
        p.cutoff_minutes, p.authorised_at,
        a.status as a_status, a.starts_at as a_starts_at, a.cancelled_at as a_cancelled_at,
        a.cancelled_by as a_cancelled_by,
        (cr.source = 'portal' and cr.code = ${departureReasonCodes.Deceased}) as a_pet_died,
        r.id as r_id, r.status as r_status, r.reason as r_reason, r.provider_refund_id as r_provider_refund_id,
        r.attempts as r_attempts, r.next_attempt_at as r_next_attempt_at
      from online_payments p
      left join appointments a on a.id = p.appointment_id
      left join cancellation_reasons cr on cr.id = a.cancellation_reason_id
      left join payment_refunds r on r.payment_id = p.id
      where p.id = ${paymentId} and p.purpose <> 'invoice'
      for update of p`);
    const row = rows[0];
    if (!row) return undefined;
    return {
      id: row.id,
      purpose: row.purpose as BookingPaymentKind,
      status: row.status,
      practiceId: row.practice_id,
      clientId: row.client_id,
      amountPence: row.amount_pence,
      paymentIntentId: row.payment_intent_id,
      refundUntil: new Date(row.refund_until),
      cutoffMinutes: row.cutoff_minutes,
      authorisedAt: dateOf(row.authorised_at),
      appointment:
        row.a_status === null
          ? null
          : {
              status: row.a_status,
              startsAt: new Date(row.a_starts_at!),
              cancelledAt: dateOf(row.a_cancelled_at),
              cancelledBy: row.a_cancelled_by,
              cancelledAsPetDied: row.a_pet_died === true,
            },
      refund:
        row.r_id === null
          ? null
          : {
              id: row.r_id,
              status: row.r_status!,
              reason: row.r_reason!,
              providerRefundId: row.r_provider_refund_id,
              attempts: row.r_attempts ?? 0,
              nextAttemptAt: new Date(row.r_next_attempt_at!),
            },
    };
  },

  /** The rules had their say: the sweep passes the payment by until a refund is due again. */
  async markSettled(tx: Executor, paymentId: number) {
    await tx.execute(
      sql`update online_payments set booking_settled_at = now(), updated_at = now() where id = ${paymentId}`,
    );
  },

  async insertRefund(tx: Executor, paymentId: number, amountPence: number, reason: RefundReason) {
    const { rows } = await tx.execute<{ id: number }>(sql`
      insert into payment_refunds (payment_id, amount_pence, reason) values (${paymentId}, ${amountPence}, ${reason})
      on conflict (payment_id) do nothing returning id`);
    return rows[0]?.id;
  },

  async refundAsked(tx: Executor, refundId: number, providerRefundId: string) {
    await tx.execute(sql`
      update payment_refunds set provider_refund_id = coalesce(provider_refund_id, ${providerRefundId}),
        next_attempt_at = now() + interval '5 minutes', updated_at = now()
      where id = ${refundId} and status = 'pending'`);
  },

  /** A refund's attempt failed: tried again later, or given up and reported after the last (answers which). */
  async refundAttemptFailed(tx: Executor, refundId: number, code: string, retryAt: Date | null) {
    const { rows } = await tx.execute<{ attempts: number; status: string }>(sql`
      update payment_refunds set attempts = attempts + 1, last_error = ${code},
        status = case when ${retryAt === null} then 'failed'::refund_status else status end,
        next_attempt_at = coalesce(${retryAt?.toISOString() ?? null}::timestamptz, next_attempt_at),
        updated_at = now()
      where id = ${refundId} and status = 'pending' returning attempts, status::text`);
    return rows[0];
  },

  async refundSucceeded(tx: Executor, refundId: number, providerRefundId: string) {
    const { rows } = await tx.execute<{ payment_id: number; succeeded_at: Date }>(sql`
      update payment_refunds set status = 'succeeded', provider_refund_id = ${providerRefundId},
        succeeded_at = now(), updated_at = now()
      where id = ${refundId} and status = 'pending' returning payment_id, succeeded_at`);
    if (rows[0]) {
      await tx.execute(sql`
        update online_payments set status = 'refunded', ended_at = now(), updated_at = now()
        where id = ${rows[0].payment_id}`);
    }
    return rows[0];
  },

  async refundByProviderId(tx: Executor, providerRefundId: string) {
    const { rows } = await tx.execute<{ id: number; payment_id: number }>(sql`
      select id, payment_id from payment_refunds where provider_refund_id = ${providerRefundId}`);
    return rows[0];
  },

  /** A hold voided or captured at the provider: the payment's new state, once. */
  async holdMoved(tx: Executor, paymentId: number, to: 'voided' | 'captured') {
    const { rows } = await tx.execute<{ id: number }>(sql`
      update online_payments set status = ${to}::payment_status, updated_at = now(),
        paid_at = case when ${to} = 'captured' then now() else paid_at end,
        ended_at = case when ${to} = 'voided' then now() else ended_at end
      where id = ${paymentId} and status = 'authorised' returning id`);
    return rows.length === 1;
  },

  /** Booking payments the rules may have something to do for, oldest first. */
  async due(db: Executor, now: Date, lapseBefore: Date, limit: number) {
    const { rows } = await db.execute<{ id: number }>(sql`
      select p.id from online_payments p
      left join appointments a on a.id = p.appointment_id
      left join payment_refunds r on r.payment_id = p.id
      where p.purpose <> 'invoice' and p.status in ('paid', 'authorised', 'captured')
        and ((p.booking_settled_at is null
              and (a.id is null or a.status <> 'Booked'
                   or (p.status = 'authorised' and p.authorised_at < ${lapseBefore.toISOString()}
                       and a.starts_at > ${now.toISOString()})))
          or (r.status = 'pending' and r.next_attempt_at <= ${now.toISOString()}))
      order by p.id limit ${limit}`);
    return rows.map((row) => row.id);
  },
};
