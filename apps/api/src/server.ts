import { connectDatabase } from '@vet/db/connection';
import { requireCurrentSchema, runMigrations, SchemaBehindError } from '@vet/db/migrate';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type ApiConfig } from './config.ts';
import { emailWorkerPlugin } from './email/index.ts';
import { serializeError } from './http/index.ts';
import { eventDispatcherPlugin } from './practice-events/index.ts';

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
  const database = connectDatabase(config.databaseUrl, {
    max: config.database.poolMax,
    statementTimeoutMs: config.database.statementTimeoutMs,
  });
  // Production migrates as a step of its own, before its instances start (decision 0068).
  if (config.migrateOnStart) await runMigrations(database.pool);
  else await requireCurrentSchema(database.pool);
  const app = await buildApp({ config, db: database.db, pool: database.pool });
  // Only the running server delivers e-mail: an app built for a test leaves the outbox to the test.
  await app.register(emailWorkerPlugin, config);
  // Likewise practice events' webhooks (issue 32): an app built for a test sends none.
  await app.register(eventDispatcherPlugin, config);

  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'API stopping');
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'API did not stop cleanly');
      process.exit(1);
    }
  };
  process.on('SIGINT', (signal) => void stop(signal));
  process.on('SIGTERM', (signal) => void stop(signal));

  await app.listen({ host: config.host, port: config.port });
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : config.port;
  app.log.info(`API listening on ${formatUrl(config.host, port)}`);
}

main().catch((error: unknown) => {
  if (error instanceof SchemaBehindError) {
    // What to do is the whole message.
    process.stderr.write(`API failed to start: ${error.message}\n`);
    process.exit(1);
  }
  // Before the logger exists: say what failed without the data involved (see serializeError).
  const { type, message, stack } = serializeError(error);
  process.stderr.write(`API failed to start: ${type}: ${message}\n${stack}\n`);
  process.exit(1);
});
