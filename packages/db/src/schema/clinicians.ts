import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  time,
  timestamp,
} from 'drizzle-orm/pg-core';
import { requiredRef } from './columns.ts';
import { clinicianType } from './enums.ts';
import { pmsRef, practiceRecordColumns } from './pms-ref.ts';
import { practices } from './practices.ts';

/** Clients see a clinician's type, never the name (R3.11). */
export const clinicians = pgTable(
  'clinicians',
  {
    ...practiceRecordColumns(),
    practiceId: requiredRef('practice_id', () => practices.id),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    type: clinicianType('type').notNull().default('Unknown'),
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    index('clinicians_practice_idx').on(t.practiceId),
    // The slot search reads a practice's active clinicians of one type.
    index('clinicians_practice_type_idx').on(t.practiceId, t.type),
  ],
);

/** A weekly working period in the practice's local time; ISO day of week, 1 = Monday. */
export const clinicianRotaShifts = pgTable(
  'clinician_rota_shifts',
  {
    id: serial('id').primaryKey(),
    pmsRef: pmsRef(),
    clinicianId: requiredRef('clinician_id', () => clinicians.id, { onDelete: 'cascade' }),
    dayOfWeek: smallint('day_of_week').notNull(),
    startsAt: time('starts_at').notNull(),
    endsAt: time('ends_at').notNull(),
    validFrom: date('valid_from'),
    validTo: date('valid_to'),
  },
  (t) => [index('rota_shifts_clinician_idx').on(t.clinicianId)],
);

/** A break inside a shift, in the practice's local time. */
export const clinicianRotaBreaks = pgTable(
  'clinician_rota_breaks',
  {
    id: serial('id').primaryKey(),
    shiftId: requiredRef('shift_id', () => clinicianRotaShifts.id, { onDelete: 'cascade' }),
    startsAt: time('starts_at').notNull(),
    endsAt: time('ends_at').notNull(),
  },
  // The slot search reads a practice's breaks with its shifts (one statement).
  (t) => [index('rota_breaks_shift_idx').on(t.shiftId)],
);

/** A closure of a whole practice (clinicianId null) or a clinician's absence. */
export const closures = pgTable(
  'closures',
  {
    ...practiceRecordColumns(),
    practiceId: requiredRef('practice_id', () => practices.id, { onDelete: 'cascade' }),
    clinicianId: integer('clinician_id').references(() => clinicians.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    reason: text('reason'),
  },
  (t) => [index('closures_practice_idx').on(t.practiceId, t.startsAt)],
);
