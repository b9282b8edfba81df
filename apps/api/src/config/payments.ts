import { z } from 'zod';
import { httpUrl } from './values.ts';

/**
 * Paying online's part of the environment (decision 0157). PAYMENTS=stripe takes payments through Stripe's
 * hosted Checkout with these keys; unset or `off`, the pages offer no payment. The keys reach the API's
 * processes only: the web never holds them.
 */
const paymentsEnvShape = {
  PAYMENTS: z.enum(['off', 'stripe']).optional(),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9_]{8,}$/)
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_[A-Za-z0-9_+/=]{8,}$/)
    .optional(),
  STRIPE_API_URL: httpUrl.optional(),
  STRIPE_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(60_000).optional(),
  STRIPE_TEST_MODE: z.enum(['on', 'off']).optional(),
};

const paymentsEnvExpected: Record<keyof typeof paymentsEnvShape, string> = {
  PAYMENTS: 'off or stripe (whether owners can pay online, and through whom); unset: off',
  STRIPE_SECRET_KEY:
    'a Stripe secret or restricted key (sk_live_…, rk_live_…; a test-mode sk_test_… in production only with ' +
    'STRIPE_TEST_MODE=on); required when PAYMENTS=stripe',
  STRIPE_WEBHOOK_SECRET:
    'the signing secret of the portal’s webhook endpoint in Stripe’s dashboard (whsec_…); required when PAYMENTS=stripe',
  STRIPE_API_URL:
    'the http:// or https:// base of Stripe’s API (a proxy, or the stand-in in tests and the demo); unset: https://api.stripe.com; https in production',
  STRIPE_TIMEOUT_MS:
    'a whole number of milliseconds from 1000 to 60000 for each call to Stripe; unset: 10000',
  STRIPE_TEST_MODE:
    'on or off: on lets production run with a test-mode key (sk_test_…, rk_test_…), for a staging site; unset: off',
};

export const paymentsSection = {
  shape: paymentsEnvShape,
  expected: paymentsEnvExpected,
  rules: [requirePaymentSettings],
};

type PaymentsEnv = z.output<z.ZodObject<typeof paymentsEnvShape>> & { NODE_ENV: string };

export type PaymentsConfig =
  | { provider: 'off' }
  | {
      provider: 'stripe';
      secretKey: string;
      webhookSecret: string;
      apiUrl: string | undefined;
      timeoutMs: number;
    };

function requirePaymentSettings(env: Partial<PaymentsEnv>, context: z.RefinementCtx): void {
  if (env.PAYMENTS !== 'stripe') return;
  for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const) {
    if (env[name] === undefined) context.addIssue({ code: 'custom', path: [name], message: 'required' });
  }
  // A test-mode key in production takes no money: refused unless the operator says so (a staging site).
  if (
    env.NODE_ENV === 'production' &&
    env.STRIPE_TEST_MODE !== 'on' &&
    /^(sk|rk)_test_/.test(env.STRIPE_SECRET_KEY ?? '')
  ) {
    context.addIssue({
      code: 'custom',
      path: ['STRIPE_SECRET_KEY'],
      message: 'a test-mode key in production',
    });
  }
  if (env.NODE_ENV === 'production' && env.STRIPE_API_URL?.startsWith('http://')) {
    context.addIssue({ code: 'custom', path: ['STRIPE_API_URL'], message: 'must be https in production' });
  }
}

export function paymentsConfigOf(env: PaymentsEnv): PaymentsConfig {
  if (env.PAYMENTS !== 'stripe') return { provider: 'off' };
  return {
    provider: 'stripe',
    secretKey: env.STRIPE_SECRET_KEY ?? '',
    webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? '',
    apiUrl: env.STRIPE_API_URL,
    timeoutMs: env.STRIPE_TIMEOUT_MS ?? 10_000,
  };
}
