import { connectDatabase } from './connection.ts';
import { pendingMigrations, runMigrations } from './migrate.ts';

export interface MigrateStepOutput {
  out: (line: string) => void;
  err: (line: string) => void;
}

/**
 * The migrate step (decisions 0068, 0092): brings the database at `databaseUrl` up to date, grants the
 * roles in `grantTo` the apps' privileges, and says what it did, one line a step. Returns the exit status:
 * 0 done, 1 failed. `npm run migrate`, `node dist/migrate/migrate.mjs` and the operator's `migrate` run it.
 */
export async function migrateStep(
  databaseUrl: string,
  grantTo: readonly string[],
  { out, err }: MigrateStepOutput,
  { lockTimeoutMs }: { lockTimeoutMs?: number } = {},
): Promise<0 | 1> {
  const handle = connectDatabase(databaseUrl, { max: 2 });
  try {
    const pending = await pendingMigrations(handle.pool);
    await runMigrations(handle.pool, { grantTo, lockTimeoutMs });
    // Counts and role names only: the URL holds a password.
    out(
      pending === 0 ? 'migrate: the database was up to date.' : `migrate: applied ${pending} migration(s).`,
    );
    if (grantTo.length > 0) out(`migrate: granted the apps' privileges to ${grantTo.join(', ')}.`);
    return 0;
  } catch (error) {
    // The database's own words (an SQLSTATE and message about the schema), never the URL.
    err(`migrate: failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await handle.close();
  }
}
