import type { IncomingMessage, ServerResponse } from 'node:http';
import pino from 'pino';
import { connectDatabase } from '@vet/db/connection';
import { DatabaseRoleError, refuseSuperuser } from '@vet/db/database-roles';
import { requireCurrentSchema, runMigrations, SchemaBehindError } from '@vet/db/migrate';
import { buildApp } from './app.ts';
import { ConfigError, connectionBudget, loadConfig, type ApiConfig } from './config/index.ts';
import { serializeError, openApiMetrics } from './platform/index.ts';
import { fitEndpointsToGrants, webhookConnections } from './practice-system/index.ts';
import { buildWorkerApp, registerWorkers } from './workers.ts';

/** Runs the API alone: `npx tsx apps/api/src/server.ts` with DATABASE_URL set (see the README). */
function readConfigOrExit(): ApiConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    // The list is the whole message: a stack trace would only bury it.
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}

function formatUrl(host: string, port: number): string {
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

async function main(): Promise<void> {
  const config = readConfigOrExit();
  const { database: settings } = config;
  const database = connectDatabase(config.databaseUrl, {
    max: settings.poolMax,
    statementTimeoutMs: settings.statementTimeoutMs,
    applicationName: 'portal-api:requests',
    transactionPooler: settings.transactionPooler,
  });
  // What a transaction pooler cannot carry goes to the server itself (decision 0128): the migrations'
  // session lock, import sessions' temporary tables, and (below) the workers' LISTEN and job queue.
  const direct = connectDatabase(settings.directUrl, {
    max: settings.directPoolMax,
    statementTimeoutMs: settings.statementTimeoutMs,
    applicationName: 'portal-api:sessions',
  });
  // Production connects as the app role, never a superuser, unless told (decision 0092).
  if (settings.refuseSuperuser) await refuseSuperuser(database.pool, 'The API');
  // Production migrates as a step of its own, before its instances start (decision 0068).
  if (config.migrateOnStart) await runMigrations(direct.pool);
  else await requireCurrentSchema(direct.pool);
  // Webhook endpoints registered through the API follow the grants this config gives (decision 0112).
  await fitEndpointsToGrants(database.db, config.integration);
  // Prometheus metrics on a port of their own when METRICS_PORT is set (decision 0072); served until the
  // app has closed, so a scrape during a drain still answers.
  const metrics = openApiMetrics({ ...config, databaseUrl: settings.directUrl }, database.pool);
  // Written behind the request (decision 0090): a line waits only while the one before is being written,
  // and pino writes what waits synchronously when the process exits, drained or crashed.
  const logger = pino.destination({ dest: 1, sync: false });
  const { role } = config.process;
  const pools = { db: database.db, pool: database.pool, sessionPool: direct.pool };
  // PORTAL_ROLE (decision 0126): `worker` serves its probes only; `http` runs no worker; `all` is both.
  const app =
    role === 'worker'
      ? await buildWorkerApp({ config, ...pools, logger, metrics: metrics?.registry })
      : await buildApp({ config, ...pools, metrics: metrics?.registry, logger });
  if (metrics) app.addHook('onClose', () => metrics.close());
  // Only the running server works the queue and the rest: an app built for a test leaves them to the test.
  if (role === 'all') await registerWorkers(app, config, metrics?.registry);
  const name = role === 'worker' ? 'Worker' : 'API';

  // Responses being answered, and the drain's rule for them: once a drain begins, each answer closes its
  // connection. Otherwise a kept-alive connection whose request was in flight would stay open for
  // the keep-alive timeout (KEEP_ALIVE_TIMEOUT_SECONDS), and the drain would wait that long.
  let stopping = false;
  const inFlight = new Set<ServerResponse>();
  const closeAfterAnswer = (response: ServerResponse) => {
    if (!response.headersSent) response.setHeader('connection', 'close');
    else response.once('finish', () => response.socket?.destroySoon());
  };
  app.server.on('request', (_request: IncomingMessage, response: ServerResponse) => {
    if (stopping) return closeAfterAnswer(response);
    inFlight.add(response);
    response.once('close', () => inFlight.delete(response));
  });
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal, inFlight: inFlight.size }, `${name} stopping`);
    for (const response of inFlight) closeAfterAnswer(response);
    try {
      // app.close drains: it stops listening and closes idle kept-alive connections, answers 503 to a new
      // request on a kept-alive one, lets the requests in flight finish, then stops the e-mail worker and the
      // event dispatcher, each letting its job or delivery in flight finish.
      await app.close();
      await Promise.all([database.close(), direct.close()]);
      app.log.info(`${name} stopped`);
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, `${name} did not stop cleanly`);
      process.exit(1);
    }
  };
  // Runs after close has begun, just before the server stops listening: the drain's first step.
  app.addHook('preClose', (done) => {
    app.log.info(`${name} draining: no new connection, finishing the requests in flight`);
    done();
  });
  process.on('SIGINT', (signal) => void stop(signal));
  process.on('SIGTERM', (signal) => void stop(signal));

  await app.listen({ host: config.host, port: config.port });
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : config.port;
  app.log.info(
    `${name} listening on ${formatUrl(config.host, port)}${role === 'worker' ? ' (probes only)' : ''}`,
  );
  // The instance's share of max_connections, by pool (docs/operations.md, "Connections and poolers").
  const budget = connectionBudget(settings, {
    webhookConcurrency: config.practiceEvents.concurrency,
    metrics: metrics !== undefined,
    workers: role !== 'http',
    connectorHints: webhookConnections(config.connectors).length > 0,
  });
  const total = Object.values(budget).reduce((sum, count) => sum + count, 0);
  app.log.info(
    { connections: budget, total, pooler: settings.transactionPooler },
    'database connections at most',
  );
  if (metrics)
    app.log.info(`${name} metrics on ${formatUrl(config.metrics.host, await metrics.listen())}/metrics`);
}

main().catch((error: unknown) => {
  if (error instanceof SchemaBehindError || error instanceof DatabaseRoleError) {
    // What to do is the whole message.
    process.stderr.write(`API failed to start: ${error.message}\n`);
    process.exit(1);
  }
  // Before the logger exists: say what failed without the data involved (see serializeError).
  const { type, message, stack } = serializeError(error);
  process.stderr.write(`API failed to start: ${type}: ${message}\n${stack}\n`);
  process.exit(1);
});
