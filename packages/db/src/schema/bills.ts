import {
  estimateAnswers,
  estimateStatuses,
  invoiceStatuses,
  maxBillPence,
  vatRates,
} from '@vet/contracts/bill-rules';
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  numeric,
  pgEnum,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { clients, pets } from './clients.ts';
import { clinicians } from './clinicians.ts';
import { requiredRef } from './columns.ts';
import { importFingerprint, practiceRecordColumns } from './pms-ref.ts';
import { practices } from './practices.ts';

export const estimateStatus = pgEnum('estimate_status', estimateStatuses);
export const estimateAnswer = pgEnum('estimate_answer', estimateAnswers);
export const invoiceStatus = pgEnum('invoice_status', invoiceStatuses);
export const vatRate = pgEnum('vat_rate', vatRates);

const maxPence = sql.raw(String(maxBillPence));

/** What an estimate and an invoice share: the practice system's record of a client's treatment's cost. */
const billColumns = () => ({
  ...practiceRecordColumns(),
  importFingerprint: importFingerprint(),
  practiceId: requiredRef('practice_id', () => practices.id, { onDelete: 'cascade' }),
  clientId: requiredRef('client_id', () => clients.id, { onDelete: 'cascade' }),
  clinicianId: integer('clinician_id').references(() => clinicians.id, { onDelete: 'set null' }),
  /** What it is for, in the practice's words ("Dental under anaesthetic"). */
  title: text('title'),
  issuedOn: date('issued_on').notNull(),
  currency: text('currency').notNull().default('GBP'),
  /** VAT included; the lines add up to it to the penny (decision 0151). */
  totalPence: integer('total_pence').notNull(),
  vatPence: integer('vat_pence').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What the practice estimates a treatment will cost, as its system sends it, and the owner's answer given
 * in the portal. `revision` counts changes of the total (migration 0060's trigger); a revision that rises
 * by the dated threshold over the total agreed clears the answer, so the owner is asked again.
 */
export const practiceEstimates = pgTable(
  'practice_estimates',
  {
    ...billColumns(),
    expiresOn: date('expires_on'),
    status: estimateStatus('status').notNull().default('proposed'),
    /** The practice's terms the owner reads before answering. */
    terms: text('terms'),
    revision: integer('revision').notNull().default(1),
    /** The total before the latest revision, shown beside the new one. */
    previousTotalPence: integer('previous_total_pence'),
    revisedAt: timestamp('revised_at', { withTimezone: true }),
    answer: estimateAnswer('answer'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    answeredRevision: integer('answered_revision'),
    /** The total the owner agreed to: what a later revision is measured against. */
    agreedTotalPence: integer('agreed_total_pence'),
    declineReason: text('decline_reason'),
    /** The revision the owner was last e-mailed about (null: none yet). */
    notifiedRevision: integer('notified_revision'),
  },
  (t) => [
    index('practice_estimates_client_idx').on(t.clientId, t.issuedOn.desc(), t.id.desc()),
    // Retention's daily scan by age (decision 0151: six years after issue), and the e-mail scan's week.
    index('practice_estimates_issued_idx').on(t.issuedOn).concurrently(),
    // The e-mail scan's revisions of the last week (decision 0153), beside its new estimates by issued_on.
    index('practice_estimates_revised_idx').on(t.revisedAt).concurrently(),
    check('practice_estimates_currency_ck', sql`${t.currency} = 'GBP'`),
    check(
      'practice_estimates_total_ck',
      sql`${t.totalPence} between 0 and ${maxPence} and ${t.vatPence} between 0 and ${t.totalPence}`,
    ),
    check(
      'practice_estimates_answer_ck',
      sql`(${t.answer} is null) = (${t.answeredAt} is null)
          and (${t.answer} <> 'declined' or ${t.declineReason} is not null)`,
    ),
  ],
);

/**
 * What a visit cost, as the practice system sends it. `paid_pence` is what the practice system says is
 * paid so far; what is due is the total less it (the next issue's payments settle that).
 */
export const practiceInvoices = pgTable(
  'practice_invoices',
  {
    ...billColumns(),
    dueOn: date('due_on'),
    status: invoiceStatus('status').notNull().default('issued'),
    paidPence: integer('paid_pence').notNull().default(0),
    /** The estimate it settles, where the practice system links them. */
    estimateId: integer('estimate_id').references(() => practiceEstimates.id, { onDelete: 'set null' }),
    /** When the owner was e-mailed about it (null: not yet, or too old to e-mail when it arrived). */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [
    index('practice_invoices_client_idx').on(t.clientId, t.issuedOn.desc(), t.id.desc()),
    // Retention's daily scan by age (decision 0151: six years after issue), and the e-mail scan's week.
    index('practice_invoices_issued_idx').on(t.issuedOn).concurrently(),
    check('practice_invoices_currency_ck', sql`${t.currency} = 'GBP'`),
    check(
      'practice_invoices_total_ck',
      sql`${t.totalPence} between 0 and ${maxPence} and ${t.vatPence} between 0 and ${t.totalPence}
          and ${t.paidPence} >= 0`,
    ),
  ],
);

/**
 * One line of an estimate or an invoice. Quantity has up to three decimals; the unit price is VAT
 * exclusive and may be negative (a discount); the total is VAT inclusive (bill-rules.ts lineAmounts).
 */
const lineColumns = () => ({
  id: serial('id').primaryKey(),
  lineNo: smallint('line_no').notNull(),
  petId: integer('pet_id').references(() => pets.id, { onDelete: 'set null' }),
  description: text('description').notNull(),
  quantity: numeric('quantity', { precision: 12, scale: 3 }).notNull(),
  unitPricePence: integer('unit_price_pence').notNull(),
  vatRate: vatRate('vat_rate').notNull(),
  totalPence: integer('total_pence').notNull(),
});

export const practiceEstimateLines = pgTable(
  'practice_estimate_lines',
  {
    estimateId: requiredRef('estimate_id', () => practiceEstimates.id, { onDelete: 'cascade' }),
    ...lineColumns(),
  },
  (t) => [
    unique('practice_estimate_lines_line_unique').on(t.estimateId, t.lineNo),
    index('practice_estimate_lines_pet_idx').on(t.petId, t.estimateId),
    check('practice_estimate_lines_quantity_ck', sql`${t.quantity} > 0`),
  ],
);

export const practiceInvoiceLines = pgTable(
  'practice_invoice_lines',
  {
    invoiceId: requiredRef('invoice_id', () => practiceInvoices.id, { onDelete: 'cascade' }),
    ...lineColumns(),
  },
  (t) => [
    unique('practice_invoice_lines_line_unique').on(t.invoiceId, t.lineNo),
    index('practice_invoice_lines_pet_idx').on(t.petId, t.invoiceId),
    check('practice_invoice_lines_quantity_ck', sql`${t.quantity} > 0`),
  ],
);

/**
 * When a revised estimate asks the owner again (bill-rules.ts revisionAsksAgain), by the day a threshold
 * is in force; history is kept, as the written prescription fee caps are.
 */
export const estimateRevisionThresholds = pgTable(
  'estimate_revision_thresholds',
  {
    effectiveFrom: date('effective_from').primaryKey(),
    percent: smallint('percent').notNull(),
    amountPence: integer('amount_pence').notNull(),
  },
  (t) => [
    check('estimate_revision_thresholds_ck', sql`${t.percent} between 1 and 100 and ${t.amountPence} > 0`),
  ],
);
