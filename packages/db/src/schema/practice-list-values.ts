import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  check,
  foreignKey,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { PracticeValueList } from '@vet/contracts/integration-list-values';
import { appointmentReasons, breeds, colours, insurers, salutations, species } from './lookups.ts';

export { practiceValueLists, type PracticeValueList } from '@vet/contracts/integration-list-values';

/**
 * A value a practice system wrote that no entry of the portal's list matched (decision 0131): kept as the
 * system wrote it, so that its record is applied, until the group maps it to an entry. One row per list,
 * practice system, species (breeds and colours are matched within one) and matching key (`listKey`);
 * `text` is the value as first written, `code` the system's own id of it where one came. The entry it is
 * mapped to is in the column of its list (one of them, or none while unmapped): real foreign keys, so the
 * reference lists' load moves them with a merge.
 * A record naming an unmapped value holds its id (pets.breed_value_id, …); mapping the value gives those
 * records the entry and clears their id, and every later record of that system is matched to the entry.
 */
export const practiceListValues = pgTable(
  'practice_list_values',
  {
    id: serial('id').primaryKey(),
    list: text('list').$type<PracticeValueList>().notNull(),
    /** `group` (import files, the integration API) or `connector:<name>` (decision 0131). */
    practiceSystem: text('practice_system').notNull(),
    /** The species a breed or colour was read for; null for the other lists. */
    speciesId: integer('species_id').references(() => species.id),
    key: text('key').notNull(),
    text: text('text').notNull(),
    /**
     * The system's own id of the value, where its records carry one (ezyVet's breed_id, as text): the
     * first given, filled in when the value was first written without one; never part of the key.
     */
    code: text('code'),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    mappedAt: timestamp('mapped_at', { withTimezone: true }),
    mappedSpeciesId: integer('mapped_species_id').references(() => species.id),
    mappedBreedId: integer('mapped_breed_id'),
    mappedColourId: integer('mapped_colour_id'),
    mappedInsurerId: integer('mapped_insurer_id').references(() => insurers.id),
    mappedSalutationId: integer('mapped_salutation_id').references(() => salutations.id),
  },
  (t) => [
    // A breed or colour is mapped within the species it was read for.
    foreignKey({
      name: 'practice_list_values_breed_fk',
      columns: [t.mappedBreedId, t.speciesId],
      foreignColumns: [breeds.id, breeds.speciesId],
    }),
    foreignKey({
      name: 'practice_list_values_colour_fk',
      columns: [t.mappedColourId, t.speciesId],
      foreignColumns: [colours.id, colours.speciesId],
    }),
    uniqueIndex('practice_list_values_value_uq').on(
      t.list,
      t.practiceSystem,
      sql`coalesce(${t.speciesId}, 0)`,
      t.key,
    ),
    check(
      'practice_list_values_list_ck',
      sql`${t.list} in ('species', 'breeds', 'colours', 'insurers', 'salutations')`,
    ),
    check(
      'practice_list_values_species_ck',
      sql`(${t.speciesId} is not null) = (${t.list} in ('breeds', 'colours'))`,
    ),
    // A mapped value names one entry, of its own list; an unmapped one none.
    check(
      'practice_list_values_mapped_ck',
      sql`(${t.mappedAt} is not null) = (num_nonnulls(${t.mappedSpeciesId}, ${t.mappedBreedId}, ${t.mappedColourId}, ${t.mappedInsurerId}, ${t.mappedSalutationId}) = 1)
        and (${t.mappedSpeciesId} is null or ${t.list} = 'species')
        and (${t.mappedBreedId} is null or ${t.list} = 'breeds')
        and (${t.mappedColourId} is null or ${t.list} = 'colours')
        and (${t.mappedInsurerId} is null or ${t.list} = 'insurers')
        and (${t.mappedSalutationId} is null or ${t.list} = 'salutations')`,
    ),
  ],
);

/**
 * A record's unmapped value as the practice system wrote it (null when the record names an entry), for a
 * select list: `recordedText(pets.breedValueId)`.
 */
export const recordedText = (valueId: AnyPgColumn) =>
  sql<
    string | null
  >`(select ${practiceListValues.text} from ${practiceListValues} where ${practiceListValues.id} = ${valueId})`;

/**
 * A species an appointment reason lists that no species entry matched (decision 0131): the reason is
 * open to Other meanwhile, and takes the species the value is mapped to.
 */
export const appointmentReasonSpeciesValues = pgTable(
  'appointment_reason_species_values',
  {
    reasonId: integer('reason_id').notNull(),
    valueId: integer('value_id').notNull(),
  },
  (t) => [
    primaryKey({ name: 'reason_species_values_pk', columns: [t.reasonId, t.valueId] }),
    foreignKey({
      name: 'reason_species_values_reason_fk',
      columns: [t.reasonId],
      foreignColumns: [appointmentReasons.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'reason_species_values_value_fk',
      columns: [t.valueId],
      foreignColumns: [practiceListValues.id],
    }),
  ],
);
