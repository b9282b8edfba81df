import type { SQL } from 'drizzle-orm';
import { PgDialect, type PgSession } from 'drizzle-orm/pg-core';
import type { Executor } from './connection.ts';

const dialect = new PgDialect();

/** A statement's text, built once, and the name PostgreSQL knows it by on each connection. */
export interface NamedStatement {
  readonly name: string;
  readonly query: ReturnType<PgDialect['sqlToQuery']>;
}

/**
 * A statement PostgreSQL parses and plans once per connection, for the hot statements the query
 * builder's `.prepare()` cannot make: those run inside a transaction (a builder's prepared query is
 * bound to the pool), and raw SQL (locks, statements whose CTEs write several tables). Values are
 * `sql.placeholder(name)`s, so the text never changes: node-postgres refuses a second text under a name
 * (decision 0026), and the name must be unique across the code.
 */
export function namedStatement(name: string, query: SQL): NamedStatement {
  return { name, query: dialect.sqlToQuery(query) };
}

/** Runs a named statement on the executor's connection (the transaction's, or one of the pool's). */
export async function runNamed<Row>(
  executor: Executor,
  statement: NamedStatement,
  values: Record<string, unknown>,
): Promise<Row[]> {
  // drizzle's execute() always sends statements unnamed; its session's prepareQuery takes a name.
  const { session } = (executor as unknown as { _: { session: PgSession } })._;
  const prepared = session.prepareQuery(statement.query, undefined, statement.name, false);
  const result = (await prepared.execute(values)) as { rows: Row[] };
  return result.rows;
}
