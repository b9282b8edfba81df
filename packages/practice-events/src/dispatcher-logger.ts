type LogFn = (fields: Record<string, unknown>, message: string) => void;

/** What the dispatcher logs to (pino's, and so Fastify's, logger fits). Fields hold ids and codes only. */
export interface DispatcherLogger {
  debug: LogFn;
  info: LogFn;
  warn: LogFn;
  error: LogFn;
}

/**
 * A failure as a code: a failed query's message quotes its parameters and a socket error its address, so
 * only the error's code (an SQLSTATE, ECONNREFUSED) or, without one, its class name is logged.
 */
export function errorCode(error: unknown): string {
  if (!(error instanceof Error)) return 'unknown';
  const { code } = error as Error & { code?: unknown };
  if (typeof code === 'string' && /^[A-Z0-9_]{1,32}$/.test(code)) return code;
  return /^[A-Za-z]{1,40}$/.test(error.name) ? error.name : 'Error';
}
