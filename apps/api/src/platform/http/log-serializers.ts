import type { FastifyServerOptions } from 'fastify';
import type { LevelWithSilent } from 'pino';

/**
 * Logs carry no personal data. Query strings do (pre-signup checks send e-mail, last name and postcode),
 * and paths carry ids, some of them secrets (a guest hold's id is its holder's only credential), so a
 * request is logged by method and route template only; client addresses are personal data too and are
 * left out. Bodies are never logged. Credentials are redacted should anything log headers.
 */
export const redactedPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
  'res.headers["set-cookie"]',
];

/** The path of a request URL without its query string (or fragment). */
export function pathWithoutQuery(url: string): string {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}

interface LoggableRequest {
  method?: string | undefined;
  url?: string | undefined;
  routeOptions?: { url?: string | undefined } | undefined;
}

/**
 * What is logged of a path no route matched: its first segment, the API area every route starts with,
 * and nothing after it, where ids (or a hold id in a mistyped path) would be.
 */
function firstSegment(url: string): string {
  const [, first = '', ...rest] = pathWithoutQuery(url).split('/');
  return `/${first}${rest.length > 0 ? '/…' : ''}`;
}

/** Whatever is logged under `req` (Fastify's request, or anything a handler passes) comes out like this. */
export function serializeRequest(request: LoggableRequest) {
  /** The route template, e.g. /practices/:practiceId/feature-toggles; unset for an unknown route. */
  const route = request.routeOptions?.url;
  return {
    method: request.method,
    url: route ?? (typeof request.url === 'string' ? firstSegment(request.url) : undefined),
    route,
  };
}

interface LoggedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

/** Fields of node-postgres errors that describe the fault without quoting the data involved. */
const safeDatabaseFields = [
  'code',
  'severity',
  'schema',
  'table',
  'column',
  'constraint',
  'routine',
] as const;

/**
 * pino's standard error serializer copies every property, and database errors carry the query's
 * parameters (drizzle puts them in the message) and the offending values (pg's `detail`). This one keeps
 * what locates the fault and drops the data.
 */
export function serializeError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error))
    return { type: typeof error, message: 'A non-Error value was thrown', stack: '' };
  const fields: Record<string, unknown> = {};
  const source = error as unknown as Record<string, unknown>;
  for (const field of [...safeDatabaseFields, 'statusCode']) {
    if (source[field] !== undefined) fields[field] = source[field];
  }
  const isDrizzleQueryError = typeof source.query === 'string' && Array.isArray(source.params);
  const message = isDrizzleQueryError
    ? `Failed query: ${String(source.query)}`
    : // pg quotes the rejected input at the end of conversion errors: invalid input syntax for type x: "…"
      error.message.replace(/: ".*"$/s, ': "[redacted]"');
  return {
    type: error.name,
    message,
    // The first lines of a stack repeat the message, so keep only the frames.
    stack: (error.stack ?? '')
      .split('\n')
      .filter((line) => /^\s+at /.test(line))
      .join('\n'),
    ...fields,
    ...(error.cause !== undefined && depth < 3 ? { cause: serializeError(error.cause, depth + 1) } : {}),
  };
}

/** Where log lines go (pino writes one JSON line per call). */
export interface LogDestination {
  write(line: string): void;
}

export function loggerOptions(
  level: LevelWithSilent,
  stream?: LogDestination,
): FastifyServerOptions['logger'] {
  return {
    level,
    redact: { paths: redactedPaths, censor: '[redacted]' },
    serializers: { req: serializeRequest, err: (error) => serializeError(error) },
    ...(stream ? { stream } : {}),
  };
}
