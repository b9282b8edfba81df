import { connectDatabase, type Database } from '@vet/db/connection';
import { getServerConfig } from '@/config/server';

/**
 * The session store's connection pool: one per server process, opened on first use. It lives on
 * globalThis so that development's hot reload does not open a new pool on every edit.
 */
const holder = globalThis as typeof globalThis & { portalSessionDatabase?: Database };

export function sessionDatabase(): Database {
  holder.portalSessionDatabase ??= connectDatabase(getServerConfig().databaseUrl, { max: 5 }).db;
  return holder.portalSessionDatabase;
}
