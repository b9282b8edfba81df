/**
 * The embedded OpenID Connect provider for local runs and tests: `npm start` runs it next to the API and
 * the web. Production points the portal at a real provider instead.
 */
import { pruneOldEmailChanges } from './email-change/email-change-store.ts';
import { createServer } from 'node:http';
import { connectDatabase } from '@vet/db/connection';
import { DatabaseRoleError, refuseSuperuser } from '@vet/db/database-roles';
import { requireCurrentSchema, runMigrations, SchemaBehindError } from '@vet/db/migrate';
import { pruneExpiredModels } from './adapter.ts';
import { createIdpApp } from './app.ts';
import { ConfigError, loadConfig, type IdpConfig } from './config.ts';
import { loadKeys } from './keys.ts';
import { idpLog, loggedHandler } from './logging.ts';
import { countedHandler, createIdpMetrics, startMetricsServer } from './metrics.ts';
import { pruneOldSignUps } from './sign-up/sign-up-store.ts';
import { pruneExpiredCounters } from './throttling/attempt-counters.ts';

const log = (line: string) => idpLog.info(line);

let config: IdpConfig;
try {
  config = loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}

idpLog.level = config.logLevel;

const database = connectDatabase(config.databaseUrl, {
  max: config.database.poolMax,
  statementTimeoutMs: config.database.statementTimeoutMs,
  applicationName: 'portal-idp',
  transactionPooler: config.database.transactionPooler,
});
// Production connects as the app role, never a superuser, unless told (decision 0092); it migrates as a
// step of its own, before its instances start (decision 0068).
try {
  if (config.database.refuseSuperuser) await refuseSuperuser(database.pool, 'The identity provider');
  if (config.migrateOnStart) await runMigrations(database.pool);
  else await requireCurrentSchema(database.pool);
} catch (error) {
  if (!(error instanceof SchemaBehindError || error instanceof DatabaseRoleError)) throw error;
  console.error(error.message);
  process.exit(1);
}
const keys = await loadKeys(config);
const { handler } = createIdpApp(config, database.db, keys);

// Prometheus metrics on a port of their own when METRICS_PORT is set (decision 0072).
const metrics = config.metrics.port === undefined ? undefined : createIdpMetrics();
const server = createServer(countedHandler(loggedHandler(handler), metrics));
server.keepAliveTimeout = 5_000;
await new Promise<void>((resolve, reject) => {
  server.once('error', reject);
  server.listen(config.port, config.host, resolve);
});
log(`Identity provider listening on ${config.issuer}`);
if (metrics && config.metrics.port !== undefined) {
  const { port } = await startMetricsServer(metrics.registry, config.metrics.host, config.metrics.port);
  log(`Metrics on http://${config.metrics.host}:${port}/metrics`);
}

const pruning = setInterval(() => {
  const warn = (line: string) => () => idpLog.warn(line);
  pruneExpiredModels(database.db).catch(warn('Could not remove expired sessions and tokens; will retry.'));
  pruneExpiredCounters(database.db).catch(warn('Could not remove ended attempt counts; will retry.'));
  pruneOldSignUps(database.db).catch(warn('Could not remove old sign-ups; will retry.'));
  pruneOldEmailChanges(database.db).catch(warn('Could not remove old e-mail changes; will retry.'));
}, 60 * 60_000);
pruning.unref();

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  log(`${signal}: stopping…`);
  clearInterval(pruning);
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  // Browsers keep connections open; do not wait for them for ever.
  setTimeout(() => server.closeAllConnections(), 3_000).unref();
  await closed;
  await database.close();
  log('Stopped.');
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
