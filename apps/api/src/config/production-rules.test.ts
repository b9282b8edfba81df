import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './api-config.ts';
import { connectionBudget } from './database.ts';
import { productionEnv } from '../testing/production-env.ts';

const DATABASE_URL = 'postgres://portal@db.internal:5432/portal';
const production = { ...productionEnv, DATABASE_URL };
const local = { DATABASE_URL, NODE_ENV: 'development' };

function configErrorOf(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('loadConfig accepted a bad environment');
}

const namesIn = (error: ConfigError) => error.problems.map((problem) => problem.split(' ')[0]).sort();

describe('an unset NODE_ENV is production (decision 0068)', () => {
  it('refuses to start without the production settings, naming each, and says how to run locally', () => {
    const error = configErrorOf({ DATABASE_URL });
    expect(namesIn(error)).toEqual([
      'AUTH_ISSUERS',
      'EMBEDDED_ISSUER',
      'PORTAL_URL',
      'REDIS_URL',
      'SMTP_URL',
      'TRUST_PROXY',
      'VERIFICATION_CODE_PEPPER',
      'WEBHOOK_SECRET_KEYS',
    ]);
    expect(error.message).toContain('NODE_ENV is unset, which means production');
    // Said only when it explains the refusals: an explicit production gets the list alone.
    expect(configErrorOf({ DATABASE_URL, NODE_ENV: 'production' }).message).not.toContain('NODE_ENV');
  });

  it('starts with the production settings alone, as production: no docs, mailbox or migrations', () => {
    const { NODE_ENV: _unset, ...withoutNodeEnv } = production;
    expect(loadConfig(withoutNodeEnv)).toMatchObject({
      nodeEnv: 'production',
      apiDocs: false,
      devMailbox: false,
      migrateOnStart: false,
    });
  });
});

describe('production requires', () => {
  it('EMBEDDED_ISSUER named or none: a local default would keep the embedded sign-in on deletion', () => {
    const { EMBEDDED_ISSUER: _unset, ...withoutEmbedded } = production;
    expect(configErrorOf(withoutEmbedded).problems).toEqual([
      expect.stringMatching(/^EMBEDDED_ISSUER is required: the embedded identity provider’s issuer/),
    ]);
    expect(loadConfig(production).embeddedIssuer).toBeUndefined();
    const trusted = 'https://login.vets.example';
    expect(loadConfig({ ...production, EMBEDDED_ISSUER: trusted }).embeddedIssuer).toBe(trusted);
    for (const untrusted of ['https://id.elsewhere.example', 'http://login.vets.example'])
      expect(configErrorOf({ ...production, EMBEDDED_ISSUER: untrusted }).problems).toEqual([
        expect.stringMatching(/^EMBEDDED_ISSUER must be the embedded identity provider’s issuer/),
      ]);
    expect(loadConfig(local).embeddedIssuer).toBe('http://localhost:4100');
  });

  it('REDIS_URL: per-instance counters would multiply every limit by the number of instances', () => {
    const { REDIS_URL: _unset, ...withoutRedis } = production;
    expect(configErrorOf(withoutRedis).problems).toEqual([
      expect.stringMatching(
        /^REDIS_URL is required: a redis:\/\/ or rediss:\/\/ URL.*required in production/,
      ),
    ]);
    expect(loadConfig(production).redisUrl).toBe('redis://127.0.0.1:1');
    expect(loadConfig(local).redisUrl).toBeUndefined();
  });

  it('PORTAL_URL over https: e-mails link there, and the default is a local address', () => {
    const { PORTAL_URL: _unset, ...withoutPortal } = production;
    expect(configErrorOf(withoutPortal).problems).toEqual([
      expect.stringMatching(/^PORTAL_URL is required: .*https in production/),
    ]);
    expect(configErrorOf({ ...production, PORTAL_URL: 'http://portal.vets.example' }).problems).toEqual([
      expect.stringMatching(/^PORTAL_URL must be .*https in production/),
    ]);
    expect(loadConfig(local).portalUrl).toBe('http://localhost:3000');
  });
});

describe('the database settings', () => {
  it('default to a pool of 10, the server’s own statement timeout, no pooler', () => {
    expect(loadConfig(local).database).toEqual({
      poolMax: 10,
      directUrl: local.DATABASE_URL,
      directPoolMax: 2,
      transactionPooler: false,
      emailConcurrency: 2,
      statementTimeoutMs: undefined,
      refuseSuperuser: false,
    });
  });

  it('read DATABASE_POOL_MAX and DATABASE_STATEMENT_TIMEOUT_MS, 0 meaning no timeout', () => {
    const env = { ...local, DATABASE_POOL_MAX: '40', DATABASE_STATEMENT_TIMEOUT_MS: '15000' };
    expect(loadConfig(env).database).toMatchObject({
      poolMax: 40,
      statementTimeoutMs: 15_000,
      refuseSuperuser: false,
    });
    expect(loadConfig({ ...local, DATABASE_STATEMENT_TIMEOUT_MS: '0' }).database.statementTimeoutMs).toBe(
      undefined,
    );
  });

  it('refuse values out of bounds, naming the bounds', () => {
    const error = configErrorOf({
      ...local,
      DATABASE_POOL_MAX: '0',
      DATABASE_STATEMENT_TIMEOUT_MS: '2s',
    });
    expect(error.problems).toEqual([
      'DATABASE_POOL_MAX must be a whole number of connections for requests per process, from 1 to 1000',
      'DATABASE_STATEMENT_TIMEOUT_MS must be a whole number of milliseconds a statement may run, from 0 ' +
        '(no limit) to 3600000; unset behind DATABASE_POOLER=transaction (set it on the role there)',
    ]);
  });
});

describe('behind a transaction pooler (decision 0128)', () => {
  const direct = 'postgres://portal@db.internal:5432/portal';
  const pooled = {
    ...local,
    DATABASE_URL: 'postgres://portal@pgbouncer:6432/portal',
    DATABASE_POOLER: 'transaction',
  };

  it('sends the requests through the pooler and the rest to the server itself', () => {
    const config = loadConfig({ ...pooled, DATABASE_DIRECT_URL: direct, DATABASE_DIRECT_POOL_MAX: '3' });
    expect(config.databaseUrl).toBe(pooled.DATABASE_URL);
    expect(config.database).toMatchObject({ directUrl: direct, directPoolMax: 3, transactionPooler: true });
  });

  it('needs the direct URL, and leaves the statement timeout to the role', () => {
    expect(configErrorOf({ ...pooled, DATABASE_STATEMENT_TIMEOUT_MS: '30000' }).problems).toEqual([
      expect.stringMatching(/^DATABASE_DIRECT_URL is required: .*server itself/),
      expect.stringMatching(/^DATABASE_STATEMENT_TIMEOUT_MS must be .*set it on the role there\)$/),
    ]);
  });

  it('counts each pool of an instance in its connection budget', () => {
    const { database } = loadConfig({ ...local, DATABASE_POOL_MAX: '12', EMAIL_WORKER_CONCURRENCY: '3' });
    expect(connectionBudget(database, { webhookConcurrency: 4, metrics: true, workers: true })).toEqual({
      requests: 12,
      'import sessions': 2,
      'job queue': 5,
      webhooks: 6,
      'event listener': 1,
      'connector hints listener': 0,
      'metrics scrape': 1,
    });
    const hints = { webhookConcurrency: 4, metrics: false, connectorHints: true };
    expect(connectionBudget(database, { ...hints, workers: true })['connector hints listener']).toBe(1);
    expect(connectionBudget(database, { ...hints, workers: false })['connector hints listener']).toBe(0);
    const http = connectionBudget(database, { webhookConcurrency: 4, metrics: false, workers: false });
    expect(Object.values(http).reduce((sum, n) => sum + n, 0)).toBe(14);
  });
});

describe('MIGRATE_ON_START', () => {
  it('is on outside production, where a local run and the tests migrate as they start', () => {
    expect(loadConfig(local).migrateOnStart).toBe(true);
    expect(loadConfig({ ...local, NODE_ENV: 'test' }).migrateOnStart).toBe(true);
    expect(loadConfig({ ...local, MIGRATE_ON_START: 'false' }).migrateOnStart).toBe(false);
  });

  it('is off in production, where migrating is a step of its own, unless set to true', () => {
    expect(loadConfig(production).migrateOnStart).toBe(false);
    expect(loadConfig({ ...production, MIGRATE_ON_START: 'true' }).migrateOnStart).toBe(true);
    expect(configErrorOf({ ...production, MIGRATE_ON_START: 'yes' }).problems).toEqual([
      'MIGRATE_ON_START must be true or false (migrate the database as the process starts); unset: true, ' +
        'except in production',
    ]);
  });
});
