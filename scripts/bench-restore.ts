/**
 * `npm run bench:restore`: how long a base backup and a restore take (decision 0124), for the demo group
 * and a 1 % group (5 of the 500-practice group's practices, generated as the other benchmarks generate the
 * group: lib/bench/group-data-set.ts; BENCH_SCALE sets another fraction). Each group is loaded into a
 * PostgreSQL cluster of its own that archives its WAL (the server binaries installed on the machine, as the
 * restore test uses them), then timed: `pg_basebackup -X stream -c fast` while the server runs, and the
 * restore docs/operations.md's runbook describes (the backup copied into a fresh folder, the archive's WAL
 * replayed, promoted, the first query answered). Prints the database's size, both times and the rows found
 * after the restore; asserts nothing (decision 0023). Durable settings (fsync on), as production.
 */
import { execFileSync } from 'node:child_process';
import { connectDatabase } from '@vet/db/connection';
import { runMigrations } from '@vet/db/migrate';
import { ensureDatabase } from '@vet/db/server';
import {
  archiveCurrentWal,
  clusterWorkspace,
  findServerBinaries,
  missingBinariesMessage,
  PostgresCluster,
} from '@vet/db/testing/postgres-cluster';
import { loadDemoGroup } from '@vet/practice-import/demo/load-demo-group';
import pg from 'pg';
import { groupShape, seedGroup, totals } from './lib/bench/group-data-set.ts';

const bin = findServerBinaries();
if (!bin) throw new Error(missingBinariesMessage);
const scale = Number(process.env.BENCH_SCALE ?? '0.01');
const log = (line: string) => console.log(line);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

interface Group {
  name: string;
  load: (url: string) => Promise<void>;
}

const groups: Group[] = [
  {
    name: 'the demo group',
    load: async (url) => {
      await loadDemoGroup({ databaseUrl: url, embeddedIssuer: 'http://localhost:4100' });
    },
  },
  {
    name: `a ${(scale * 100).toLocaleString('en-GB')} % group`,
    load: async (url) => {
      const shape = groupShape(scale);
      const count = totals(shape);
      log(`  ${count.practices} practices, ${count.clients} clients, ${count.appointments} appointments`);
      await seedGroup(url, shape, (line) => log(`  ${line}`));
    },
  },
];

const results: string[] = [];
for (const group of groups) {
  log(`\n${group.name}: loading…`);
  const clusters = new PostgresCluster(bin);
  const work = clusterWorkspace('portal-bench-restore');
  try {
    const archive = work.folder('archive');
    await clusters.init(work.folder('source'), archive);
    const source = await clusters.start(`${work.root}/source`);
    await ensureDatabase(source.url('postgres'), 'portal');
    const handle = connectDatabase(source.url('portal'), { max: 1 });
    await runMigrations(handle.pool).finally(() => handle.close());
    await group.load(source.url('portal'));
    await archiveCurrentWal(source.url('portal'));
    const size = await scalar(
      source.url('portal'),
      'select pg_size_pretty(pg_database_size(current_database()))',
    );
    const rows = await scalar(source.url('portal'), 'select count(*)::text from appointments');

    const backupStarted = performance.now();
    await clusters.baseBackup(source, work.folder('backup'));
    const backupMs = performance.now() - backupStarted;
    await source.stop();

    const restoreStarted = performance.now();
    const restored = await clusters.restore(`${work.root}/backup`, work.folder('restored'), {
      archiveFrom: archive,
      archiveDir: work.folder('restored-archive'),
    });
    const found = await scalar(restored.url('portal'), 'select count(*)::text from appointments');
    const restoreMs = performance.now() - restoreStarted;
    const line =
      `${group.name}: database ${size}, backup ${du(`${work.root}/backup`)} on disk; ` +
      `base backup ${seconds(backupMs)}, restore ${seconds(restoreMs)} ` +
      `(${found} of ${rows} appointments back)`;
    log(line);
    results.push(line);
  } finally {
    await clusters.stopAll();
    work.remove();
  }
}
log(`\nBackup and restore (PostgreSQL binaries: ${bin}):`);
for (const line of results) log(`  ${line}`);

/** The folder's size on disk, as `du -sh` prints it. */
function du(path: string): string {
  return execFileSync('du', ['-sh', path], { encoding: 'utf8' }).split('\t')[0] ?? '?';
}

async function scalar(url: string, query: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<Record<string, string>>(query);
    return Object.values(rows[0] ?? {})[0] ?? '';
  } finally {
    await client.end();
  }
}
