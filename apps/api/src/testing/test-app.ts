import { randomUUID } from 'node:crypto';
import { appendTestLog, testLogDir } from '@vet/contracts/testing/test-logs';
import type { DatabaseHandle } from '@vet/db/connection';
import { buildApp, type BuildAppOptions } from '../app.ts';
import { loadConfig, type ApiConfig } from '../config/index.ts';

/**
 * A valid config for tests: the test database, limits no test reaches unless it sets them, and logs at
 * info in a test run (they go to the run's log files, which are checked for personal data: decision
 * 0028), none otherwise.
 */
export function testConfig(databaseUrl: string, env: Record<string, string> = {}): ApiConfig {
  return loadConfig({
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: testLogDir() ? 'info' : 'silent',
    NODE_ENV: 'test',
    RATE_LIMIT_MAX: '100000',
    BOOKING_RATE_LIMIT_MAX: '100000',
    ...env,
  });
}

/**
 * The real app on the run's test database (from useTestDatabase); the caller closes it. Its log lines go
 * to `options.logger` (a test reading them) and, in a test run, to the run's log files. Its onboarding
 * budgets count in a namespace of its own, so that no other test file's checks reach them (a test may pass
 * smaller budgets, or share a namespace between two apps as two instances would).
 */
export function buildTestApp(
  database: Pick<DatabaseHandle, 'db' | 'pool'> & { url: string; sessionPool?: DatabaseHandle['pool'] },
  options: {
    env?: Record<string, string>;
    logger?: BuildAppOptions['logger'];
    onboardingBudgets?: Partial<NonNullable<BuildAppOptions['onboardingBudgets']>>;
    resolveHost?: BuildAppOptions['resolveHost'];
  } = {},
) {
  const reader = options.logger || undefined;
  const logName = `api-in-process-${process.pid}`;
  return buildApp({
    config: testConfig(database.url, options.env),
    db: database.db,
    pool: database.pool,
    sessionPool: database.sessionPool,
    onboardingBudgets: { namespace: `test-${randomUUID()}:`, ...options.onboardingBudgets },
    ...(options.resolveHost ? { resolveHost: options.resolveHost } : {}),
    logger: testLogDir()
      ? {
          write: (line) => {
            appendTestLog(logName, line);
            reader?.write(line);
          },
        }
      : (options.logger ?? false),
  });
}
