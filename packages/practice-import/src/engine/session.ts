import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { connectClient } from '@vet/db/connection';
import type pg from 'pg';

/**
 * The import's one connection: the staging tables are temporary tables of this session, and the apply is
 * one transaction on it. Settings are the session's own: sorts and hashes over millions of staged rows
 * stay in memory on the server (the import process's own memory stays flat whatever they are).
 */
export interface Session {
  client: pg.Client;
  /** The same connection for the libraries that take a Drizzle executor (lookup lists, practice lane). */
  db: NodePgDatabase;
  query<Row extends pg.QueryResultRow = Record<string, unknown>>(
    text: string,
    values?: unknown[],
  ): Promise<Row[]>;
  close(): Promise<void>;
  /**
   * The bulk import's big inserts may skip the row triggers of foreign keys (apply/row-triggers.ts):
   * true only when the role may set session_replication_role.
   */
  skipsRowTriggers?: boolean;
}

export class DatabaseUnavailable extends Error {}

export async function openSession(databaseUrl: string): Promise<Session> {
  // A connection lost between queries must fail the next query, not crash the process unheard.
  const client = await connectClient(databaseUrl).catch((error: unknown) => {
    throw new DatabaseUnavailable(`the database could not be reached (${errorCode(error)})`);
  });
  // temp_buffers must be set before the session's first temporary table.
  await client.query(
    `set temp_buffers = '256MB'; set work_mem = '256MB'; set maintenance_work_mem = '512MB'`,
  );
  return {
    client,
    skipsRowTriggers: await maySkipRowTriggers(client),
    db: drizzle(client),
    query: async <Row extends pg.QueryResultRow>(text: string, values?: unknown[]) =>
      (await client.query<Row>(text, values)).rows,
    close: () => client.end(),
  };
}

/** Whether this role may set session_replication_role (a superuser, or granted SET on it since PostgreSQL 15). */
async function maySkipRowTriggers(client: pg.Client): Promise<boolean> {
  try {
    await client.query('set session_replication_role = origin');
    return true;
  } catch {
    return false;
  }
}

type CodedError = {
  code?: unknown;
  constraint?: unknown;
  table?: unknown;
  column?: unknown;
  cause?: unknown;
};

/**
 * A database or system error as a code and the objects it names: never its message, which may quote a
 * value. An error wrapping another (Drizzle's query errors wrap the driver's) is read through to it.
 */
export function errorCode(error: unknown): string {
  let e = error as CodedError | null | undefined;
  while (e && typeof e.code !== 'string' && e.cause) e = e.cause;
  if (!e || typeof e.code !== 'string') return error instanceof Error ? error.name : 'unknown error';
  if (e.code === '42P01') return `${e.code}: the database lacks the portal's tables (migrate it first)`;
  const names = [e.table, e.column, e.constraint].filter((n): n is string => typeof n === 'string');
  return names.length > 0 ? `${e.code}: ${names.join(', ')}` : e.code;
}
