/**
 * `npm run bench:lists`: loads the reference lists (decision 0096) into a new, empty database (DATABASE_URL's
 * server or an embedded one), then again with the data unchanged, and prints each load's seconds and
 * counts beside the targets (under 10 s empty, under 2 s unchanged). Prints numbers; asserts nothing
 * (decision 0023).
 */
import { loadavg } from 'node:os';
import { connectDatabase } from '@vet/db/connection';
import { loadReferenceLists, type ReferenceListsLoad } from '@vet/db/reference/load-reference-lists';
import { createScratchDatabase } from '@vet/db/scratch-database';
import { startBenchDatabaseServer } from './lib/bench/group-database.ts';

const TARGETS = { emptySeconds: 10, unchangedSeconds: 2 };

const server = await startBenchDatabaseServer('.data/bench-lists-postgres', 54396);
try {
  const database = await createScratchDatabase(server.url, 'bench_lists');
  const handle = connectDatabase(database.url, { max: 1 });
  try {
    const first = await loadReferenceLists(handle.pool);
    report('into the empty database', first, TARGETS.emptySeconds);
    const second = await loadReferenceLists(handle.pool);
    report('again, the data unchanged', second, TARGETS.unchangedSeconds);
  } finally {
    await handle.close();
    await database.drop();
  }
} finally {
  await server.stop();
}

function report(what: string, load: ReferenceListsLoad, target: number) {
  const met = load.seconds < target ? 'met' : 'NOT met';
  console.log(
    `Lists loaded ${what}: ${load.seconds.toFixed(2)} s (target < ${target} s: ${met}), ` +
      `${load.changed ? 'changed' : 'nothing changed'}; load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(', ')}`,
  );
  for (const [list, c] of Object.entries(load.lists))
    console.log(
      `  ${list.padEnd(20)} ${String(c.entries).padStart(5)} entries: ${c.added} added, ${c.changed} changed, ` +
        `${c.merged} merged, ${c.removed} removed; keys ${c.keysAdded} added, ${c.keysRemoved} removed`,
    );
  console.log(`  breed colours: ${load.breedColours.added} added, ${load.breedColours.removed} removed`);
}
