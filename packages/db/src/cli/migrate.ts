import { connectDatabase } from '../connection.ts';
import { appRolesVariable, DatabaseRoleError, parseAppRoles } from '../database-roles.ts';
import { pendingMigrations, runMigrations } from '../migrate.ts';

/**
 * `npm run migrate` (from sources) and `node dist/migrate/migrate.mjs` (the production build): brings the
 * database at DATABASE_URL up to date, then exits. A deployment runs it once before its instances start,
 * which do not migrate at start-up in production (decision 0068). Safe to run again, or by two at once.
 * In production it connects as the migrating role, which owns the schema, and grants the roles named in
 * DATABASE_APP_ROLES what the apps use (decision 0092).
 */
// A one-shot command with two settings, so it reads them here rather than through an app config.
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error('DATABASE_URL is not set. Example: DATABASE_URL=postgres://postgres@127.0.0.1:5432/portal');
  process.exit(1);
}
let grantTo: string[];
try {
  grantTo = parseAppRoles(process.env[appRolesVariable]);
} catch (error) {
  if (!(error instanceof DatabaseRoleError)) throw error;
  console.error(`migrate: ${error.message}`);
  process.exit(1);
}

const handle = connectDatabase(databaseUrl, { max: 2 });
try {
  const pending = await pendingMigrations(handle.pool);
  await runMigrations(handle.pool, { grantTo });
  // Counts and role names only: the URL holds a password.
  console.log(
    pending === 0 ? 'migrate: the database was up to date.' : `migrate: applied ${pending} migration(s).`,
  );
  if (grantTo.length > 0) console.log(`migrate: granted the apps' privileges to ${grantTo.join(', ')}.`);
} catch (error) {
  // The database's own words (an SQLSTATE and message about the schema), never the URL.
  console.error(`migrate: failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await handle.close();
}
