import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  unique,
} from 'drizzle-orm/pg-core';
import { clinicianType, speciesCode } from './enums.ts';
import { pmsRef } from './pms-ref.ts';

export const salutations = pgTable('salutations', {
  id: serial('id').primaryKey(),
  description: text('description').notNull().unique(),
  sortOrder: smallint('sort_order').notNull().default(0),
});

export const species = pgTable('species', {
  id: serial('id').primaryKey(),
  code: speciesCode('code').notNull(),
  name: text('name').notNull().unique(),
  sortOrder: smallint('sort_order').notNull().default(0),
});

export const breeds = pgTable(
  'breeds',
  {
    id: serial('id').primaryKey(),
    speciesId: integer('species_id')
      .notNull()
      .references(() => species.id),
    name: text('name').notNull(),
  },
  (t) => [unique('breeds_species_name_uq').on(t.speciesId, t.name)],
);

export const colours = pgTable(
  'colours',
  {
    id: serial('id').primaryKey(),
    speciesId: integer('species_id')
      .notNull()
      .references(() => species.id),
    name: text('name').notNull(),
  },
  (t) => [unique('colours_species_name_uq').on(t.speciesId, t.name)],
);

/** Which colours a breed comes in: colours belong to a species and breed (R3.7). */
export const breedColours = pgTable(
  'breed_colours',
  {
    breedId: integer('breed_id')
      .notNull()
      .references(() => breeds.id, { onDelete: 'cascade' }),
    colourId: integer('colour_id')
      .notNull()
      .references(() => colours.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.breedId, t.colourId] })],
);

export const insurers = pgTable('insurers', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});

/** Online appointment reasons. A reason with no species rows applies to every species. */
export const appointmentReasons = pgTable('appointment_reasons', {
  id: serial('id').primaryKey(),
  pmsRef: pmsRef(),
  name: text('name').notNull().unique(),
  durationMinutes: smallint('duration_minutes').notNull(),
  clinicianType: clinicianType('clinician_type').notNull(),
  isInitialConsultation: boolean('is_initial_consultation').notNull().default(false),
  isOnline: boolean('is_online').notNull().default(true),
  sortOrder: smallint('sort_order').notNull().default(0),
});

export const appointmentReasonSpecies = pgTable(
  'appointment_reason_species',
  {
    reasonId: integer('reason_id')
      .notNull()
      .references(() => appointmentReasons.id, { onDelete: 'cascade' }),
    speciesId: integer('species_id')
      .notNull()
      .references(() => species.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.reasonId, t.speciesId] }),
    index('reason_species_species_idx').on(t.speciesId),
  ],
);

export const cancellationReasons = pgTable('cancellation_reasons', {
  id: serial('id').primaryKey(),
  description: text('description').notNull().unique(),
  sortOrder: smallint('sort_order').notNull().default(0),
});

/** The embedded address lookup's small UK data set (a real group plugs in a lookup service). */
export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    line1: text('line1').notNull(),
    line2: text('line2'),
    town: text('town').notNull(),
    county: text('county'),
    postcode: text('postcode').notNull(),
    /** Upper-case postcode without spaces, for lookup by postcode. */
    postcodeKey: text('postcode_key').notNull(),
  },
  (t) => [index('addresses_postcode_key_idx').on(t.postcodeKey)],
);
