import { defaultRetentionPeriods } from './retention.ts';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEV_VERIFICATION_CODE_PEPPER, loadConfig } from './api-config.ts';
import { productionEnv } from '../testing/production-env.ts';
import { noPrivateHosts } from '@vet/practice-events/endpoint-address';
import { developmentSecretKeys } from '@vet/practice-events/secret-box';

const DATABASE_URL = 'postgres://portal:secret-password@db.internal:5432/portal';
const PEPPER = 'a-production-pepper-that-is-long-enough-0123456789';
/** A local run says so (npm start and the tests do): unset, NODE_ENV means production. */
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

describe('loadConfig', () => {
  it('applies the defaults when only DATABASE_URL and NODE_ENV=development are set', () => {
    expect(loadConfig(local)).toEqual({
      host: '127.0.0.1',
      port: 4000,
      publicUrl: 'http://localhost:4000',
      databaseUrl: DATABASE_URL,
      database: {
        poolMax: 10,
        directUrl: DATABASE_URL,
        directPoolMax: 2,
        transactionPooler: false,
        emailConcurrency: 2,
        statementTimeoutMs: undefined,
        refuseSuperuser: false,
      },
      migrateOnStart: true,
      redisUrl: undefined,
      rateLimitMax: 300,
      onboardingChecksPerHour: 120,
      onboardingChecksPerAddress: 10,
      bookingRateLimitMax: 20,
      bookingCaps: true,
      reminders: true,
      trustProxy: undefined,
      authIssuers: [
        {
          issuer: 'http://localhost:4100',
          audience: 'http://localhost:4000',
          tokenTypes: ['at+jwt'],
          personScope: 'openid',
        },
      ],
      embeddedIssuer: 'http://localhost:4100',
      portalUrl: 'http://localhost:3000',
      brandName: 'Harbour Vets',
      verificationCodePepper: DEV_VERIFICATION_CODE_PEPPER,
      smtpUrl: undefined,
      mailFrom: '"Harbour Vets Client Portal" <no-reply@harbourvets.example>',
      devMailbox: true,
      apiDocs: true,
      logLevel: 'info',
      nodeEnv: 'development',
      integration: {
        clientIds: [],
        grants: [],
        scope: 'practice-system',
        issuer: 'http://localhost:4100',
        tokenUrl: 'http://localhost:4100/oauth/token',
        rateLimitMax: 60_000,
        failuresPerAddress: 30,
      },
      practiceEvents: {
        limits: { timeoutMs: 10_000, maxResponseBytes: 65_536 },
        retry: {
          baseMs: 5000,
          maxMs: 600_000,
          giveUpAfterMs: 72 * 3600_000,
          disableEndpointAfterMs: 5 * 24 * 3600_000,
        },
        concurrency: 4,
        requireHttps: false,
        secretKeys: developmentSecretKeys,
        allowedPrivateHosts: noPrivateHosts,
      },
      connectors: [],
      maintenance: false,
      metrics: { port: undefined, host: '127.0.0.1' },
      sms: { provider: 'outbox' },
      payments: { provider: 'off' },
      directDebit: { provider: 'off' },
      attachments: { store: { kind: 'database' }, clamd: undefined },
      addressLookup: { provider: 'demo' },
      retention: { enabled: true, periods: defaultRetentionPeriods, batchSize: 500, pauseMs: 500 },
      process: { role: 'all', http: { keepAliveTimeoutMs: 72_000, headersTimeoutMs: 60_000 } },
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgresql://localhost/portal',
      DATABASE_POOL_MAX: '25',
      DATABASE_STATEMENT_TIMEOUT_MS: '30000',
      MIGRATE_ON_START: 'true',
      DATABASE_ALLOW_SUPERUSER: 'true',
      API_HOST: '0.0.0.0',
      API_PORT: '8080',
      API_PUBLIC_URL: 'https://api.vets.example',
      REDIS_URL: 'rediss://cache.internal:6380',
      RATE_LIMIT_MAX: '50',
      ONBOARDING_CHECKS_PER_HOUR: '400',
      ONBOARDING_CHECKS_PER_ADDRESS: '30',
      BOOKING_RATE_LIMIT_MAX: '40',
      BOOKING_CAPS: 'on',
      REMINDERS: 'off',
      TRUST_PROXY: '10.0.0.0/8, 127.0.0.1',
      PORTAL_URL: 'https://portal.vets.example/',
      BRAND_NAME: 'Willowbrook Vets',
      VERIFICATION_CODE_PEPPER: PEPPER,
      SMTP_URL: 'smtps://mailer:s%40cret@smtp.vets.example:465',
      MAIL_FROM: 'Harbour Vets <portal@harbourvets.example>',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      EMBEDDED_ISSUER: 'none',
      WEBHOOK_SECRET_KEYS: `k1:${Buffer.alloc(32, 1).toString('base64')}`,
      AUTH_ISSUERS: JSON.stringify([
        { issuer: 'https://login.vets.example', audience: 'https://api.vets.example' },
      ]),
    });
    expect(config).toMatchObject({
      database: { poolMax: 25, statementTimeoutMs: 30_000, refuseSuperuser: false },
      migrateOnStart: true,
      smtpUrl: 'smtps://mailer:s%40cret@smtp.vets.example:465',
      mailFrom: 'Harbour Vets <portal@harbourvets.example>',
      devMailbox: false,
      apiDocs: false,
      host: '0.0.0.0',
      port: 8080,
      publicUrl: 'https://api.vets.example',
      redisUrl: 'rediss://cache.internal:6380',
      rateLimitMax: 50,
      onboardingChecksPerHour: 400,
      onboardingChecksPerAddress: 30,
      bookingRateLimitMax: 40,
      bookingCaps: true,
      reminders: false,
      trustProxy: ['10.0.0.0/8', '127.0.0.1'],
      portalUrl: 'https://portal.vets.example',
      brandName: 'Willowbrook Vets',
      verificationCodePepper: PEPPER,
      logLevel: 'warn',
      nodeEnv: 'production',
    });
  });

  it('refuses a database superuser in production unless DATABASE_ALLOW_SUPERUSER=true (decision 0092)', () => {
    const production = { ...productionEnv, DATABASE_URL };
    expect(loadConfig(production).database.refuseSuperuser).toBe(true);
    expect(loadConfig({ ...production, DATABASE_ALLOW_SUPERUSER: 'false' }).database.refuseSuperuser).toBe(
      true,
    );
    expect(loadConfig({ ...production, DATABASE_ALLOW_SUPERUSER: 'true' }).database.refuseSuperuser).toBe(
      false,
    );
    // npm start and the tests: the embedded server's superuser.
    expect(loadConfig(local).database.refuseSuperuser).toBe(false);
    expect(configErrorOf({ ...production, DATABASE_ALLOW_SUPERUSER: 'yes' }).problems).toEqual([
      'DATABASE_ALLOW_SUPERUSER must be true or false (let a production API connect as a PostgreSQL ' +
        'superuser); unset: false, refused in production as a superuser (decision 0092)',
    ]);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ ...local, REDIS_URL: '', API_PORT: '' })).toMatchObject({
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
    expect(configErrorOf({ API_PORT: '70000', NODE_ENV: 'development' }).problems).toEqual([
      'API_PORT must be a port number from 0 to 65535',
      'DATABASE_URL is required: a postgres:// or postgresql:// URL',
    ]);
  });

  it('rejects ports out of range and non-integers', () => {
    for (const API_PORT of ['65536', '-1', '80.5', '1e3', ' 80']) {
      expect(() => loadConfig({ ...local, API_PORT }), API_PORT).toThrow('API_PORT must be');
    }
  });

  it('names the real bounds of the rate limit, so a value past them is easy to fix', () => {
    for (const RATE_LIMIT_MAX of ['0', '100000000']) {
      expect(configErrorOf({ ...local, RATE_LIMIT_MAX }).problems).toEqual([
        'RATE_LIMIT_MAX must be a whole number of requests per minute per client address, from 1 to 1000000',
      ]);
    }
    expect(loadConfig({ ...local, RATE_LIMIT_MAX: '1000000' }).rateLimitMax).toBe(1_000_000);
  });

  describe('trusted issuers', () => {
    it('builds the embedded issuer from EMBEDDED_ISSUER and API_AUDIENCE when AUTH_ISSUERS is unset', () => {
      const config = loadConfig({
        ...local,
        EMBEDDED_ISSUER: 'http://localhost:4199',
        API_AUDIENCE: 'http://localhost:4099',
      });
      expect(config.authIssuers).toEqual([
        {
          issuer: 'http://localhost:4199',
          audience: 'http://localhost:4099',
          tokenTypes: ['at+jwt'],
          personScope: 'openid',
        },
      ]);
    });

    it('reads AUTH_ISSUERS, defaulting tokenTypes and personScope and leaving jwksUri to discovery', () => {
      const issuers = [
        {
          issuer: 'https://vets.eu.auth0.com/',
          audience: 'https://api.vets.example',
          tokenTypes: ['at+jwt', 'JWT'],
          personScope: 'openid',
        },
        {
          issuer: 'https://login.microsoftonline.com/3f2a/v2.0',
          audience: 'api://portal',
          jwksUri: 'https://login.microsoftonline.com/3f2a/discovery/v2.0/keys',
          personScope: 'access',
        },
      ];
      const config = loadConfig({
        ...local,
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
      const error = configErrorOf({ ...local, AUTH_ISSUERS });
      expect(error.problems).toHaveLength(1);
      expect(error.problems[0]).toMatch(/^AUTH_ISSUERS must be a JSON array/);
    });

    it('says which entry and field of AUTH_ISSUERS is wrong, without quoting it', () => {
      const AUTH_ISSUERS =
        '[{"issuer":"https://idp.test","audience":"api"},{"issuer":"secret-value","audience":"a"}]';
      const [problem] = configErrorOf({ ...local, AUTH_ISSUERS }).problems;
      expect(problem).toContain('(at [1].issuer)');
      expect(problem).not.toContain('secret-value');
    });

    it('refuses a bad EMBEDDED_ISSUER next to the other problems', () => {
      expect(configErrorOf({ ...local, EMBEDDED_ISSUER: 'localhost:4100', API_PORT: 'x' }).problems).toEqual([
        'API_PORT must be a port number from 0 to 65535',
        'EMBEDDED_ISSUER must be the embedded identity provider’s issuer, an http:// or https:// URL (https ' +
          'in production, and one of AUTH_ISSUERS’ issuers there), or none when no embedded provider runs; ' +
          'required in production; unset elsewhere: http://localhost:4100',
      ]);
    });
  });

  describe('the verification-code pepper', () => {
    const pepperProblems = (env: Record<string, string>) =>
      configErrorOf(env).problems.filter((problem) => problem.startsWith('VERIFICATION_CODE_PEPPER'));

    it('is required in production, where the development default is refused too', () => {
      expect(pepperProblems({ ...local, NODE_ENV: 'production' })).toEqual([
        expect.stringMatching(/^VERIFICATION_CODE_PEPPER is required: a random secret of 32\+ characters/),
      ]);
      const withDefault = {
        DATABASE_URL,
        NODE_ENV: 'production',
        VERIFICATION_CODE_PEPPER: DEV_VERIFICATION_CODE_PEPPER,
      };
      expect(pepperProblems(withDefault)).toEqual([
        expect.stringMatching(/^VERIFICATION_CODE_PEPPER must be/),
      ]);
    });

    it('is named next to the other problems, and never quoted', () => {
      const error = configErrorOf({ ...local, API_PORT: 'x', VERIFICATION_CODE_PEPPER: 'short-secret' });
      expect(error.problems).toEqual([
        'API_PORT must be a port number from 0 to 65535',
        expect.stringMatching(/^VERIFICATION_CODE_PEPPER must be a random secret/),
      ]);
      expect(error.message).not.toContain('short-secret');
    });

    it('defaults outside production, so a local run needs no setup', () => {
      expect(loadConfig({ ...local, NODE_ENV: 'test' }).verificationCodePepper).toBe(
        DEV_VERIFICATION_CODE_PEPPER,
      );
    });
  });

  describe('e-mail', () => {
    it('keeps e-mails in the development mailbox when no SMTP server is set, outside production', () => {
      expect(loadConfig({ ...local, NODE_ENV: 'test' })).toMatchObject({
        smtpUrl: undefined,
        devMailbox: true,
      });
      expect(loadConfig({ ...local, SMTP_URL: 'smtp://127.0.0.1:2525' }).devMailbox).toBe(false);
      expect(
        loadConfig({ ...local, SMTP_URL: 'smtp://127.0.0.1:2525', DEV_MAILBOX: 'true' }).devMailbox,
      ).toBe(true);
      expect(loadConfig({ ...local, DEV_MAILBOX: 'false' }).devMailbox).toBe(false);
    });

    it('refuses to start in production without SMTP_URL, or with the development mailbox', () => {
      const error = configErrorOf({ ...local, NODE_ENV: 'production', DEV_MAILBOX: 'true' });
      expect(error.problems).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^SMTP_URL is required: an smtp:\/\/ or smtps:\/\/ URL/),
          expect.stringMatching(/^DEV_MAILBOX must be true or false .*never true in production/),
        ]),
      );
    });

    it('accepts only smtp:// and smtps:// URLs, without quoting them', () => {
      for (const SMTP_URL of ['http://mail.example', 'mail.example:25', 'smtp://']) {
        const error = configErrorOf({ ...local, SMTP_URL: SMTP_URL.replace('mail', 'hunter2-mail') });
        expect(error.problems, SMTP_URL).toEqual([expect.stringMatching(/^SMTP_URL must be an smtp:\/\//)]);
        expect(error.message).not.toContain('hunter2');
      }
      expect(configErrorOf({ ...local, DEV_MAILBOX: 'yes' }).problems).toEqual([
        expect.stringMatching(/^DEV_MAILBOX must be true or false/),
      ]);
    });
  });

  describe('production refuses unsafe defaults', () => {
    const { AUTH_ISSUERS: _named, ...production } = { ...productionEnv, DATABASE_URL };
    const httpsIssuer = { issuer: 'https://login.vets.example', audience: 'https://api.vets.example' };

    it('requires AUTH_ISSUERS: the embedded provider at its http default is for local runs', () => {
      expect(configErrorOf(production).problems).toEqual([
        expect.stringMatching(/^AUTH_ISSUERS is required: .*which production refuses/),
      ]);
      expect(loadConfig({ ...production, AUTH_ISSUERS: JSON.stringify([httpsIssuer]) }).authIssuers).toEqual([
        { ...httpsIssuer, tokenTypes: ['at+jwt'], personScope: 'openid' },
      ]);
    });

    it('refuses http issuers and JWKS URLs, naming the entry and field', () => {
      const AUTH_ISSUERS = JSON.stringify([
        { ...httpsIssuer, jwksUri: 'http://login.vets.example/keys' },
        { issuer: 'http://other.vets.example', audience: 'api' },
      ]);
      expect(configErrorOf({ ...production, AUTH_ISSUERS }).problems).toEqual([
        'AUTH_ISSUERS must be a JSON array of { "issuer", "audience", "jwksUri"?, "tokenTypes"? } with http(s) ' +
          'URLs (https only in production) and distinct issuers; unset means the embedded provider, which ' +
          'production refuses (at [0].jwksUri, [1].issuer)',
      ]);
      // Outside production, a local provider over http is fine.
      expect(() => loadConfig({ ...local, AUTH_ISSUERS })).not.toThrow();
    });

    it('lists the issuer problems next to the others', () => {
      const error = configErrorOf({ ...local, NODE_ENV: 'production', API_PORT: 'x' });
      expect(error.problems.map((problem) => problem.split(' ')[0]).sort()).toEqual([
        'API_PORT',
        'AUTH_ISSUERS',
        'EMBEDDED_ISSUER',
        'PORTAL_URL',
        'REDIS_URL',
        'SMTP_URL',
        'TRUST_PROXY',
        'VERIFICATION_CODE_PEPPER',
        'WEBHOOK_SECRET_KEYS',
      ]);
    });

    it('requires TRUST_PROXY: without it every client would share the web server’s address and limits', () => {
      const withIssuers = { ...production, AUTH_ISSUERS: JSON.stringify([httpsIssuer]) };
      const { TRUST_PROXY: _unset, ...withoutProxy } = withIssuers;
      expect(configErrorOf(withoutProxy).problems).toEqual([
        expect.stringMatching(/^TRUST_PROXY is required: .*the web server.*required in production/),
      ]);
      expect(loadConfig(withIssuers).trustProxy).toEqual(['10.0.0.0/8']);
      // Outside production, a local run without a proxy in front still starts.
      expect(loadConfig({ ...local }).trustProxy).toBeUndefined();
    });

    it('keeps the booking caps of decision 0057 on: off is for test harnesses only', () => {
      const withIssuers = { ...production, AUTH_ISSUERS: JSON.stringify([httpsIssuer]) };
      expect(loadConfig(withIssuers).bookingCaps).toBe(true);
      expect(configErrorOf({ ...withIssuers, BOOKING_CAPS: 'off' }).problems).toEqual([
        expect.stringMatching(/^BOOKING_CAPS must be on or off .*never off in production/),
      ]);
      expect(loadConfig({ ...local, BOOKING_CAPS: 'off' }).bookingCaps).toBe(false);
    });

    it('does not trip over an AUTH_ISSUERS that is not JSON', () => {
      expect(configErrorOf({ ...production, AUTH_ISSUERS: '[oops' }).problems).toEqual([
        expect.stringMatching(/^AUTH_ISSUERS must be a JSON array/),
      ]);
    });

    it('turns the API documentation off in production unless API_DOCS=on', () => {
      const withIssuers = { ...production, AUTH_ISSUERS: JSON.stringify([httpsIssuer]) };
      expect(loadConfig(withIssuers).apiDocs).toBe(false);
      expect(loadConfig({ ...withIssuers, API_DOCS: 'on' }).apiDocs).toBe(true);
      expect(loadConfig({ ...local }).apiDocs).toBe(true);
      expect(loadConfig({ ...local, API_DOCS: 'off' }).apiDocs).toBe(false);
      expect(configErrorOf({ ...local, API_DOCS: 'yes' }).problems).toEqual([
        'API_DOCS must be on or off (the OpenAPI document and UI at /docs); unset: on, except in production',
      ]);
    });
  });
});
