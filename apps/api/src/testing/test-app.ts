import type { DatabaseHandle } from '@vet/db/connection';
import { buildApp, type BuildAppOptions } from '../app.ts';
import { loadConfig, type ApiConfig } from '../config.ts';

/** A valid config for tests: the test database, no logs, a limit no test reaches unless it sets one. */
export function testConfig(databaseUrl: string, env: Record<string, string> = {}): ApiConfig {
  return loadConfig({
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    RATE_LIMIT_MAX: '100000',
    ...env,
  });
}

/** The real app on the run's test database (from useTestDatabase); the caller closes it. */
export function buildTestApp(
  database: Pick<DatabaseHandle, 'db' | 'pool'> & { url: string },
  options: { env?: Record<string, string>; logger?: BuildAppOptions['logger'] } = {},
) {
  return buildApp({
    config: testConfig(database.url, options.env),
    db: database.db,
    pool: database.pool,
    logger: options.logger ?? false,
  });
}
