import { describe, expect, it } from 'vitest';
import { loadConfig } from './api-config.ts';
import { productionEnv } from '../testing/production-env.ts';
import { problemsOf } from './testing/config-problems.ts';

const local = { DATABASE_URL: 'postgres://portal@127.0.0.1:5432/portal', NODE_ENV: 'development' };
const stripe = {
  PAYMENTS: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_0123456789abcdef',
  STRIPE_WEBHOOK_SECRET: 'whsec_0123456789abcdef',
};

describe('the payment settings (decision 0157)', () => {
  it('takes no payments unless PAYMENTS=stripe, and then Stripe’s own address unless told another', () => {
    expect(loadConfig(local).payments).toEqual({ provider: 'off' });
    expect(loadConfig({ ...local, ...stripe }).payments).toEqual({
      provider: 'stripe',
      secretKey: stripe.STRIPE_SECRET_KEY,
      webhookSecret: stripe.STRIPE_WEBHOOK_SECRET,
      apiUrl: undefined,
      timeoutMs: 10_000,
    });
    expect(
      loadConfig({ ...local, ...stripe, STRIPE_API_URL: 'http://127.0.0.1:12111', STRIPE_TIMEOUT_MS: '3000' })
        .payments,
    ).toMatchObject({ apiUrl: 'http://127.0.0.1:12111', timeoutMs: 3_000 });
  });

  it('names each missing or malformed key without quoting it, and wants https to Stripe in production', () => {
    expect(problemsOf({ ...local, PAYMENTS: 'stripe' })).toEqual([
      expect.stringMatching(/^STRIPE_SECRET_KEY is required/),
      expect.stringMatching(/^STRIPE_WEBHOOK_SECRET is required/),
    ]);
    const problems = problemsOf({ ...local, ...stripe, STRIPE_SECRET_KEY: 'pk_live_public-key' });
    expect(problems).toEqual([expect.stringMatching(/^STRIPE_SECRET_KEY must be a Stripe secret/)]);
    expect(problems.join()).not.toContain('pk_live_public-key');
    const production = {
      ...productionEnv,
      DATABASE_URL: local.DATABASE_URL,
      ...stripe,
      STRIPE_SECRET_KEY: 'rk_live_0123456789abcdef',
    };
    expect(problemsOf({ ...production, STRIPE_API_URL: 'http://stripe.internal' })).toEqual([
      expect.stringMatching(/^STRIPE_API_URL must be/),
    ]);
    // A test-mode key takes no money: production refuses it unless the operator names a staging site.
    const testKey = { ...production, STRIPE_SECRET_KEY: 'sk_test_0123456789abcdef' };
    expect(problemsOf(testKey)).toEqual([expect.stringMatching(/^STRIPE_SECRET_KEY must be/)]);
    expect(loadConfig({ ...testKey, STRIPE_TEST_MODE: 'on' }).payments).toMatchObject({ provider: 'stripe' });
  });
});
