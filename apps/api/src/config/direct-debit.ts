import { z } from 'zod';
import { httpUrl } from './values.ts';

/**
 * Direct Debit's part of the environment (decision 0159). DIRECT_DEBIT=gocardless sets up owners' Direct
 * Debits on GoCardless's hosted page with this token; unset or `off`, no plan can be joined online. The
 * token and secret reach the API's processes only: the web never holds them.
 */
const directDebitEnvShape = {
  DIRECT_DEBIT: z.enum(['off', 'gocardless']).optional(),
  // https://developer.gocardless.com/getting-started/api/making-your-first-request: `sandbox_…` or `live_…`.
  GOCARDLESS_ACCESS_TOKEN: z
    .string()
    .regex(/^(sandbox|live)_[A-Za-z0-9_-]{20,}$/)
    .optional(),
  // The endpoint's secret as set in the dashboard: no documented shape, so only a sane length.
  GOCARDLESS_WEBHOOK_SECRET: z
    .string()
    .regex(/^[\x21-\x7e]{16,200}$/)
    .optional(),
  GOCARDLESS_API_URL: httpUrl.optional(),
  GOCARDLESS_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(60_000).optional(),
  GOCARDLESS_TEST_MODE: z.enum(['on', 'off']).optional(),
};

const directDebitEnvExpected: Record<keyof typeof directDebitEnvShape, string> = {
  DIRECT_DEBIT: 'off or gocardless (whether owners can join a plan by Direct Debit online); unset: off',
  GOCARDLESS_ACCESS_TOKEN:
    'a GoCardless access token (live_…; a sandbox_… token in production only with GOCARDLESS_TEST_MODE=on); ' +
    'required when DIRECT_DEBIT=gocardless',
  GOCARDLESS_WEBHOOK_SECRET:
    'the secret of the portal’s webhook endpoint in GoCardless’s dashboard (16 to 200 printable characters, ' +
    'no spaces); required when DIRECT_DEBIT=gocardless',
  GOCARDLESS_API_URL:
    'the http:// or https:// base of GoCardless’s API (a proxy, or the stand-in in tests and the demo); unset: ' +
    'the token’s own (api.gocardless.com or api-sandbox.gocardless.com); https in production',
  GOCARDLESS_TIMEOUT_MS:
    'a whole number of milliseconds from 1000 to 60000 for each call to GoCardless; unset: 10000',
  GOCARDLESS_TEST_MODE:
    'on or off: on lets production run with a sandbox token (sandbox_…), for a staging site; unset: off',
};

export const directDebitSection = {
  shape: directDebitEnvShape,
  expected: directDebitEnvExpected,
  rules: [requireDirectDebitSettings],
};

type DirectDebitEnv = z.output<z.ZodObject<typeof directDebitEnvShape>> & { NODE_ENV: string };

export type DirectDebitConfig =
  | { provider: 'off' }
  | {
      provider: 'gocardless';
      accessToken: string;
      webhookSecret: string;
      apiUrl: string | undefined;
      timeoutMs: number;
    };

function requireDirectDebitSettings(env: Partial<DirectDebitEnv>, context: z.RefinementCtx): void {
  if (env.DIRECT_DEBIT !== 'gocardless') return;
  for (const name of ['GOCARDLESS_ACCESS_TOKEN', 'GOCARDLESS_WEBHOOK_SECRET'] as const) {
    if (env[name] === undefined) context.addIssue({ code: 'custom', path: [name], message: 'required' });
  }
  // A sandbox token in production collects nothing: refused unless the operator says so (a staging site).
  if (
    env.NODE_ENV === 'production' &&
    env.GOCARDLESS_TEST_MODE !== 'on' &&
    env.GOCARDLESS_ACCESS_TOKEN?.startsWith('sandbox_')
  ) {
    context.addIssue({
      code: 'custom',
      path: ['GOCARDLESS_ACCESS_TOKEN'],
      message: 'a sandbox token in production',
    });
  }
  if (env.NODE_ENV === 'production' && env.GOCARDLESS_API_URL?.startsWith('http://')) {
    context.addIssue({
      code: 'custom',
      path: ['GOCARDLESS_API_URL'],
      message: 'must be https in production',
    });
  }
}

export function directDebitConfigOf(env: DirectDebitEnv): DirectDebitConfig {
  if (env.DIRECT_DEBIT !== 'gocardless') return { provider: 'off' };
  return {
    provider: 'gocardless',
    accessToken: env.GOCARDLESS_ACCESS_TOKEN ?? '',
    webhookSecret: env.GOCARDLESS_WEBHOOK_SECRET ?? '',
    apiUrl: env.GOCARDLESS_API_URL,
    timeoutMs: env.GOCARDLESS_TIMEOUT_MS ?? 10_000,
  };
}
