import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { pets } from './clients.ts';
import { requiredRef } from './columns.ts';
import { importFingerprint, recordVersion } from './pms-ref.ts';

/**
 * A vaccination the practice's system recorded: always theirs (a reference is required). The portal shows
 * them on the pet's health record and reminds of the due ones (roadmap: between visits).
 */
export const vaccinations = pgTable(
  'vaccinations',
  {
    id: serial('id').primaryKey(),
    pmsRef: text('pms_ref').notNull().unique(),
    version: recordVersion(),
    importFingerprint: importFingerprint(),
    petId: requiredRef('pet_id', () => pets.id, { onDelete: 'cascade' }),
    vaccine: text('vaccine').notNull(),
    givenOn: date('given_on').notNull(),
    dueOn: date('due_on'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('vaccinations_pet_idx').on(t.petId),
    // Vaccination reminders look up the doses due on a day (decision 0085).
    index('vaccinations_due_idx').on(t.dueOn),
    check('vaccinations_due_after_given_ck', sql`${t.dueOn} is null or ${t.dueOn} >= ${t.givenOn}`),
  ],
);
