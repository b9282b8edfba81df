import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { serverLogDestination } from '@vet/telemetry/log-destination';
import { requestIdFor } from '@vet/telemetry/trace-context';
import pino, { type DestinationStream, type Logger } from 'pino';

/**
 * The identity provider's log (decision 0071): one JSON line per entry (pino), at LOG_LEVEL. Every line
 * written while a request is handled carries its id (`reqId`): the trace id of its `traceparent` when a
 * traced caller sent one (the portal's sign-in layer, with tracing on), else a new one. One line per
 * request answered says its method, path area, status and time; never a query string (an authorisation
 * request's carries a login hint, state and nonce), nor the rest of the path (interaction ids), nor a
 * body, an address or a header.
 */
const requestContext = new AsyncLocalStorage<{ requestId: string }>();

export function createIdpLog(destination?: DestinationStream): Logger {
  return pino(
    {
      base: { app: 'idp' },
      mixin: () => {
        const reqId = requestContext.getStore()?.requestId;
        return reqId === undefined ? {} : { reqId };
      },
    },
    destination ?? serverLogDestination(),
  );
}

/** The process's log; server.ts sets its level from the configuration. */
export const idpLog: Logger = createIdpLog();

/** The first segment of a path: `/interaction/abc/login?x` → `/interaction/…`. */
export function pathArea(url = ''): string {
  const segments = (url.split(/[?#]/, 1)[0] ?? '').split('/').filter(Boolean);
  return `/${segments[0] ?? ''}${segments.length > 1 ? '/…' : ''}`;
}

/** The handler, each request run with its id (for every line it causes) and logged once answered. */
export function loggedHandler(handler: RequestListener, log: Logger = idpLog): RequestListener {
  return (request: IncomingMessage, response: ServerResponse) => {
    const requestId = requestIdFor(request.headers.traceparent);
    const started = process.hrtime.bigint();
    response.on('close', () => {
      log.info(
        {
          reqId: requestId,
          req: { method: request.method, url: pathArea(request.url) },
          res: { statusCode: response.statusCode },
          responseTime: Number(process.hrtime.bigint() - started) / 1e6,
        },
        response.writableFinished ? 'request completed' : 'request aborted',
      );
    });
    requestContext.run({ requestId }, () => handler(request, response));
  };
}
