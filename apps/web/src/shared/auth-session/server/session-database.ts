import { connectDatabase, type Database, type DatabaseHandle } from '@vet/db/connection';
import { DatabaseRoleError, refuseSuperuser } from '@vet/db/database-roles';
import { getServerConfig } from '@/config/server';

/**
 * The session store's connection pool: one per server process, opened on first use. It lives on
 * globalThis so that development's hot reload does not open a new pool on every edit.
 *
 * Size: every use is one short statement (read, touch, claim, store); a token refresh holds no
 * connection while the provider answers (active-session.ts), so concurrent refreshes of many sessions
 * need connections only for their few milliseconds in the database. Ten covers a burst of page loads
 * and refreshes together (DATABASE_POOL_MAX, 10 unless set); waiting requests queue in the pool rather than
 * failing.
 */
const holder = globalThis as typeof globalThis & { portalSessionDatabase?: DatabaseHandle };

function sessionHandle(): DatabaseHandle {
  const { databaseUrl, database } = getServerConfig();
  holder.portalSessionDatabase ??= connectDatabase(databaseUrl, {
    max: database.poolMax,
    applicationName: 'portal-web',
    transactionPooler: database.transactionPooler,
  });
  return holder.portalSessionDatabase;
}

export function sessionDatabase(): Database {
  return sessionHandle().db;
}

/**
 * At start-up (instrumentation.ts): in production the session store connects as the app role, never as a
 * superuser, unless DATABASE_ALLOW_SUPERUSER=true (decision 0092). Like a bad variable, a refusal stops
 * the server with the reason alone; so does a database that cannot be asked, as the API and the
 * identity provider stop when theirs does not answer at start-up.
 */
export async function checkSessionDatabaseRole(
  exit: (code: number) => never = (code) => process.exit(code),
): Promise<void> {
  if (!getServerConfig().refuseDatabaseSuperuser) return;
  try {
    await refuseSuperuser(sessionHandle().pool, 'The web server');
  } catch (error) {
    console.error(
      error instanceof DatabaseRoleError
        ? error.message
        : `The web server refuses to start: it could not ask the database at DATABASE_URL which role it ` +
            `connects as (${(error as { code?: string }).code ?? (error as Error).name}).`,
    );
    exit(1);
  }
}
