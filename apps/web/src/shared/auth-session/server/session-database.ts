import { connectDatabase, type Database } from '@vet/db/connection';
import { getServerConfig } from '@/config/server';

/**
 * The session store's connection pool: one per server process, opened on first use. It lives on
 * globalThis so that development's hot reload does not open a new pool on every edit.
 *
 * Size: every use is one short statement (read, touch, claim, store); a token refresh holds no
 * connection while the provider answers (active-session.ts), so concurrent refreshes of many sessions
 * need connections only for their few milliseconds in the database. Ten covers a burst of page loads
 * and refreshes together; waiting requests queue in the pool rather than failing.
 */
export const SESSION_POOL_SIZE = 10;
const holder = globalThis as typeof globalThis & { portalSessionDatabase?: Database };

export function sessionDatabase(): Database {
  holder.portalSessionDatabase ??= connectDatabase(getServerConfig().databaseUrl, {
    max: SESSION_POOL_SIZE,
  }).db;
  return holder.portalSessionDatabase;
}
