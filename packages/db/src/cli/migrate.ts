import { appRolesVariable, DatabaseRoleError, parseAppRoles } from '../database-roles.ts';
import { migrateStep } from '../migrate-step.ts';

/**
 * `npm run migrate` (from sources) and `node dist/migrate/migrate.mjs` (the production build): brings the
 * database at DATABASE_URL up to date, then exits. A deployment runs it once before its instances start,
 * which do not migrate at start-up in production (decision 0068). Safe to run again, or by two at once.
 * In production it connects as the migrating role, which owns the schema, and grants the roles named in
 * DATABASE_APP_ROLES what the apps use (decision 0092). The operator's `migrate` runs the same step.
 */
// A one-shot command with three settings, so it reads them here rather than through an app config.
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

// How long an ordinary migration waits for a table's lock before the step fails (decision 0125).
const lockTimeoutSetting = process.env.MIGRATE_LOCK_TIMEOUT_MS;
if (lockTimeoutSetting !== undefined && !/^[1-9]\d{0,6}$/.test(lockTimeoutSetting)) {
  console.error('migrate: MIGRATE_LOCK_TIMEOUT_MS must be a whole number of milliseconds, 1 to 9999999.');
  process.exit(1);
}

process.exitCode = await migrateStep(
  databaseUrl,
  grantTo,
  { out: (line) => console.log(line), err: (line) => console.error(line) },
  { lockTimeoutMs: lockTimeoutSetting === undefined ? undefined : Number(lockTimeoutSetting) },
);
