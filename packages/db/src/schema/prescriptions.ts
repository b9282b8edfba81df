import {
  defaultMaxQuantity,
  maxQuantityLimit,
  medicineCategories,
  prescriptionRequestStatuses,
  supplyMethods,
} from '@vet/contracts/prescription-rules';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { clients, pets } from './clients.ts';
import { clinicians } from './clinicians.ts';
import { requiredRef } from './columns.ts';
import { practices } from './practices.ts';
import { pmsRef, recordVersion } from './pms-ref.ts';

export const medicineCategory = pgEnum('medicine_category', medicineCategories);
export const supplyMethod = pgEnum('supply_method', supplyMethods);
export const prescriptionRequestStatus = pgEnum('prescription_request_status', prescriptionRequestStatuses);

/**
 * A pet's current medicine as the practice system sends it (medications.csv, decision 0111): always the
 * system's (a reference is required). What a repeat may be asked for, and the rules the practice applies
 * to it: repeatable, repeats left (null: the practice does not count them), the review date, the most of
 * it one request may ask for.
 */
export const petMedications = pgTable(
  'pet_medications',
  {
    id: serial('id').primaryKey(),
    pmsRef: text('pms_ref').notNull().unique(),
    version: recordVersion(),
    petId: requiredRef('pet_id', () => pets.id, { onDelete: 'cascade' }),
    medicine: text('medicine').notNull(),
    strength: text('strength'),
    doseInstructions: text('dose_instructions'),
    category: medicineCategory('category').notNull().default('POM-V'),
    prescribedOn: date('prescribed_on').notNull(),
    clinicianId: integer('clinician_id').references(() => clinicians.id, { onDelete: 'set null' }),
    repeatable: boolean('repeatable').notNull().default(true),
    repeatsLeft: smallint('repeats_left'),
    reviewDue: date('review_due'),
    maxQuantity: smallint('max_quantity').notNull().default(defaultMaxQuantity),
    unit: text('unit').notNull().default('pack'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('pet_medications_pet_idx').on(t.petId),
    check('pet_medications_repeats_ck', sql`${t.repeatsLeft} is null or ${t.repeatsLeft} >= 0`),
    check(
      'pet_medications_quantity_ck',
      sql`${t.maxQuantity} between 1 and ${sql.raw(String(maxQuantityLimit))}`,
    ),
  ],
);

/**
 * A client's request for repeats of their pet's medicines, sent to the practice (prescription.requested)
 * and answered by it through the integration API. The fee is the written prescription's, fixed when sent.
 */
export const prescriptionRequests = pgTable(
  'prescription_requests',
  {
    id: serial('id').primaryKey(),
    clientId: requiredRef('client_id', () => clients.id, { onDelete: 'cascade' }),
    petId: requiredRef('pet_id', () => pets.id, { onDelete: 'cascade' }),
    practiceId: requiredRef('practice_id', () => practices.id),
    supply: supplyMethod('supply').notNull(),
    feePence: integer('fee_pence').notNull().default(0),
    note: text('note'),
    status: prescriptionRequestStatus('status').notNull().default('Requested'),
    /** The practice's words with its answer (a declined request's reason). */
    answerMessage: text('answer_message'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** Where a connector wrote the request in the practice system (decision 0121): its record's id. */
    pmsRef: pmsRef(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('prescription_requests_client_idx').on(t.clientId, t.createdAt),
    check('prescription_requests_fee_ck', sql`${t.feePence} >= 0`),
  ],
);

/** One medicine of a request, as it was when asked for (the medicine may later be removed). */
export const prescriptionRequestItems = pgTable(
  'prescription_request_items',
  {
    id: serial('id').primaryKey(),
    requestId: requiredRef('request_id', () => prescriptionRequests.id, { onDelete: 'cascade' }),
    medicationId: integer('medication_id').references(() => petMedications.id, { onDelete: 'set null' }),
    medicationRef: text('medication_ref').notNull(),
    medicine: text('medicine').notNull(),
    strength: text('strength'),
    quantity: smallint('quantity').notNull(),
    unit: text('unit').notNull(),
  },
  (t) => [
    index('prescription_request_items_request_idx').on(t.requestId),
    check('prescription_request_items_quantity_ck', sql`${t.quantity} >= 1`),
  ],
);

/**
 * The CMA's cap on a written prescription's fee (decision 0142), dated: the cap in force on a day is the
 * row of the latest effective_from on or before it. Loaded from the reference data
 * (written-prescription-caps.csv) by `portal-admin lists`; a row is never rewritten, so a fee quoted
 * under an earlier cap is still explained by its row.
 */
export const writtenPrescriptionCaps = pgTable(
  'written_prescription_caps',
  {
    effectiveFrom: date('effective_from', { mode: 'string' }).primaryKey(),
    firstPence: integer('first_pence').notNull(),
    furtherPence: integer('further_pence').notNull(),
  },
  (t) => [check('written_prescription_caps_pence_ck', sql`${t.firstPence} >= 0 and ${t.furtherPence} >= 0`)],
);
