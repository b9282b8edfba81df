import { practiceTimeZone } from '@vet/contracts/practice-clock';
import { defaultPrescriptionReviewMonths } from '@vet/contracts/prescription-rules';
import { requiredRef } from './columns.ts';
import { practiceRecordColumns } from './pms-ref.ts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  time,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * A practice of the group. Booking rules default to R9.21's values. Every practice keeps UK time: the
 * clock the API computes slots with and the web and the e-mails write times in (decision 0055).
 */
export const practices = pgTable(
  'practices',
  {
    ...practiceRecordColumns(),
    name: text('name').notNull(),
    addressLine1: text('address_line1').notNull(),
    addressLine2: text('address_line2'),
    town: text('town').notNull(),
    county: text('county'),
    postcode: text('postcode').notNull(),
    phone: text('phone').notNull(),
    email: text('email'),
    /** Who owns the practice, as the group records it (decision 0104); null when not given. */
    ownerName: text('owner_name'),
    /** The VAT registration number a bill names (issue 63: an itemised bill is a VAT invoice). */
    vatNumber: text('vat_number'),
    timeZone: text('time_zone').notNull().default(practiceTimeZone),
    /** Listed by GET /online-practices. */
    isOnline: boolean('is_online').notNull().default(true),
    /** R4.15: a practice's online registration is available or unavailable. */
    onlineRegistrationAvailable: boolean('online_registration_available').notNull().default(true),
    slotGridMinutes: smallint('slot_grid_minutes').notNull().default(15),
    minNoticeMinutes: integer('min_notice_minutes').notNull().default(120),
    horizonDays: smallint('horizon_days').notNull().default(56),
    cancellationCutoffMinutes: integer('cancellation_cutoff_minutes').notNull().default(120),
    /** Decision 0111: a prescription-only medicine is repeated only for a pet a vet saw within this. */
    prescriptionReviewMonths: smallint('prescription_review_months')
      .notNull()
      .default(defaultPrescriptionReviewMonths),
    /**
     * Decisions 0111, 0142, 0148: the written prescription's fee, first medicine and each further one;
     * null: the practice sets none, and charges the cap in force on the day (never a constant).
     */
    writtenPrescriptionFeePence: integer('written_prescription_fee_pence'),
    writtenPrescriptionFurtherFeePence: integer('written_prescription_further_fee_pence'),
    /**
     * Issue 66 (decision 0165): the practice answers owners' messages within this many opening hours;
     * null: it takes no messages online (the page says to call).
     */
    messageAnswerHours: smallint('message_answer_hours'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('practices_time_zone_uk_ck', sql`${t.timeZone} = ${sql.raw(`'${practiceTimeZone}'`)}`),
    check('practices_prescription_review_ck', sql`${t.prescriptionReviewMonths} between 1 and 36`),
    check('practices_message_answer_hours_ck', sql`${t.messageAnswerHours} between 1 and 168`),
    // No check of the written prescription's fee: its cap is dated (written_prescription_caps, decision
    // 0142), so the import and the API refuse a fee above the cap in force on the day it is set.
  ],
);

/** R3.10: feature settings are pairs of featureKey and value (e.g. 'Online Booking Enabled' = 'True'). */
export const practiceFeatureSettings = pgTable(
  'practice_feature_settings',
  {
    practiceId: requiredRef('practice_id', () => practices.id, { onDelete: 'cascade' }),
    featureKey: text('feature_key').notNull(),
    value: text('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.practiceId, t.featureKey] })],
);

/** Opening hours in the practice's local time; ISO day of week, 1 = Monday. */
export const practiceOpeningHours = pgTable(
  'practice_opening_hours',
  {
    practiceId: requiredRef('practice_id', () => practices.id, { onDelete: 'cascade' }),
    dayOfWeek: smallint('day_of_week').notNull(),
    opensAt: time('opens_at').notNull(),
    closesAt: time('closes_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.practiceId, t.dayOfWeek] })],
);
