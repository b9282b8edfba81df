import { RETRYABLE_ERROR_CODES } from 'graphile-worker/dist/lib.js';

/**
 * graphile-worker 0.17 records a job's success or failure without waiting for the outcome, retrying only
 * the error codes in its RETRYABLE_ERROR_CODES (serialisation failures, deadlocks, "starting up", host
 * unreachable, timeouts). Any other error rejects unheard and crashes the process: a PostgreSQL restart
 * (connection refused, sessions terminated by the shutdown) took the API down with it
 * (e2e/database-restart.e2e-test.ts). Its batched mode is no way out: it gives up on the first error and
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

export function retryQueueWritesWhileTheDatabaseRestarts(): void {
  for (const code of restartErrorCodes) RETRYABLE_ERROR_CODES[code] ??= { minDelay: 500, maxDelay: 30_000 };
}
