import { z } from 'zod';
import { wholeNumber } from './values.ts';

/**
 * The database's part of the API's environment: the pool each process keeps, how long one statement may
 * run, whether the process migrates as it starts (decision 0068), and whether it may connect as a
 * superuser (decision 0092). api-config.ts parses it with everything
 * else, so one message still names every bad variable.
 */

const poolBounds = [1, 1000] as const;
const statementTimeoutBounds = [0, 3_600_000] as const;

export const databaseEnvShape = {
  DATABASE_POOL_MAX: wholeNumber(poolBounds).default(10),
  DATABASE_STATEMENT_TIMEOUT_MS: wholeNumber(statementTimeoutBounds).optional(),
  MIGRATE_ON_START: z.enum(['true', 'false']).optional(),
  DATABASE_ALLOW_SUPERUSER: z.enum(['true', 'false']).optional(),
};

export const databaseEnvExpected: Record<keyof typeof databaseEnvShape, string> = {
  DATABASE_POOL_MAX: `a whole number of connections per process, from ${poolBounds[0]} to ${poolBounds[1]}`,
  DATABASE_STATEMENT_TIMEOUT_MS: `a whole number of milliseconds a statement may run, from ${statementTimeoutBounds[0]} (no limit) to ${statementTimeoutBounds[1]}`,
  MIGRATE_ON_START:
    'true or false (migrate the database as the process starts); unset: true, except in production',
  DATABASE_ALLOW_SUPERUSER:
    'true or false (let a production API connect as a PostgreSQL superuser); unset: false, refused in ' +
    'production as a superuser (decision 0092)',
};

type DatabaseEnv = z.output<z.ZodObject<typeof databaseEnvShape>>;

export interface DatabaseConfig {
  /** Connections in this process's pool (the e-mail worker keeps a small pool of its own besides). */
  poolMax: number;
  /** PostgreSQL's statement_timeout for the pool's sessions; undefined: the server's own. */
  statementTimeoutMs: number | undefined;
  /**
   * Refuse to start connected as a PostgreSQL superuser (decision 0092): in production, unless
   * DATABASE_ALLOW_SUPERUSER=true. A local run and the tests use the embedded server's superuser.
   */
  refuseSuperuser: boolean;
}

export function databaseConfigOf(env: DatabaseEnv & { NODE_ENV: string }): DatabaseConfig {
  return {
    poolMax: env.DATABASE_POOL_MAX,
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
