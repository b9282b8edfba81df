// The portal's web server (`npm start`, the tests, and production: `node dist/web/apps/web/server.mjs`,
// this file copied into Next.js's standalone output by scripts/production/build.sh; decision 0068).
//
// Next.js behind a plain node:http server, for one reason: Next keeps an X-Forwarded-For the browser
// wrote itself, so the BFF cannot tell the address a request came from. This server writes it down in
// `x-portal-peer`, overwriting whatever the request carried, together with a token made at start-up and
// known only to this process; the BFF believes the header only with that token (apps/web/src/shared/bff/
// client-address.ts), so under plain `next start` or `next dev` it believes nothing. Decision 0025.
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { httpTimeoutsOf } from './src/config/http-timeouts.mjs';

const dir = fileURLToPath(new URL('.', import.meta.url));

/* eslint-disable no-restricted-properties -- the process's entry point: it sets up the environment that
   the app's config module (src/config/server.ts) then reads. */
const env = process.env;
env.NODE_ENV ??= 'production';
const peerToken = randomBytes(18).toString('base64url');
env.PORTAL_PEER_TOKEN = peerToken;
const port = Number(env.PORT ?? 3000);
// Above the load balancer's idle timeout for its kept-alive connections (KEEP_ALIVE_TIMEOUT_SECONDS,
// decision 0127), so the balancer, not this server, closes an idle connection: otherwise it may send a
// request down a connection this server is closing at that moment, and the request fails.
const timeouts = (() => {
  try {
    return httpTimeoutsOf(env);
  } catch (error) {
    // The list is the whole message, as the apps' configs print theirs.
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
})();
const metricsEnv = { METRICS_PORT: env.METRICS_PORT, METRICS_HOST: env.METRICS_HOST };
// JSON lines at LOG_LEVEL, as the app's own log (src/observability/logger.ts), which checks the value.
const log = pino({ level: env.LOG_LEVEL || 'info', base: { app: 'web' } });
// The configuration the build serialised, as Next.js's own standalone server.js passes it: next.config.ts
// is not in the standalone output (nor TypeScript in a production install), and read here it is the same
// in every place this server runs.
env.__NEXT_PRIVATE_STANDALONE_CONFIG = JSON.stringify(
  JSON.parse(readFileSync(`${dir}.next/required-server-files.json`, 'utf8')).config,
);
/* eslint-enable no-restricted-properties */

// Prometheus metrics on a port of their own (src/metrics/web-metrics.mjs, decision 0072): prom-client
// loads only when METRICS_PORT is set.
const metrics = metricsEnv.METRICS_PORT
  ? await import('./src/metrics/web-metrics.mjs').then((module) => module.openWebMetrics(metricsEnv, port))
  : undefined;

const { default: next } = await import('next');
const app = next({ dev: false, dir, port });
const handle = app.getRequestHandler();
await app.prepare();

// How long a drain may take before the connections left are cut: below the 30 s an orchestrator gives a
// stopping container (deploy/compose.yaml's stop_grace_period) and nginx's proxy_read_timeout.
const DRAIN_TIMEOUT_MS = 20_000;

/** Draining: stopping after SIGTERM or SIGINT. /readyz answers 503, every answer closes its connection. */
let draining = false;
/** Requests being answered, each closed with its connection once answered if a drain begins meanwhile. */
const inFlight = new Set();

function probe(response, status, body) {
  response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  response.end(JSON.stringify(body));
}

/**
 * Each request's id (decision 0071): its trace id when tracing is on (the http instrumentation leaves it
 * on the request: src/observability/tracing.ts), else a new one of the same shape. Written into
 * `x-request-id` over whatever the browser sent, for the BFF, which passes it to the API in `traceparent`;
 * the request is handled inside an AsyncLocalStorage the app's log reads it from (logger.ts).
 */
const requestContext = new AsyncLocalStorage();
globalThis[Symbol.for('vet-portal.request-context')] = requestContext;
const traceIdOfRequest = Symbol.for('vet-portal.trace-id');

/** The path's first segment (two under /bff): the rest holds ids, and a guest hold's id is a secret. */
function pathArea(url = '') {
  const segments = url.split(/[?#]/, 1)[0].split('/').filter(Boolean);
  const kept = segments[0] === 'bff' ? 2 : 1;
  return `/${segments.slice(0, kept).join('/')}${segments.length > kept ? '/…' : ''}`;
}

/** One line per request answered, like the API's: method, path area, status and time, never a query. */
function logRequest(request, response, requestId, started) {
  const url = pathArea(request.url);
  const level = url.startsWith('/_next/') ? 'debug' : 'info';
  response.on('close', () => {
    log[level](
      {
        reqId: requestId,
        req: { method: request.method, url },
        res: { statusCode: response.statusCode },
        responseTime: Number(process.hrtime.bigint() - started) / 1e6,
      },
      response.writableFinished ? 'request completed' : 'request aborted',
    );
  });
}

const server = createServer((request, response) => {
  metrics?.observe(request, response);
  if (draining) response.setHeader('connection', 'close');
  // The probes answer before Next.js (no page, no log line): /healthz while the process is up, /readyz
  // while it takes requests. Next.js is prepared before the server listens, so ready means not draining.
  const path = request.url?.split('?', 1)[0];
  if (path === '/healthz') return probe(response, 200, { status: 'ok' });
  if (path === '/readyz') {
    return draining
      ? probe(response, 503, { statusCode: 503, error: 'Service Unavailable', message: 'Draining.' })
      : probe(response, 200, { status: 'ok' });
  }
  inFlight.add(response);
  response.on('close', () => inFlight.delete(response));
  request.headers['x-portal-peer'] = `${peerToken} ${request.socket.remoteAddress ?? ''}`;
  const requestId = request[traceIdOfRequest] ?? randomBytes(16).toString('hex');
  request.headers['x-request-id'] = requestId;
  logRequest(request, response, requestId, process.hrtime.bigint());
  requestContext.run({ requestId }, () => void handle(request, response));
});
server.keepAliveTimeout = timeouts.keepAliveTimeoutMs;
server.headersTimeout = timeouts.headersTimeoutMs;
server.listen(port, () => {
  log.info(`Web listening on http://localhost:${port}`);
});

/**
 * The drain (SIGTERM, SIGINT): stop accepting connections, close the idle kept-alive ones, let each request
 * in flight finish and then close its connection, and exit 0 once none is left; past DRAIN_TIMEOUT_MS cut
 * what is left and exit 1. A balancer that connects meanwhile is refused and tries the other instance.
 */
function drain(signal) {
  if (draining) return;
  draining = true;
  // The smoke test waits for "<signal>: draining" (scripts/lib/smoke/production-smoke-processes.ts).
  log.info({ inFlight: inFlight.size }, `${signal}: draining the requests in flight`);
  for (const response of inFlight) {
    if (!response.headersSent) response.setHeader('connection', 'close');
    else response.on('finish', () => response.socket?.destroySoon());
  }
  // server.close stops listening and closes the idle connections; its callback runs once all are closed.
  server.close(() => {
    log.info('Web drained');
    process.exit(0);
  });
  setTimeout(() => {
    log.error(`Drain took over ${DRAIN_TIMEOUT_MS} ms: closing ${inFlight.size} request(s) left`);
    server.closeAllConnections();
    process.exit(1);
  }, DRAIN_TIMEOUT_MS).unref();
}
process.on('SIGTERM', drain);
process.on('SIGINT', drain);
