import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { requiredRef } from './columns.ts';
import { clinicianType, listSource, speciesCode } from './enums.ts';
import { listEntryKeys, speciesListEntryKeys } from './list-keys.ts';
import { practiceRecordColumns } from './pms-ref.ts';

/**
 * Where a row of a list comes from (decision 0096): `vbo` (the Vertebrate Breed Ontology) or `portal` (the
 * portal's own reference data), both loaded by `npm run lists`; `group`, a group's own entry with its
 * practice system's code; null, a row from before the reference lists (or a test's own), left as it is.
 * `code` is the entry's code in its source: a VBO id, the portal's code, the group's code. For species it
 * is the specification's enumeration (the `code` column); a species has no source code of its own.
 */
const sourced = () => ({
  source: listSource('source'),
  code: text('code'),
});

/** An entry of a source has its code there; a row from before the lists has neither. */
const codedBySource = (table: string, t: { source: unknown; code: unknown }) =>
  check(`${table}_source_code_ck`, sql`(${t.source} is null) = (${t.code} is null)`);

/**
 * Moved by the lists' writers with each change to a list or its keys, in their transaction
 * (reference/lists-version.ts; migration 0034): a process holding the lists (the integration API's
 * matching) reads them again when it moved. One row; read in the same snapshot as the lists, it says
 * which lists that snapshot saw.
 */
export const listsVersion = pgTable(
  'lists_version',
  {
    one: boolean('one').primaryKey().default(true),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('lists_version_one_ck', sql`${t.one}`)],
);

export const salutations = pgTable(
  'salutations',
  {
    id: serial('id').primaryKey(),
    description: text('description').notNull().unique(),
    sortOrder: smallint('sort_order').notNull().default(0),
    ...sourced(),
  },
  (t) => [unique('salutations_source_code_uq').on(t.source, t.code), codedBySource('salutations', t)],
);

export const species = pgTable(
  'species',
  {
    id: serial('id').primaryKey(),
    code: speciesCode('code').notNull(),
    name: text('name').notNull().unique(),
    sortOrder: smallint('sort_order').notNull().default(0),
    source: listSource('source'),
  },
  // The reference lists hold one species per code of the specification.
  (t) => [
    uniqueIndex('species_listed_code_uq')
      .on(t.code)
      .where(sql`${t.source} is not null`),
  ],
);

/**
 * A list whose entries belong to a species (breeds, colours): a name once per species, a code once per
 * source, and (id, species) unique as the target of its keys' pair (breed_keys' (breed_id, species_id)).
 */
const speciesList = <TName extends string>(name: TName) =>
  pgTable(
    name,
    {
      id: serial('id').primaryKey(),
      speciesId: requiredRef('species_id', () => species.id),
      name: text('name').notNull(),
      ...sourced(),
    },
    (t) => [
      unique(`${name}_species_name_uq`).on(t.speciesId, t.name),
      unique(`${name}_source_code_uq`).on(t.source, t.code),
      unique(`${name}_id_species_uq`).on(t.id, t.speciesId),
      codedBySource(name, t),
    ],
  );

export const breeds = speciesList('breeds');

export const colours = speciesList('colours');

/** Which colours a breed comes in: colours belong to a species and breed (R3.7). */
export const breedColours = pgTable(
  'breed_colours',
  {
    breedId: requiredRef('breed_id', () => breeds.id, { onDelete: 'cascade' }),
    colourId: requiredRef('colour_id', () => colours.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.breedId, t.colourId] })],
);

export const insurers = pgTable(
  'insurers',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull().unique(),
    ...sourced(),
  },
  (t) => [unique('insurers_source_code_uq').on(t.source, t.code), codedBySource('insurers', t)],
);

/** Online appointment reasons. A reason with no species rows applies to every species. */
export const appointmentReasons = pgTable('appointment_reasons', {
  ...practiceRecordColumns(),
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
    reasonId: requiredRef('reason_id', () => appointmentReasons.id, { onDelete: 'cascade' }),
    speciesId: requiredRef('species_id', () => species.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.reasonId, t.speciesId] }),
    index('reason_species_species_idx').on(t.speciesId),
  ],
);

export const cancellationReasons = pgTable(
  'cancellation_reasons',
  {
    id: serial('id').primaryKey(),
    description: text('description').notNull().unique(),
    sortOrder: smallint('sort_order').notNull().default(0),
    ...sourced(),
  },
  (t) => [
    unique('cancellation_reasons_source_code_uq').on(t.source, t.code),
    codedBySource('cancellation_reasons', t),
  ],
);

/**
 * The keys each list entry is matched by (decision 0096): its name, synonyms and source codes, as
 * written (`text`) and in their matching form (`key`: list-key.ts, without case, spacing or punctuation).
 * A key names one entry of its list (of its species, for breeds and colours): the unique indexes refuse a
 * synonym claimed by two. Rows from before the lists have none; their names are matched from the list.
 */
export const salutationKeys = listEntryKeys('salutation_keys', 'salutation_id', () => salutations.id);
export const speciesKeys = listEntryKeys('species_keys', 'species_id', () => species.id);
export const insurerKeys = listEntryKeys('insurer_keys', 'insurer_id', () => insurers.id);
export const cancellationReasonKeys = listEntryKeys(
  'cancellation_reason_keys',
  'cancellation_reason_id',
  () => cancellationReasons.id,
);
export const breedKeys = speciesListEntryKeys('breed_keys', 'breed_id', () => [breeds.id, breeds.speciesId]);
export const colourKeys = speciesListEntryKeys('colour_keys', 'colour_id', () => [
  colours.id,
  colours.speciesId,
]);

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
