import pino, { type DestinationStream, type Logger } from 'pino';
import { serverLogDestination } from '@vet/telemetry/log-destination';
import { scrubPersonalData } from '@vet/contracts/personal-data';
import { serverLogLevel } from '@/config/server';

/**
 * The web server's log (decision 0071): one JSON line per entry on stdout (pino), at LOG_LEVEL. A line
 * written while the portal's server (server.mjs) handles a request carries the request's id (`reqId`, as
 * in the API's lines): the server runs each request in an AsyncLocalStorage that it leaves on globalThis
 * under the symbol below. Nothing personal: callers log ids, codes and error names, and an error's
 * message goes out without query strings and with anything shaped like an e-mail address, a postcode or
 * a phone number replaced (decision 0028).
 */

/** The header the portal's server writes on every request (overwriting the browser's): its id. */
export const requestIdHeader = 'x-request-id';

/** Where server.mjs keeps the request being handled: { requestId }. */
export const requestContextKey = Symbol.for('vet-portal.request-context');

interface RequestContext {
  getStore(): { requestId?: string } | undefined;
}

function currentRequestId(): string | undefined {
  const context = (globalThis as { [requestContextKey]?: RequestContext })[requestContextKey];
  return context?.getStore()?.requestId;
}

/** The request's id, if the portal's server gave it one (32 hex characters, a W3C trace id). */
export function requestIdOf(headers: Pick<Headers, 'get'>): string | undefined {
  const value = headers.get(requestIdHeader);
  return value !== null && /^[0-9a-f]{32}$/.test(value) ? value : undefined;
}

/** An error as a log line may show it: its type, a message without data, the stack's frames. */
export function serializeError(error: unknown): { type: string; message: string; stack?: string } {
  if (!(error instanceof Error)) return { type: typeof error, message: 'A non-Error value was thrown' };
  return {
    type: error.name,
    message: scrubPersonalData(error.message.replace(/\?[^\s"']*/g, '?…')),
    stack: (error.stack ?? '')
      .split('\n')
      .filter((line) => /^\s+at /.test(line))
      .join('\n'),
  };
}

export function createServerLog(destination?: DestinationStream): Logger {
  return pino(
    {
      level: serverLogLevel(),
      base: { app: 'web' },
      mixin: () => {
        const reqId = currentRequestId();
        return reqId === undefined ? {} : { reqId };
      },
      serializers: { err: serializeError },
      redact: { paths: ['headers.authorization', 'headers.cookie'], censor: '[redacted]' },
    },
    destination ?? serverLogDestination(),
  );
}

/** The process's log. */
export const serverLog: Logger = createServerLog();

/** The log as a console-shaped sink of plain lines, for code that writes lines (auth-logger.ts). */
export const serverLogLines = {
  error: (line: string) => serverLog.error(line),
  warn: (line: string) => serverLog.warn(line),
  info: (line: string) => serverLog.info(line),
};
