import { maxBillPence } from '@vet/contracts/bill-rules';
import { paymentPurposes, paymentStatuses } from '@vet/contracts/payment-rules';
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
} from 'drizzle-orm/pg-core';
import { practiceInvoices } from './bills.ts';
import { clients } from './clients.ts';
import { requiredRef } from './columns.ts';
import { practices } from './practices.ts';

export const paymentPurpose = pgEnum('payment_purpose', paymentPurposes);
export const paymentStatus = pgEnum('payment_status', paymentStatuses);

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
