import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';

export type Database = NodePgDatabase;

/** The database or a transaction: repositories' reads and writes run in either. */
export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

export interface DatabaseHandle {
  db: Database;
  pool: pg.Pool;
  close: () => Promise<void>;
}

export interface ConnectionOptions {
  /** Connections in the pool (DATABASE_POOL_MAX in the apps): 10 unless given. */
  max?: number;
  /**
   * PostgreSQL's statement_timeout for every connection, in milliseconds (DATABASE_STATEMENT_TIMEOUT_MS):
   * a runaway query fails instead of holding a connection for ever. Unset or 0: the server's own.
   */
  statementTimeoutMs?: number | undefined;
  /** Names the connections in pg_stat_activity (`portal-api:requests`…), so each pool's share is seen. */
  applicationName?: string;
  /**
   * The URL is a transaction-mode pooler's (DATABASE_POOLER=transaction, decision 0128): statements go
   * unnamed, as a pooler before PgBouncer 1.21 hands each transaction any server connection, where a
   * statement named on another one does not exist.
   */
  transactionPooler?: boolean;
}

export function connectDatabase(url: string, options: ConnectionOptions = {}): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    // Sent as a start-up parameter, so it is each session's default: `reset statement_timeout` returns to it.
    ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
    ...(options.applicationName ? { application_name: options.applicationName } : {}),
  });
  if (options.transactionPooler) pool.on('connect', sendStatementsUnnamed);
  // An idle client's error (e.g. the server restarting) must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  // A client checked out between two queries (inside a transaction) has no listener of the pool's: the
  // server going away then emits an 'error' nobody hears, which would crash the process. Its next query
  // fails instead, and the pool drops the broken client when it is released.
  pool.on('connect', (client) => client.on('error', () => {}));
  return { db: drizzle(pool), pool, close: () => pool.end() };
}

/** Drops the name of each statement the client is given (decision 0026's names; decision 0128). */
function sendStatementsUnnamed(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const unnamed = (config: unknown, ...rest: unknown[]) =>
    query(
      config !== null && typeof config === 'object' && 'name' in config
        ? { ...config, name: undefined }
        : config,
      ...rest,
    );
  client.query = unnamed as typeof client.query;
}

/**
 * A connection of its own, outside any pool (a LISTEN, a session's temporary tables), connected. Its
 * 'error' events are swallowed until the caller listens: a connection lost between queries then fails
 * the next query rather than ending the process unheard. Ended again when it cannot connect.
 */
export async function connectClient(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {});
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => {});
    throw error;
  }
  return client;
}
