import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './api-config.ts';
import { productionEnv } from '../testing/production-env.ts';

const base = { DATABASE_URL: 'postgresql://localhost/portal', NODE_ENV: 'development' };
const entry = {
  name: 'ezyvet-north',
  system: 'ezyvet',
  practices: ['PR-1', 'PR-2'],
  base_url: 'https://api.trial.ezyvet.com/',
  settings: { site_id: 1 },
  credentials: { client_id: 'EZYVET_CLIENT_ID', client_secret: 'EZYVET_CLIENT_SECRET' },
};

/** PRACTICE_CONNECTORS (decision 0106): the connectors, their credentials read from the variables named. */
describe('PRACTICE_CONNECTORS', () => {
  it('reads each connector with the credentials its variables hold', () => {
    const config = loadConfig({
      ...base,
      PRACTICE_CONNECTORS: JSON.stringify([entry]),
      EZYVET_CLIENT_ID: 'id-1',
      EZYVET_CLIENT_SECRET: 'secret-1',
    });
    expect(config.connectors).toEqual([
      {
        name: 'ezyvet-north',
        system: 'ezyvet',
        practices: ['PR-1', 'PR-2'],
        baseUrl: 'https://api.trial.ezyvet.com',
        settings: { site_id: 1 },
        credentials: { client_id: 'id-1', client_secret: 'secret-1' },
        pollSeconds: 15,
        alert: { failedPasses: 3, lagSeconds: 900 },
      },
    ]);
  });

  it("takes a list of flat entries as a setting (a connector's price map, decision 0147), nothing deeper", () => {
    const priceMap = [{ item: '501', reason_ref: 'R-1', band: 'cat' }];
    const env = { ...base, EZYVET_CLIENT_ID: 'id-1', EZYVET_CLIENT_SECRET: 'secret-1' };
    const withMap = { ...entry, settings: { price_map: priceMap } };
    const config = loadConfig({ ...env, PRACTICE_CONNECTORS: JSON.stringify([withMap]) });
    expect(config.connectors[0]?.settings).toEqual({ price_map: priceMap });
    const nested = { ...entry, settings: { price_map: [{ item: { id: '501' } }] } };
    expect(() => loadConfig({ ...env, PRACTICE_CONNECTORS: JSON.stringify([nested]) })).toThrow(ConfigError);
  });

  it('names a credential variable that is unset, never its value', () => {
    const load = () =>
      loadConfig({ ...base, PRACTICE_CONNECTORS: JSON.stringify([entry]), EZYVET_CLIENT_ID: 'id-1' });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(/EZYVET_CLIENT_SECRET is required/);
  });

  it.each([
    ['not JSON', '[{'],
    ['an unknown system', JSON.stringify([{ ...entry, system: 'rxworks' }])],
    ['a practice served twice', JSON.stringify([entry, { ...entry, name: 'other' }])],
    [
      'a secret written in the variable',
      JSON.stringify([{ ...entry, credentials: { client_secret: 's3cr3t!' } }]),
    ],
  ])('refuses %s', (_what, value) => {
    expect(() => loadConfig({ ...base, PRACTICE_CONNECTORS: value })).toThrow(/PRACTICE_CONNECTORS must be/);
  });
});

/** Every problem loadConfig names, one a line (never a value). */
function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

const credentials = { EZYVET_CLIENT_ID: 'id-1', EZYVET_CLIENT_SECRET: 'secret-1' };
const production = { ...productionEnv, DATABASE_URL: base.DATABASE_URL, ...credentials };

/** Security round four, S6 (decision 0140): a practice system is called over https in production. */
describe('PRACTICE_CONNECTORS in production', () => {
  const provet = {
    name: 'provet-bath',
    system: 'provet-cloud',
    practices: ['PR-3'],
    base_url: 'http://provetcloud.com',
    credentials: { client_id: 'EZYVET_CLIENT_ID' },
  };
  const booking = { ...entry, settings: { booking_base_url: 'http://apiv2.ezyvet.com' } };

  it('refuses an http base_url or booking_base_url, naming the connector and the field', () => {
    const problems = problemsOf({ ...production, PRACTICE_CONNECTORS: JSON.stringify([booking, provet]) });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^PRACTICE_CONNECTORS must be .*https in production/);
    expect(problems[0]).toMatch(/\(at ezyvet-north\.settings\.booking_base_url, provet-bath\.base_url\)$/);
  });

  it('takes https there, and http outside production (the tests’ stand-ins on loopback)', () => {
    const https = [entry, { ...provet, base_url: 'https://provetcloud.com' }];
    expect(problemsOf({ ...production, PRACTICE_CONNECTORS: JSON.stringify(https) })).toEqual([]);
    const local = { ...base, ...credentials, PRACTICE_CONNECTORS: JSON.stringify([booking, provet]) };
    expect(problemsOf(local)).toEqual([]);
  });
});

/**
 * Security round four, S7 (decision 0140): the webhook secret is a segment of Provet's webhook URL, so a
 * `/` or `+` of `openssl rand -base64 32` would make every webhook a 404, like a wrong secret.
 */
describe('a Provet Cloud connector’s webhook_secret', () => {
  const provet = {
    name: 'provet-bath',
    system: 'provet-cloud',
    practices: ['PR-3'],
    base_url: 'https://provetcloud.com',
    credentials: { webhook_secret: 'PROVET_WEBHOOK_SECRET' },
  };
  const withSecret = (secret: string) =>
    problemsOf({ ...base, PRACTICE_CONNECTORS: JSON.stringify([provet]), PROVET_WEBHOOK_SECRET: secret });

  it.each([
    ['a / of base64', 'q1Xy/0r4Jd9vA2mTn8Lk3pZs6Wb7Hc5Ee1Ff0Gg9Hh8='],
    ['a + of base64', 'q1Xy+0r4Jd9vA2mTn8Lk3pZs6Wb7Hc5Ee1Ff0Gg9Hh8'],
    ['too short', 'a'.repeat(31)],
    ['longer than the route takes', 'a'.repeat(257)],
  ])('is refused at start with %s, naming the variable and the rule, never the value', (_what, secret) => {
    const problems = withSecret(secret);
    expect(problems).toEqual([
      'PROVET_WEBHOOK_SECRET must be 32 to 256 URL-safe characters (letters, digits, - . _ ~), e.g. ' +
        '`openssl rand -hex 32`: connector provet-bath’s webhook_secret is a segment of its webhook URL',
    ]);
  });

  it.each([
    ['hex (openssl rand -hex 32)', 'c0ffee'.repeat(10) + 'abcd'],
    ['base64url', 'q1Xy_0r4Jd9vA2mTn8Lk3pZs6Wb7Hc5Ee1Ff0Gg9Hh8'],
  ])('is taken as %s', (_what, secret) => {
    expect(withSecret(secret)).toEqual([]);
  });
});
