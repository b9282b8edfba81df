import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { DatabaseHandle } from '@vet/db/connection';

/**
 * graphile-worker (0.17, 0.18) records a job's success or failure without waiting for the outcome, retrying only
 * the error codes in its RETRYABLE_ERROR_CODES (serialisation failures, deadlocks, "starting up", host
 * unreachable, timeouts). Any other error rejects unheard and crashes the process: a PostgreSQL restart
 * (connection refused, sessions terminated by the shutdown) took the API down with it
 * (e2e/database-restart.e2e.test.ts). Its batched mode is no way out: it gives up on the first error and
 * stops the worker. So the errors of a restarting or unreachable server are added to the table: the queue
 * then tries again (0.5 s, growing to 30 s between tries, 100 tries) until the server is back.
 */
const restartErrorCodes = [
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  '57P01', // admin_shutdown: the fast shutdown ended the session
  '57P02', // crash_shutdown
  '08000', // connection_exception
  '08001', // sqlclient_unable_to_establish_sqlconnection
  '08003', // connection_does_not_exist
  '08006', // connection_failure
];

type RetryableCodes = Record<string, { minDelay: number; maxDelay: number } | undefined>;

/**
 * The table lives in graphile-worker's dist/lib.js, which 0.18's exports map no longer lets one import by
 * name: it is loaded by its file, beside the package's entry, which is the same module (the same URL) the
 * queue itself loads.
 */
async function retryableErrorCodes(): Promise<RetryableCodes> {
  const entry = createRequire(import.meta.url).resolve('graphile-worker');
  const lib = (await import(pathToFileURL(join(dirname(entry), 'lib.js')).href)) as {
    RETRYABLE_ERROR_CODES: RetryableCodes;
  };
  return lib.RETRYABLE_ERROR_CODES;
}

export async function retryQueueWritesWhileTheDatabaseRestarts(): Promise<void> {
  const table = await retryableErrorCodes();
  for (const code of restartErrorCodes) table[code] ??= { minDelay: 500, maxDelay: 30_000 };
}

/**
 * pg's own errors for a connection that is gone carry no code, so the queue would not retry them: a
 * client the pool handed out just as the server ended its session fails its next query with "Client has
 * encountered a connection error and is not queryable", and graphile-worker's unheard write of a job's
 * failure then rejects, leaving the job locked and its e-mail pending for hours (seen in CI:
 * email-worker-connection-loss.integration.test.ts). Such an error is marked 08006 (connection_failure)
 * here; the queue then tries again, on a fresh client (the pool drops a broken one when it is released).
 */
const lostConnectionMessages = new Set([
  'Connection terminated',
  'Connection terminated unexpectedly',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
]);

export function asConnectionFailure(error: unknown): unknown {
  if (error instanceof Error && !('code' in error) && lostConnectionMessages.has(error.message)) {
    Object.assign(error, { code: '08006' });
  }
  return error;
}

/** Every query of the pool's clients fails with a coded error when its connection is gone (above). */
export function codeLostConnectionErrors(pool: DatabaseHandle['pool']): void {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    const codedQuery = (...args: unknown[]): unknown => {
      const result = query(...args);
      return result instanceof Promise
        ? result.catch((error: unknown) => {
            throw asConnectionFailure(error);
          })
        : result;
    };
    client.query = codedQuery as typeof client.query;
  });
}
