import { foreignKey, index, integer, pgTable, primaryKey, text, type PgColumn } from 'drizzle-orm/pg-core';
import { listKeyKind } from './enums.ts';

/**
 * A list's keys table (decision 0096): one row per key of an entry, deleted with it. `entryColumn` names
 * the entry's id column (`insurer_id`).
 */
export const listEntryKeys = (name: string, entryColumn: string, entry: () => PgColumn) =>
  pgTable(
    name,
    {
      entryId: integer(entryColumn).notNull().references(entry, { onDelete: 'cascade' }),
      key: text('key').notNull(),
      text: text('text').notNull(),
      kind: listKeyKind('kind').notNull(),
    },
    (t) => [primaryKey({ name: `${name}_pk`, columns: [t.key] }), index(`${name}_entry_idx`).on(t.entryId)],
  );

/**
 * The keys of a list whose entries belong to a species (breeds, colours): a key is unique within the
 * species, so the entry's species is beside it, held equal to the entry's by the foreign key.
 */
export const speciesListEntryKeys = (
  name: string,
  entryColumn: string,
  entry: () => [id: PgColumn, speciesId: PgColumn],
) =>
  pgTable(
    name,
    {
      entryId: integer(entryColumn).notNull(),
      speciesId: integer('species_id').notNull(),
      key: text('key').notNull(),
      text: text('text').notNull(),
      kind: listKeyKind('kind').notNull(),
    },
    (t) => [
      primaryKey({ name: `${name}_pk`, columns: [t.speciesId, t.key] }),
      index(`${name}_entry_idx`).on(t.entryId),
      foreignKey({ name: `${name}_entry_fk`, columns: [t.entryId, t.speciesId], foreignColumns: entry() })
        .onDelete('cascade')
        .onUpdate('cascade'),
    ],
  );
