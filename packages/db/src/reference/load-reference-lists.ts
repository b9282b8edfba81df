import pg from 'pg';
import { lockSpaces } from '../lock-spaces.ts';
import { syncBreedColours } from './breed-colour-links.ts';
import { bumpListsVersion } from './lists-version.ts';
import { planList, type ListPlan } from './list-plan.ts';
import { listTables, loadOrder, type ListTable } from './list-tables.ts';
import { writeListPlan, type ListCounts } from './list-writes.ts';
import {
  ReferenceDataRefused,
  readReferenceData,
  referenceDataDirectory,
  type ListName,
  type ReferenceProblem,
} from './reference-files.ts';
import { countReferences, readStoredList, type StoredList } from './stored-lists.ts';
import { planCaps, writeCaps } from './written-prescription-caps.ts';

export { ReferenceDataRefused } from './reference-files.ts';
export type { ListCounts } from './list-writes.ts';

export interface LoadReferenceListsOptions {
  /** The folder of the lists' files; by default the reference data shipped with the portal. */
  directory?: string;
  /** Work everything out and count it, then roll it back: nothing is written. */
  dryRun?: boolean;
}

export interface ReferenceListsLoad {
  lists: Record<ListName, ListCounts>;
  /** Links of breeds to the colours they come in (breed-colour-links.ts). */
  breedColours: { added: number; removed: number };
  /** The written prescription fee's caps (written-prescription-caps.ts, decision 0142): lines, and days added. */
  writtenPrescriptionCaps: { entries: number; added: number };
  /** Whether anything was (or, in a dry run, would be) written. */
  changed: boolean;
  seconds: number;
}

/**
 * Loads the reference lists (decision 0096) into the database: species, breeds, colours, insurers,
 * salutations and cancellation reasons from the data files, and the written prescription fee's dated caps
 * (decision 0142), in one transaction, one load at a time.
 * Idempotent: the same data again writes nothing. An entry renamed is renamed in place; one merged into
 * another (its code `replaced_by` the other's) moves what names it there first; a row from before the
 * lists, or a group's own entry, of an entry's name or code becomes that entry. Refused, with nothing
 * written, when a file is (reference-files.ts), or when an entry the data no longer lists is still named
 * by a pet or appointment: the refusal names the entry. Never touches clients, pets or appointments
 * except to move them off a merged entry. `db` is a pool (a connection is taken) or a connection.
 */
export async function loadReferenceLists(
  db: pg.Pool | pg.ClientBase,
  options: LoadReferenceListsOptions = {},
): Promise<ReferenceListsLoad> {
  const started = performance.now();
  const data = readReferenceData(options.directory);
  const pooled = db instanceof pg.Pool ? await db.connect() : undefined;
  const client = pooled ?? (db as pg.ClientBase);
  let failed = false;
  try {
    await client.query('begin');
    await client.query('select pg_advisory_xact_lock($1, 0)', [lockSpaces.referenceLists]);
    // Every list is worked out and checked before anything is written: a refusal writes nothing.
    const planned = new Map<ListName, { plan: ListPlan; stored: StoredList }>();
    const problems: ReferenceProblem[] = [];
    let newSpecies = -1;
    const plannedSpecies = new Map<string, number>();
    for (const list of loadOrder) {
      const table = listTables[list];
      const stored = await readStoredList(client, table);
      // A species not stored yet has no breeds to check: a stand-in id until it is written.
      const plan = planList(table, data[list], stored, (code) => plannedSpecies.get(code) ?? null);
      if (list === 'species')
        for (const d of plan.entries) plannedSpecies.set(d.entry.code, d.id ?? newSpecies--);
      problems.push(...plan.problems, ...(await orphans(client, table, plan, stored)));
      planned.set(list, { plan, stored });
    }
    const caps = await planCaps(client, options.directory ?? referenceDataDirectory);
    problems.push(...caps.problems);
    if (problems.length > 0) throw new ReferenceDataRefused(problems);

    const lists = {} as Record<ListName, ListCounts>;
    const speciesIds = new Map<string, number>();
    for (const list of loadOrder) {
      const table = listTables[list];
      let { plan, stored } = planned.get(list)!;
      if (table.ofSpecies) {
        // Again, now that every species has its id (and a species merged has moved its breeds).
        stored = await readStoredList(client, table);
        plan = planList(table, data[list], stored, (code) => speciesIds.get(code) ?? null);
        const refused = [...plan.problems, ...(await orphans(client, table, plan, stored))];
        if (refused.length > 0) throw new ReferenceDataRefused(refused);
      }
      lists[list] = await writeListPlan(client, table, plan, stored);
      if (list === 'species') for (const d of plan.entries) speciesIds.set(d.entry.code, d.id!);
    }
    const breedColours = await syncBreedColours(client, data);
    const capsAdded = await writeCaps(client, caps);
    const listsChanged =
      breedColours.added + breedColours.removed > 0 ||
      Object.values(lists).some(
        (c) => c.added + c.changed + c.merged + c.removed + c.keysAdded + c.keysRemoved > 0,
      );
    // The caps are no list the forms offer: a cap added leaves the lists' version as it is.
    if (listsChanged) await bumpListsVersion(client);
    await client.query(options.dryRun ? 'rollback' : 'commit');
    return {
      lists,
      breedColours,
      writtenPrescriptionCaps: { entries: caps.entries, added: capsAdded },
      changed: listsChanged || capsAdded > 0,
      seconds: (performance.now() - started) / 1000,
    };
  } catch (error) {
    failed = !(error instanceof ReferenceDataRefused);
    await client.query('rollback').catch(() => {
      failed = true;
    });
    throw error;
  } finally {
    // A connection in an unknown state is dropped rather than given back.
    pooled?.release(failed ? true : undefined);
  }
}

/** The plan's removals and moves of a species that something still names: each is refused by name. */
async function orphans(
  client: pg.ClientBase,
  table: ListTable,
  plan: ListPlan,
  stored: StoredList,
): Promise<ReferenceProblem[]> {
  const rows = [...plan.removals, ...plan.speciesMoves];
  const counts = await countReferences(
    client,
    stored.references,
    rows.map((r) => r.id),
  );
  return rows.flatMap((row) => {
    const named = counts.get(row.id);
    if (!named) return [];
    const by = named.map((n) => `${n.count} ${n.table}`).join(', ');
    const change = plan.removals.includes(row) ? 'is no longer in the list' : 'would move to another species';
    return [
      {
        file: table.list,
        line: 0,
        reason: `${table.noun} "${row.name}" (${row.code}) ${change}, but ${by} name it: keep it, or give its code a replaced_by`,
      },
    ];
  });
}
