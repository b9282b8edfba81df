import { z } from 'zod';
import { wholeNumber } from './values.ts';

/**
 * The database's part of the API's environment: the pool each process keeps, how long one statement may
 * run, whether the process migrates as it starts (decision 0068), and whether it may connect as a
 * superuser (decision 0092). api-config.ts parses it with everything
 * else, so one message still names every bad variable.
 */

const poolBounds = [1, 1000] as const;
const workerBounds = [1, 32] as const;
const statementTimeoutBounds = [0, 3_600_000] as const;

const databaseEnvShape = {
  DATABASE_POOL_MAX: wholeNumber(poolBounds).default(10),
  DATABASE_DIRECT_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DATABASE_DIRECT_POOL_MAX: wholeNumber(poolBounds).default(2),
  DATABASE_POOLER: z.enum(['none', 'transaction']).default('none'),
  EMAIL_WORKER_CONCURRENCY: wholeNumber(workerBounds).default(2),
  DATABASE_STATEMENT_TIMEOUT_MS: wholeNumber(statementTimeoutBounds).optional(),
  MIGRATE_ON_START: z.enum(['true', 'false']).optional(),
  DATABASE_ALLOW_SUPERUSER: z.enum(['true', 'false']).optional(),
};

const databaseEnvExpected: Record<keyof typeof databaseEnvShape, string> = {
  DATABASE_POOL_MAX: `a whole number of connections for requests per process, from ${poolBounds[0]} to ${poolBounds[1]}`,
  DATABASE_DIRECT_URL:
    'a postgres:// or postgresql:// URL of the server itself, never a pooler (migrations, LISTEN, the job ' +
    'queue, import sessions); required with DATABASE_POOLER=transaction; unset: DATABASE_URL',
  DATABASE_DIRECT_POOL_MAX: `a whole number of direct connections for import sessions, from ${poolBounds[0]} to ${poolBounds[1]}`,
  DATABASE_POOLER:
    'none, or transaction (DATABASE_URL is a transaction-mode pooler such as PgBouncer); transaction ' +
    'needs DATABASE_DIRECT_URL and no DATABASE_STATEMENT_TIMEOUT_MS (set it on the role instead)',
  EMAIL_WORKER_CONCURRENCY: `a whole number of e-mails and text messages each instance sends at once, from ${workerBounds[0]} to ${workerBounds[1]}`,
  DATABASE_STATEMENT_TIMEOUT_MS:
    `a whole number of milliseconds a statement may run, from ${statementTimeoutBounds[0]} (no limit) to ` +
    `${statementTimeoutBounds[1]}; unset behind DATABASE_POOLER=transaction (set it on the role there)`,
  MIGRATE_ON_START:
    'true or false (migrate the database as the process starts); unset: true, except in production',
  DATABASE_ALLOW_SUPERUSER:
    'true or false (let a production API connect as a PostgreSQL superuser); unset: false, refused in ' +
    'production as a superuser (decision 0092)',
};

export const databaseSection = {
  shape: databaseEnvShape,
  expected: databaseEnvExpected,
  rules: [requireDirectUrlBehindPooler],
};

type DatabaseEnv = z.output<z.ZodObject<typeof databaseEnvShape>>;

export interface DatabaseConfig {
  /** Connections of the requests' pool (through the pooler when there is one). */
  poolMax: number;
  /**
   * The server itself, for what a transaction pooler cannot carry (decision 0128): migrations' session
   * lock, LISTEN, the job queue, import sessions' temporary tables. DATABASE_URL when there is no pooler.
   */
  directUrl: string;
  /** Connections of the direct pool for import sessions (record batches, list entries). */
  directPoolMax: number;
  /** DATABASE_URL is a transaction-mode pooler: its statements go unnamed. */
  transactionPooler: boolean;
  /** E-mails and text messages sent at once; the queue's pool holds this many plus two. */
  emailConcurrency: number;
  /** PostgreSQL's statement_timeout for the pool's sessions; undefined: the server's own. */
  statementTimeoutMs: number | undefined;
  /**
   * Refuse to start connected as a PostgreSQL superuser (decision 0092): in production, unless
   * DATABASE_ALLOW_SUPERUSER=true. A local run and the tests use the embedded server's superuser.
   */
  refuseSuperuser: boolean;
}

export function databaseConfigOf(
  env: DatabaseEnv & { NODE_ENV: string; DATABASE_URL: string },
): DatabaseConfig {
  return {
    poolMax: env.DATABASE_POOL_MAX,
    directUrl: env.DATABASE_DIRECT_URL ?? env.DATABASE_URL,
    directPoolMax: env.DATABASE_DIRECT_POOL_MAX,
    transactionPooler: env.DATABASE_POOLER === 'transaction',
    emailConcurrency: env.EMAIL_WORKER_CONCURRENCY,
    statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS || undefined,
    refuseSuperuser: env.NODE_ENV === 'production' && env.DATABASE_ALLOW_SUPERUSER !== 'true',
  };
}

/**
 * Whether the process migrates as it starts. In production a deployment migrates once, as a step of its
 * own (`npm run migrate`), before its instances start: a rolling deploy never migrates from an instance.
 */
export function migrateOnStartOf(env: DatabaseEnv & { NODE_ENV: string }): boolean {
  return env.MIGRATE_ON_START === undefined ? env.NODE_ENV !== 'production' : env.MIGRATE_ON_START === 'true';
}

/**
 * A transaction pooler carries no session: what needs one has its own URL, and a start-up parameter such
 * as statement_timeout is refused by PgBouncer (before 1.21 it takes only a few), so the role carries it.
 */
function requireDirectUrlBehindPooler(
  env: { DATABASE_POOLER?: unknown; DATABASE_DIRECT_URL?: unknown; DATABASE_STATEMENT_TIMEOUT_MS?: unknown },
  context: z.RefinementCtx,
): void {
  if (env.DATABASE_POOLER !== 'transaction') return;
  if (env.DATABASE_DIRECT_URL === undefined)
    context.addIssue({ code: 'custom', path: ['DATABASE_DIRECT_URL'], message: 'required behind a pooler' });
  if (env.DATABASE_STATEMENT_TIMEOUT_MS)
    context.addIssue({
      code: 'custom',
      path: ['DATABASE_STATEMENT_TIMEOUT_MS'],
      message: 'not sent through a pooler',
    });
}

/** Connections one API process opens at most, by pool (docs/operations.md, "Connections and poolers"). */
export function connectionBudget(
  database: DatabaseConfig,
  process: { webhookConcurrency: number; metrics: boolean; workers: boolean; connectorHints?: boolean },
): Record<string, number> {
  const working = process.workers ? 1 : 0;
  return {
    requests: database.poolMax,
    'import sessions': database.directPoolMax,
    // graphile-worker: one connection listens, each job holds one, one spare for its upkeep.
    'job queue': working * (database.emailConcurrency + 2),
    // The dispatcher's own pool (each webhook being sent holds one) and its listening connection.
    webhooks: working * (process.webhookConcurrency + 2),
    'event listener': working,
    // The connectors' listener for Provet's webhook hints (decision 0115), where a connector takes them.
    'connector hints listener': process.connectorHints ? working : 0,
    'metrics scrape': process.metrics ? 1 : 0,
  };
}
