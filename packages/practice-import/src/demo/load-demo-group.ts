import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { practiceDate } from '@vet/contracts/practice-clock';
import { connectDatabase, type Database } from '@vet/db/connection';
import { loadReferenceLists } from '@vet/db/reference/load-reference-lists';
import { idpAccounts } from '@vet/db/schema/identity';
import { DEMO_ACCOUNTS } from '@vet/db/seed/demo-accounts';
import { seedDemoInvitations } from '@vet/db/seed/seed-invitations';
import { inArray } from 'drizzle-orm';
import { runImport } from '../run-import.ts';
import { seedDemoPortalRecords } from './demo-portal-records.ts';
import { rebaseDemoExport } from './rebase-demo-export.ts';
import { DEMO_GROUP_DIRECTORY } from './write-demo-export.ts';

/** An arbitrary constant (next to the migrations' lock): serialises concurrent loaders. */
const DEMO_LOAD_LOCK_ID = 7_354_120_002;

export interface LoadDemoGroupOptions {
  databaseUrl: string;
  /** The embedded identity provider's issuer: the demo accounts' identities are linked under it. */
  embeddedIssuer: string;
  /** What "today" is for the appointments, closures, ages and invitations; defaults to now. */
  now?: Date;
  /** Where the import's progress and summary go; by default nowhere. */
  output?: NodeJS.WritableStream;
}

/**
 * Fills a migrated database with the Willowbrook demo group the way a real group comes in: the reference
 * lists first, as production loads them (`npm run lists`, decision 0096), then the committed
 * practice-system export (packages/practice-import/demo-group), its own list entries included, moved onto
 * the current week and imported by `runImport`, then the records the portal owns (demo
 * sign-ins linked to their clients, preferences, invitations: demo-portal-records.ts). Decision 0064.
 *
 * Does nothing but bring the invitations up to date if the demo sign-ins exist (the last step, so a
 * load that stopped half-way is finished by the next: every step is idempotent). Concurrent loaders take
 * turns on an advisory lock.
 */
export async function loadDemoGroup(options: LoadDemoGroupOptions): Promise<{ loaded: boolean }> {
  const now = options.now ?? new Date();
  const handle = connectDatabase(options.databaseUrl, { max: 2 });
  const lock = await handle.pool.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [DEMO_LOAD_LOCK_ID]);
    if (await demoSignInsExist(handle.db)) {
      await handle.db.transaction((tx) => seedDemoInvitations(tx, now));
      return { loaded: false };
    }
    await loadReferenceLists(handle.pool);
    await importDemoExport(options, now);
    await handle.db.transaction((tx) =>
      seedDemoPortalRecords(tx, { embeddedIssuer: options.embeddedIssuer, now }),
    );
    return { loaded: true };
  } finally {
    await lock.query('select pg_advisory_unlock($1)', [DEMO_LOAD_LOCK_ID]).catch(() => {});
    lock.release();
    await handle.close();
  }
}

async function demoSignInsExist(db: Database): Promise<boolean> {
  const ids = DEMO_ACCOUNTS.map((a) => a.id);
  const found = await db.select({ id: idpAccounts.id }).from(idpAccounts).where(inArray(idpAccounts.id, ids));
  return found.length === ids.length;
}

const nowhere = () =>
  new Writable({
    write(_chunk, _encoding, done) {
      done();
    },
  });

/** The committed export moved onto this week, imported; any refusal stops the load, naming it. */
async function importDemoExport(options: LoadDemoGroupOptions, now: Date): Promise<void> {
  const directory = mkdtempSync(join(tmpdir(), 'demo-group-'));
  try {
    rebaseDemoExport(DEMO_GROUP_DIRECTORY, directory, now);
    const errors: string[] = [];
    const result = await runImport({
      directory,
      databaseUrl: options.databaseUrl,
      progress: 'none',
      today: practiceDate(now),
      stdout: options.output ?? nowhere(),
      stderr: new Writable({
        write(chunk: Buffer, _encoding, done) {
          errors.push(chunk.toString().trim());
          done();
        },
      }),
    });
    if (result.exitCode !== 0) {
      const refusals = result.refusals
        .slice(0, 10)
        .map((r) => `${r.file} line ${r.line}${r.column ? ` (${r.column})` : ''}: ${r.reason}`);
      throw new Error(
        `The demo group's import ended with status ${result.exitCode}: ${[...errors, ...refusals].join('; ')}`,
      );
    }
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}
