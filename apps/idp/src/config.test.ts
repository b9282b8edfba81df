import { describe, expect, it } from 'vitest';
import { ConfigError, DEV_CLIENT_SECRET, loadConfig } from './config.ts';

/** A local run says so (npm start and the tests do): unset, NODE_ENV means production. */
const minimal = { DATABASE_URL: 'postgres://localhost/portal', NODE_ENV: 'development' };
const jwks = JSON.stringify({ keys: [{ kty: 'RSA', d: 'x' }] });
/** Everything production requires (decision 0068). */
const production = {
  DATABASE_URL: 'postgres://localhost/portal',
  NODE_ENV: 'production',
  IDP_ISSUER: 'https://id.vets.example',
  PORTAL_URL: 'https://portal.vets.example',
  API_AUDIENCE: 'https://api.vets.example',
  IDP_CLIENT_SECRET: 'p'.repeat(32),
  IDP_JWKS: jwks,
  IDP_COOKIE_KEYS: 'c'.repeat(32),
};

describe('loadConfig', () => {
  it('fills in the development defaults', () => {
    expect(loadConfig(minimal, '/repo')).toEqual({
      nodeEnv: 'development',
      port: 4100,
      host: '127.0.0.1',
      issuer: 'http://localhost:4100',
      databaseUrl: 'postgres://localhost/portal',
      portalUrl: 'http://localhost:3000',
      apiAudience: 'http://localhost:4000',
      clientId: 'client-portal',
      clientSecret: DEV_CLIENT_SECRET,
      machineClient: undefined,
      keysFile: '/repo/.data/idp/keys.json',
      jwks: undefined,
      cookieKeys: undefined,
      brandName: 'Harbour Vets',
      accessTokenTtl: 600,
      trustedProxyHops: 0,
      database: {
        poolMax: 5,
        statementTimeoutMs: undefined,
        refuseSuperuser: false,
        transactionPooler: false,
      },
      migrateOnStart: true,
      metrics: { port: undefined, host: '127.0.0.1' },
      logLevel: 'info',
    });
  });

  it('logs at LOG_LEVEL, refusing a level pino lacks', () => {
    expect(loadConfig({ ...minimal, LOG_LEVEL: 'warn' }).logLevel).toBe('warn');
    expect(() => loadConfig({ ...minimal, LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
  });

  it('serves metrics on METRICS_PORT only, never on the issuer’s port', () => {
    expect(loadConfig({ ...minimal, METRICS_PORT: '9466' }).metrics).toEqual({
      port: 9466,
      host: '127.0.0.1',
    });
    expect(() => loadConfig({ ...minimal, METRICS_PORT: '4100' })).toThrow(/METRICS_PORT: must differ/);
    expect(() => loadConfig({ ...minimal, METRICS_PORT: 'ninety' })).toThrow(/METRICS_PORT/);
  });

  it('trusts one proxy by default when the issuer is https (TLS ends in front of the provider)', () => {
    expect(loadConfig({ ...minimal, IDP_ISSUER: 'https://id.example.test' }).trustedProxyHops).toBe(1);
    expect(
      loadConfig({ ...minimal, IDP_ISSUER: 'https://id.example.test', IDP_TRUSTED_PROXY_HOPS: '2' })
        .trustedProxyHops,
    ).toBe(2);
    expect(loadConfig({ ...minimal, IDP_TRUSTED_PROXY_HOPS: '1' }).trustedProxyHops).toBe(1);
    expect(() => loadConfig({ ...minimal, IDP_TRUSTED_PROXY_HOPS: '-1' })).toThrow(/IDP_TRUSTED_PROXY_HOPS/);
  });

  it('treats empty values as unset and trims trailing slashes from URLs', () => {
    const config = loadConfig({
      ...minimal,
      IDP_PORT: '',
      PORTAL_URL: 'http://localhost:3200/',
      IDP_PORT_X: '',
    });
    expect(config.port).toBe(4100);
    expect(config.portalUrl).toBe('http://localhost:3200');
  });

  it('refuses to start, listing every bad variable at once', () => {
    const attempt = () =>
      loadConfig({ NODE_ENV: 'test', IDP_PORT: 'eighty', PORTAL_URL: 'ftp://x', ACCESS_TOKEN_TTL: '-1' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/IDP_PORT[\s\S]*DATABASE_URL[\s\S]*PORTAL_URL[\s\S]*ACCESS_TOKEN_TTL/);
  });

  it('lists a missing production secret together with the other problems', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', IDP_PORT: 'x' })).toThrow(
      /IDP_PORT[\s\S]*DATABASE_URL[\s\S]*IDP_CLIENT_SECRET/,
    );
  });

  it('requires a real client secret in production', () => {
    const { IDP_CLIENT_SECRET: _unset, ...withoutSecret } = production;
    expect(() => loadConfig(withoutSecret)).toThrow(/IDP_CLIENT_SECRET/);
    expect(() => loadConfig({ ...production, IDP_CLIENT_SECRET: 'short' })).toThrow(/IDP_CLIENT_SECRET/);
    const secret = 'a'.repeat(32);
    expect(loadConfig({ ...production, IDP_CLIENT_SECRET: secret }).clientSecret).toBe(secret);
  });

  it('treats an unset NODE_ENV as production: refuses without its settings, saying how to run locally', () => {
    const attempt = () => loadConfig({ DATABASE_URL: 'postgres://localhost/portal' });
    for (const name of [
      'IDP_ISSUER',
      'PORTAL_URL',
      'API_AUDIENCE',
      'IDP_CLIENT_SECRET',
      'IDP_JWKS',
      'IDP_COOKIE_KEYS',
    ]) {
      expect(attempt).toThrow(new RegExp(`  - ${name}: `));
    }
    expect(attempt).toThrow(/NODE_ENV is unset, which means production/);
    const { NODE_ENV: _unset, ...withoutNodeEnv } = production;
    expect(loadConfig(withoutNodeEnv)).toMatchObject({ nodeEnv: 'production', migrateOnStart: false });
  });

  it('refuses a database superuser in production unless DATABASE_ALLOW_SUPERUSER=true (decision 0092)', () => {
    expect(loadConfig(production).database.refuseSuperuser).toBe(true);
    expect(loadConfig({ ...production, DATABASE_ALLOW_SUPERUSER: 'true' }).database.refuseSuperuser).toBe(
      false,
    );
    expect(loadConfig(minimal).database.refuseSuperuser).toBe(false);
    expect(() => loadConfig({ ...production, DATABASE_ALLOW_SUPERUSER: 'yes' })).toThrow(
      /DATABASE_ALLOW_SUPERUSER: must be true or false/,
    );
  });

  it('in production, wants its and the portal’s addresses over https, and shared keys', () => {
    expect(() => loadConfig({ ...production, IDP_ISSUER: 'http://id.vets.example' })).toThrow(
      /IDP_ISSUER: must be an https URL in production/,
    );
    expect(() => loadConfig({ ...production, PORTAL_URL: 'http://portal.vets.example' })).toThrow(
      /PORTAL_URL: must be an https URL in production/,
    );
    // Several instances sign with one key set: a keys file would be each instance's own.
    const { IDP_JWKS: _jwks, ...withoutJwks } = production;
    expect(() => loadConfig(withoutJwks)).toThrow(/IDP_JWKS: is required in production/);
    expect(loadConfig(production)).toMatchObject({
      issuer: 'https://id.vets.example',
      portalUrl: 'https://portal.vets.example',
      apiAudience: 'https://api.vets.example',
      trustedProxyHops: 1,
    });
  });

  it('reads the database settings, and migrates at start only outside production unless told', () => {
    expect(
      loadConfig({ ...minimal, DATABASE_POOL_MAX: '8', DATABASE_STATEMENT_TIMEOUT_MS: '20000' }).database,
    ).toEqual({ poolMax: 8, statementTimeoutMs: 20_000, refuseSuperuser: false, transactionPooler: false });
    expect(() => loadConfig({ ...minimal, DATABASE_POOL_MAX: '0' })).toThrow(/DATABASE_POOL_MAX/);
    expect(() => loadConfig({ ...minimal, DATABASE_STATEMENT_TIMEOUT_MS: '-5' })).toThrow(
      /DATABASE_STATEMENT_TIMEOUT_MS/,
    );
    expect(loadConfig({ ...minimal, MIGRATE_ON_START: 'false' }).migrateOnStart).toBe(false);
    expect(loadConfig({ ...production, MIGRATE_ON_START: 'true' }).migrateOnStart).toBe(true);
    expect(() => loadConfig({ ...minimal, MIGRATE_ON_START: 'yes' })).toThrow(/MIGRATE_ON_START/);
  });

  it('behind a transaction pooler, sends statements unnamed and refuses what a pooler cannot carry', () => {
    const pooled = { ...minimal, DATABASE_POOLER: 'transaction' };
    expect(loadConfig(pooled).database.transactionPooler).toBe(true);
    expect(() =>
      loadConfig({ ...pooled, DATABASE_STATEMENT_TIMEOUT_MS: '20000', MIGRATE_ON_START: 'true' }),
    ).toThrow(
      /DATABASE_STATEMENT_TIMEOUT_MS: not sent through a pooler[^]*MIGRATE_ON_START: migrations cannot/,
    );
  });

  it('has a machine client only when given its secret, by default called practice-system', () => {
    expect(loadConfig({ ...minimal, IDP_MACHINE_CLIENT_SECRET: 'local' }).machineClient).toEqual({
      clientId: 'practice-system',
      clientSecret: 'local',
    });
    expect(
      loadConfig({ ...minimal, IDP_MACHINE_CLIENT_ID: 'pms-1', IDP_MACHINE_CLIENT_SECRET: 'local' })
        .machineClient,
    ).toEqual({ clientId: 'pms-1', clientSecret: 'local' });
    expect(() => loadConfig({ ...minimal, IDP_MACHINE_CLIENT_ID: 'pms-1' })).toThrow(
      /IDP_MACHINE_CLIENT_SECRET: is required when IDP_MACHINE_CLIENT_ID is set/,
    );
    expect(() =>
      loadConfig({ ...minimal, IDP_MACHINE_CLIENT_ID: 'client-portal', IDP_MACHINE_CLIENT_SECRET: 'local' }),
    ).toThrow(/IDP_MACHINE_CLIENT_ID: must differ/);
    expect(() =>
      loadConfig({ ...minimal, IDP_MACHINE_CLIENT_ID: 'a b', IDP_MACHINE_CLIENT_SECRET: 'local' }),
    ).toThrow(/IDP_MACHINE_CLIENT_ID/);
  });

  it('refuses a weak machine secret in production, or the portal’s own', () => {
    for (const secret of ['short', 'p'.repeat(32)]) {
      expect(() => loadConfig({ ...production, IDP_MACHINE_CLIENT_SECRET: secret })).toThrow(
        /IDP_MACHINE_CLIENT_SECRET: must be a secret of at least 32 characters/,
      );
    }
    const secret = 'm'.repeat(32);
    expect(loadConfig({ ...production, IDP_MACHINE_CLIENT_SECRET: secret }).machineClient?.clientSecret).toBe(
      secret,
    );
  });

  it('reads keys from the environment when given', () => {
    const config = loadConfig({
      ...minimal,
      IDP_JWKS: JSON.stringify({ keys: [{ kty: 'RSA', d: 'x' }] }),
      IDP_COOKIE_KEYS: `${'a'.repeat(32)}, ${'b'.repeat(32)}`,
    });
    expect(config.jwks?.keys).toHaveLength(1);
    expect(config.cookieKeys).toEqual(['a'.repeat(32), 'b'.repeat(32)]);
    expect(() => loadConfig({ ...minimal, IDP_JWKS: '{not json' })).toThrow(/IDP_JWKS/);
    expect(() => loadConfig({ ...minimal, IDP_COOKIE_KEYS: 'short' })).toThrow(/IDP_COOKIE_KEYS/);
  });
});
