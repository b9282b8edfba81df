import { describe, expect, it } from 'vitest';
import { loadConfig } from './api-config.ts';
import { productionEnv } from '../testing/production-env.ts';
import { problemsOf } from './testing/config-problems.ts';

const local = { DATABASE_URL: 'postgres://portal@127.0.0.1:5432/portal', NODE_ENV: 'development' };
const gocardless = {
  DIRECT_DEBIT: 'gocardless',
  GOCARDLESS_ACCESS_TOKEN: 'sandbox_0123456789abcdefABCDEF',
  GOCARDLESS_WEBHOOK_SECRET: 'endpoint-secret-0123456789',
};

describe('the Direct Debit settings (decision 0159)', () => {
  it('offers no Direct Debit unless DIRECT_DEBIT=gocardless, and then the token’s own address unless told another', () => {
    expect(loadConfig(local).directDebit).toEqual({ provider: 'off' });
    expect(loadConfig({ ...local, ...gocardless }).directDebit).toEqual({
      provider: 'gocardless',
      accessToken: gocardless.GOCARDLESS_ACCESS_TOKEN,
      webhookSecret: gocardless.GOCARDLESS_WEBHOOK_SECRET,
      apiUrl: undefined,
      timeoutMs: 10_000,
    });
    expect(
      loadConfig({
        ...local,
        ...gocardless,
        GOCARDLESS_API_URL: 'http://127.0.0.1:12112',
        GOCARDLESS_TIMEOUT_MS: '3000',
      }).directDebit,
    ).toMatchObject({ apiUrl: 'http://127.0.0.1:12112', timeoutMs: 3_000 });
  });

  it('names each missing or malformed value without quoting it, and wants https and a live token in production', () => {
    expect(problemsOf({ ...local, DIRECT_DEBIT: 'gocardless' })).toEqual([
      expect.stringMatching(/^GOCARDLESS_ACCESS_TOKEN is required/),
      expect.stringMatching(/^GOCARDLESS_WEBHOOK_SECRET is required/),
    ]);
    const problems = problemsOf({
      ...local,
      ...gocardless,
      GOCARDLESS_ACCESS_TOKEN: 'test_not-a-token-0123456789',
    });
    expect(problems).toEqual([
      expect.stringMatching(/^GOCARDLESS_ACCESS_TOKEN must be a GoCardless access token/),
    ]);
    expect(problems.join()).not.toContain('not-a-token');
    const production = {
      ...productionEnv,
      DATABASE_URL: local.DATABASE_URL,
      ...gocardless,
      GOCARDLESS_ACCESS_TOKEN: 'live_0123456789abcdefABCDEF',
    };
    expect(loadConfig(production).directDebit).toMatchObject({ provider: 'gocardless' });
    expect(problemsOf({ ...production, GOCARDLESS_API_URL: 'http://gocardless.internal' })).toEqual([
      expect.stringMatching(/^GOCARDLESS_API_URL must be/),
    ]);
    // A sandbox token collects nothing: production refuses it unless the operator names a staging site.
    const sandbox = { ...production, GOCARDLESS_ACCESS_TOKEN: gocardless.GOCARDLESS_ACCESS_TOKEN };
    expect(problemsOf(sandbox)).toEqual([expect.stringMatching(/^GOCARDLESS_ACCESS_TOKEN must be/)]);
    expect(loadConfig({ ...sandbox, GOCARDLESS_TEST_MODE: 'on' }).directDebit).toMatchObject({
      provider: 'gocardless',
    });
  });
});
