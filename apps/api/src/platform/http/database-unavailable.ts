/**
 * Whether an error means the database cannot be reached right now (down, restarting, or the connection
 * dropped mid-request) rather than a fault in our code or data. Such requests answer 503: the caller may
 * retry, and nothing was half-done, because every write runs in one transaction.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; depth += 1) {
    if (isUnavailableCause(cause)) return true;
    cause = cause.cause;
  }
  return false;
}

/** PostgreSQL's SQLSTATEs: class 08 (connection exception) and the shutdown/start-up ones of class 57. */
const unavailableSqlStates = /^(08...|57P0[123])$/;
/** Node's socket errors while connecting to or talking with the server. */
const socketErrors = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH']);
/** node-postgres's own messages for a connection that ended or could not be made in time. */
const poolMessages = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /is not queryable/,
  /^Client was closed and is not queryable/,
];

function isUnavailableCause(error: Error): boolean {
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (unavailableSqlStates.test(code) || socketErrors.has(code))) return true;
  if (error instanceof AggregateError && error.errors.some((inner) => isDatabaseUnavailable(inner)))
    return true;
  return poolMessages.some((pattern) => pattern.test(error.message));
}
