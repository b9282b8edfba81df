import { maxBillPence } from '@vet/contracts/bill-rules';
import {
  bookingPaymentAudiences,
  bookingPaymentKinds,
  maxBookingPaymentPence,
  minBookingPaymentPence,
  paymentPurposes,
  paymentStatuses,
  refundReasons,
  refundStatuses,
} from '@vet/contracts/payment-rules';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  primaryKey,
} from 'drizzle-orm/pg-core';
import { appointments, softBookings } from './appointments.ts';
import { practiceInvoices } from './bills.ts';
import { clients } from './clients.ts';
import { requiredRef } from './columns.ts';
import { appointmentReasons } from './lookups.ts';
import { practices } from './practices.ts';

export const paymentPurpose = pgEnum('payment_purpose', paymentPurposes);
export const paymentStatus = pgEnum('payment_status', paymentStatuses);
export const bookingPaymentKind = pgEnum('booking_payment_kind', bookingPaymentKinds);
export const bookingPaymentAudience = pgEnum('booking_payment_audience', bookingPaymentAudiences);
export const refundReason = pgEnum('refund_reason', refundReasons);
export const refundStatus = pgEnum('refund_status', refundStatuses);

/**
 * One attempt to pay online (issue 64, decision 0157): written before the provider is called, so the
 * provider's idempotency key (`payment-<id>`) exists before any money can; the provider's ids are added
 * as they come. A payment outlives its client's online account and its bill (set null): what was taken
 * must stay on record, and a refund owed is never blocked.
 */
export const onlinePayments = pgTable(
  'online_payments',
  {
    id: serial('id').primaryKey(),
    purpose: paymentPurpose('purpose').notNull(),
    status: paymentStatus('status').notNull().default('pending'),
    practiceId: requiredRef('practice_id', () => practices.id),
    clientId: integer('client_id').references(() => clients.id, { onDelete: 'set null' }),
    invoiceId: integer('invoice_id').references(() => practiceInvoices.id, { onDelete: 'set null' }),
    amountPence: integer('amount_pence').notNull(),
    currency: text('currency').notNull().default('GBP'),
    /** What the owner reads on the provider's page ("Bill INV-2041, Willowbrook Vets Didsbury"). */
    description: text('description').notNull(),
    provider: text('provider').notNull().default('stripe'),
    checkoutSessionId: text('checkout_session_id').unique(),
    checkoutUrl: text('checkout_url'),
    paymentIntentId: text('payment_intent_id').unique(),
    /** The provider's page closes then; so does the attempt, unless the provider says it was paid. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** The practice system's reference once it has recorded the payment in its till (acknowledged). */
    pmsRef: text('pms_ref').unique(),
    /** A deposit's or hold's time held while the owner pays, then its appointment (decision 0158). */
    softBookingId: uuid('soft_booking_id').references(() => softBookings.id, { onDelete: 'set null' }),
    appointmentId: integer('appointment_id').references(() => appointments.id, { onDelete: 'set null' }),
    /**
     * Cancelled before this, a deposit is refunded and a hold voided: the appointment's start less the
     * practice's cut-off, as shown before payment, moved with the appointment.
     */
    refundUntil: timestamp('refund_until', { withTimezone: true }),
    /** The practice's cut-off shown before payment: refundUntil is the appointment's start less this. */
    cutoffMinutes: integer('cutoff_minutes'),
    /** A card hold's authorisation: captured as a deposit by its sixth day if its visit is still ahead. */
    authorisedAt: timestamp('authorised_at', { withTimezone: true }),
    /** When the booking's rules last had their say (kept, released, captured, or a refund begun). */
    bookingSettledAt: timestamp('booking_settled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Two presses, two tabs: one attempt at a time per bill; the second is shown the first.
    uniqueIndex('online_payments_pending_invoice_unique')
      .on(t.invoiceId)
      .where(sql`${t.status} = 'pending' and ${t.invoiceId} is not null`),
    index('online_payments_client_idx').on(t.clientId, t.createdAt.desc()),
    // The sweep of attempts whose page has closed, and the day's reconciliation.
    index('online_payments_pending_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'pending'`),
    index('online_payments_created_idx').on(t.createdAt),
    check('online_payments_amount_ck', sql`${t.amountPence} between 1 and ${sql.raw(String(maxBillPence))}`),
    check('online_payments_currency_ck', sql`${t.currency} = 'GBP'`),
    check(
      'online_payments_booking_ck',
      sql`${t.purpose} = 'invoice' or (${t.refundUntil} is not null and ${t.cutoffMinutes} is not null)`,
    ),
    index('online_payments_appointment_idx').on(t.appointmentId),
    // The rules' pass over booking payments still to settle (a hold to void or capture, a deposit to give back).
    index('online_payments_booking_open_idx')
      .on(t.id)
      .where(
        sql`${t.purpose} <> 'invoice' and ${t.status} in ('paid', 'authorised', 'captured') and ${t.bookingSettledAt} is null`,
      ),
    check(
      'online_payments_invoice_ck',
      sql`${t.purpose} <> 'invoice' or ${t.invoiceId} is not null or ${t.status} <> 'pending'`,
    ),
  ],
);

/**
 * The provider's webhook events already applied, by the provider's event id: a second delivery of one
 * finds its id here and changes nothing (decision 0157). Stripe retries an event for three days; no
 * retention rule trims these ids yet (issue 64 goes on).
 */
export const paymentProviderEvents = pgTable(
  'payment_provider_events',
  {
    eventId: text('event_id').primaryKey(),
    type: text('type').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_provider_events_received_idx').on(t.receivedAt)],
);

/**
 * What a practice asks to book a reason online (decision 0158): a deposit or a card hold of an amount,
 * for everyone, clients new to the practice, or after a no-show; from the practice system or the operator.
 * No row: nothing is asked.
 */
export const bookingPaymentPolicies = pgTable(
  'booking_payment_policies',
  {
    practiceId: requiredRef('practice_id', () => practices.id, { onDelete: 'cascade' }),
    reasonId: requiredRef('reason_id', () => appointmentReasons.id, { onDelete: 'cascade' }),
    kind: bookingPaymentKind('kind').notNull(),
    amountPence: integer('amount_pence').notNull(),
    appliesTo: bookingPaymentAudience('applies_to').notNull().default('everyone'),
    /** `practice_system` or `operator`: a practice system's word replaces an operator's, and the reverse. */
    source: text('source').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.practiceId, t.reasonId] }),
    check(
      'booking_payment_policies_amount_ck',
      sql`${t.amountPence} between ${sql.raw(String(minBookingPaymentPence))} and ${sql.raw(String(maxBookingPaymentPence))}`,
    ),
    check('booking_payment_policies_source_ck', sql`${t.source} in ('practice_system', 'operator')`),
  ],
);

/**
 * A deposit or captured hold given back (decision 0158): one per payment, all of it, asked of the provider
 * with the key `refund-<id>` so a retry never refunds twice; retried by the worker until it succeeds or has
 * failed refundAttempts times, then reported. It outlives the client's account: a refund owed is paid.
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: serial('id').primaryKey(),
    // Kept as long as its payment, and with it (retention deletes the payment).
    paymentId: requiredRef('payment_id', () => onlinePayments.id, { onDelete: 'cascade' }).unique(),
    amountPence: integer('amount_pence').notNull(),
    reason: refundReason('reason').notNull(),
    status: refundStatus('status').notNull().default('pending'),
    providerRefundId: text('provider_refund_id').unique(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** The provider's code for the last failure (never its message, which may echo input). */
    lastError: text('last_error'),
    succeededAt: timestamp('succeeded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('payment_refunds_amount_ck', sql`${t.amountPence} > 0`),
    index('payment_refunds_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('payment_refunds_created_idx').on(t.createdAt),
  ],
);
