import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const DATABASE_URL = 'postgres://portal:secret-password@db.internal:5432/portal';

function configErrorOf(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('loadConfig accepted a bad environment');
}

describe('loadConfig', () => {
  it('applies the defaults when only DATABASE_URL is set', () => {
    expect(loadConfig({ DATABASE_URL })).toEqual({
      host: '127.0.0.1',
      port: 4000,
      databaseUrl: DATABASE_URL,
      redisUrl: undefined,
      rateLimitMax: 300,
      trustProxy: undefined,
      authIssuers: [
        { issuer: 'http://localhost:4100', audience: 'http://localhost:4000', tokenTypes: ['at+jwt'] },
      ],
      logLevel: 'info',
      nodeEnv: 'development',
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgresql://localhost/portal',
      API_HOST: '0.0.0.0',
      API_PORT: '8080',
      REDIS_URL: 'rediss://cache.internal:6380',
      RATE_LIMIT_MAX: '50',
      TRUST_PROXY: '10.0.0.0/8, 127.0.0.1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    });
    expect(config).toMatchObject({
      host: '0.0.0.0',
      port: 8080,
      redisUrl: 'rediss://cache.internal:6380',
      rateLimitMax: 50,
      trustProxy: ['10.0.0.0/8', '127.0.0.1'],
      logLevel: 'warn',
      nodeEnv: 'production',
    });
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL, REDIS_URL: '', API_PORT: '' })).toMatchObject({
      redisUrl: undefined,
      port: 4000,
    });
  });

  it('names every bad variable in one error, without quoting values', () => {
    const env = {
      DATABASE_URL: 'mysql://root:hunter2@localhost/portal',
      API_PORT: 'notaport',
      RATE_LIMIT_MAX: '0',
      REDIS_URL: 'http://cache',
      TRUST_PROXY: 'the-load-balancer',
      LOG_LEVEL: 'loud',
      NODE_ENV: 'staging',
    };
    const error = configErrorOf(env);
    for (const name of Object.keys(env)) expect(error.message).toContain(`${name} must be`);
    expect(error.problems).toHaveLength(Object.keys(env).length);
    expect(error.message).not.toContain('hunter2');
    expect(error.message).not.toContain('notaport');
  });

  it('reports a missing DATABASE_URL as required, next to the other problems', () => {
    expect(configErrorOf({ API_PORT: '70000' }).problems).toEqual([
      'API_PORT must be a port number from 0 to 65535',
      'DATABASE_URL is required: a postgres:// or postgresql:// URL',
    ]);
  });

  it('rejects ports out of range and non-integers', () => {
    for (const API_PORT of ['65536', '-1', '80.5', '1e3', ' 80']) {
      expect(() => loadConfig({ DATABASE_URL, API_PORT }), API_PORT).toThrow('API_PORT must be');
    }
  });

  describe('trusted issuers', () => {
    it('builds the embedded issuer from EMBEDDED_ISSUER and API_AUDIENCE when AUTH_ISSUERS is unset', () => {
      const config = loadConfig({
        DATABASE_URL,
        EMBEDDED_ISSUER: 'http://localhost:4199',
        API_AUDIENCE: 'http://localhost:4099',
      });
      expect(config.authIssuers).toEqual([
        { issuer: 'http://localhost:4199', audience: 'http://localhost:4099', tokenTypes: ['at+jwt'] },
      ]);
    });

    it('reads AUTH_ISSUERS, defaulting tokenTypes and leaving jwksUri to discovery', () => {
      const issuers = [
        {
          issuer: 'https://vets.eu.auth0.com/',
          audience: 'https://api.vets.example',
          tokenTypes: ['at+jwt', 'JWT'],
        },
        {
          issuer: 'https://login.microsoftonline.com/3f2a/v2.0',
          audience: 'api://portal',
          jwksUri: 'https://login.microsoftonline.com/3f2a/discovery/v2.0/keys',
        },
      ];
      const config = loadConfig({
        DATABASE_URL,
        AUTH_ISSUERS: JSON.stringify(issuers),
        API_AUDIENCE: 'ignored',
      });
      expect(config.authIssuers).toEqual([issuers[0], { ...issuers[1], tokenTypes: ['at+jwt'] }]);
    });

    it.each([
      ['not JSON', '[{issuer:'],
      ['an empty list', '[]'],
      ['an object, not a list', '{"issuer":"https://idp.test","audience":"api"}'],
      ['a bad issuer URL', '[{"issuer":"idp.test","audience":"api"}]'],
      ['a non-http jwksUri', '[{"issuer":"https://idp.test","audience":"api","jwksUri":"file:///etc/keys"}]'],
      ['a missing audience', '[{"issuer":"https://idp.test"}]'],
      ['an empty tokenTypes', '[{"issuer":"https://idp.test","audience":"api","tokenTypes":[]}]'],
      ['an unknown field', '[{"issuer":"https://idp.test","audience":"api","audiences":["x"]}]'],
      [
        'a repeated issuer',
        '[{"issuer":"https://idp.test","audience":"a"},{"issuer":"https://idp.test","audience":"b"}]',
      ],
    ])('refuses AUTH_ISSUERS with %s, naming the variable', (_case, AUTH_ISSUERS) => {
      const error = configErrorOf({ DATABASE_URL, AUTH_ISSUERS });
      expect(error.problems).toHaveLength(1);
      expect(error.problems[0]).toMatch(/^AUTH_ISSUERS must be a JSON array/);
    });

    it('says which entry and field of AUTH_ISSUERS is wrong, without quoting it', () => {
      const AUTH_ISSUERS =
        '[{"issuer":"https://idp.test","audience":"api"},{"issuer":"secret-value","audience":"a"}]';
      const [problem] = configErrorOf({ DATABASE_URL, AUTH_ISSUERS }).problems;
      expect(problem).toContain('(at [1].issuer)');
      expect(problem).not.toContain('secret-value');
    });

    it('refuses a bad EMBEDDED_ISSUER next to the other problems', () => {
      expect(
        configErrorOf({ DATABASE_URL, EMBEDDED_ISSUER: 'localhost:4100', API_PORT: 'x' }).problems,
      ).toEqual([
        'API_PORT must be a port number from 0 to 65535',
        'EMBEDDED_ISSUER must be an http:// or https:// URL (the embedded identity provider)',
      ]);
    });
  });
});
