import type pg from 'pg';

/** A secondary structure of a table: an index, or a constraint that has one or checks other rows. */
interface Structure {
  table: string;
  name: string;
  /** `f` foreign key, `u` unique, `x` exclusion, `i` plain index. */
  kind: 'f' | 'u' | 'x' | 'i';
  definition: string;
}

/**
 * The foreign keys, unique and exclusion constraints and plain indexes of the tables, read from the
 * catalogue (so a new migration's index is covered without editing the benchmark). Primary keys and
 * CHECK constraints stay: other tables' keys point at the first, and the second cost little per row.
 * Foreign keys of other tables that point INTO these tables are listed too, since dropping a unique
 * constraint they rely on needs them gone first.
 */
async function secondaryStructures(client: pg.Client, tables: readonly string[]): Promise<Structure[]> {
  const constraints = await client.query<Structure>(
    `select c.conrelid::regclass::text as table, c.conname as name, c.contype as kind,
            pg_get_constraintdef(c.oid) as definition
       from pg_constraint c
      where c.contype in ('f', 'u', 'x')
        and (c.conrelid::regclass::text = any($1) or (c.contype = 'f' and c.confrelid::regclass::text = any($1)))`,
    [tables],
  );
  const indexes = await client.query<Structure>(
    `select i.tablename as table, i.indexname as name, 'i' as kind, i.indexdef as definition
       from pg_indexes i
      where i.schemaname = 'public' and i.tablename = any($1)
        and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
    [tables],
  );
  const seen = new Set<string>();
  return [...constraints.rows, ...indexes.rows].filter((s) => {
    const key = `${s.table}.${s.name}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Runs a bulk load with the tables' secondary structures dropped, then puts every one back: indexes and
 * unique/exclusion constraints are built once over the loaded rows (far faster than maintained row by
 * row), and each foreign key is validated in one join. Nothing is skipped: a loaded row that breaks a
 * constraint makes its re-creation fail, and the load with it.
 */
export async function loadWithoutSecondaryStructures(
  client: pg.Client,
  tables: readonly string[],
  load: () => Promise<void>,
  log: (line: string) => void,
): Promise<void> {
  const structures = await secondaryStructures(client, tables);
  const order: Structure['kind'][] = ['f', 'u', 'x', 'i'];
  for (const kind of order) {
    for (const s of structures.filter((candidate) => candidate.kind === kind)) {
      await client.query(
        kind === 'i'
          ? `drop index ${quoted(s.name)}`
          : `alter table ${s.table} drop constraint ${quoted(s.name)}`,
      );
    }
  }
  await load();
  for (const kind of [...order].reverse()) {
    for (const s of structures.filter((candidate) => candidate.kind === kind)) {
      const started = performance.now();
      await client.query(
        kind === 'i'
          ? s.definition
          : `alter table ${s.table} add constraint ${quoted(s.name)} ${s.definition}`,
      );
      log(`  ${s.table}.${s.name}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
  }
}
