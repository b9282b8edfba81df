import { z } from 'zod';
import { httpUrl, wholeNumber } from './values.ts';

/**
 * The address lookup's part of the environment (decision 0098). ADDRESS_PROVIDER: `ideal-postcodes`
 * asks Ideal Postcodes' API with IDEAL_POSTCODES_API_KEY; `demo` answers from the demo table (a local
 * run's; production refuses it); `off` has no lookup, and the form asks the person to type the address.
 * Unset: demo outside production, off in production.
 */
const timeoutBounds = [100, 10_000] as const;

const addressLookupEnvShape = {
  ADDRESS_PROVIDER: z.enum(['off', 'demo', 'ideal-postcodes']).optional(),
  // The key travels in the query string (the provider's documented placement): no spaces, no `&`.
  IDEAL_POSTCODES_API_KEY: z
    .string()
    .regex(/^[\w.~-]{4,200}$/)
    .optional(),
  IDEAL_POSTCODES_API_URL: httpUrl.optional(),
  ADDRESS_LOOKUP_TIMEOUT_MS: wholeNumber(timeoutBounds).default(2000),
};

const addressLookupEnvExpected: Record<keyof typeof addressLookupEnvShape, string> = {
  ADDRESS_PROVIDER:
    'off, demo or ideal-postcodes (where the address lookup asks); unset: demo, or off in production, ' +
    'which refuses demo',
  IDEAL_POSTCODES_API_KEY:
    'the Ideal Postcodes API key (ak_…: 4 to 200 letters, digits, _ . ~ or -); required when ' +
    'ADDRESS_PROVIDER=ideal-postcodes',
  IDEAL_POSTCODES_API_URL:
    'the http:// or https:// base of Ideal Postcodes’ API (https in production); unset: ' +
    'https://api.ideal-postcodes.co.uk',
  ADDRESS_LOOKUP_TIMEOUT_MS: `a whole number of milliseconds from ${timeoutBounds[0]} to ${timeoutBounds[1]} (how long the API waits for the provider); unset: 2000`,
};

export const addressLookupSection = {
  shape: addressLookupEnvShape,
  expected: addressLookupEnvExpected,
  rules: [requireAddressLookupSettings],
};

type AddressLookupEnv = z.output<z.ZodObject<typeof addressLookupEnvShape>> & { NODE_ENV: string };

export type AddressLookupConfig =
  | { provider: 'off' | 'demo' }
  | { provider: 'ideal-postcodes'; apiKey: string; apiUrl: string; timeoutMs: number };

/** The rules across variables, checked even when other variables are bad (section.ts's `when`). */
function requireAddressLookupSettings(env: Partial<AddressLookupEnv>, context: z.RefinementCtx): void {
  const production = env.NODE_ENV === 'production';
  // The demo table is empty in production: a lookup that finds nothing is worse than none.
  if (production && env.ADDRESS_PROVIDER === 'demo')
    context.addIssue({ code: 'custom', path: ['ADDRESS_PROVIDER'], message: 'not allowed in production' });
  if (env.ADDRESS_PROVIDER !== 'ideal-postcodes') return;
  if (env.IDEAL_POSTCODES_API_KEY === undefined)
    context.addIssue({ code: 'custom', path: ['IDEAL_POSTCODES_API_KEY'], message: 'required' });
  // The key is in the query string: over http it would cross the network in clear.
  if (production && env.IDEAL_POSTCODES_API_URL?.startsWith('http://'))
    context.addIssue({
      code: 'custom',
      path: ['IDEAL_POSTCODES_API_URL'],
      message: 'must be https in production',
    });
}

export function addressLookupConfigOf(env: AddressLookupEnv): AddressLookupConfig {
  const provider = env.ADDRESS_PROVIDER ?? (env.NODE_ENV === 'production' ? 'off' : 'demo');
  if (provider !== 'ideal-postcodes') return { provider };
  return {
    provider,
    apiKey: env.IDEAL_POSTCODES_API_KEY ?? '',
    apiUrl: (env.IDEAL_POSTCODES_API_URL ?? 'https://api.ideal-postcodes.co.uk').replace(/\/+$/, ''),
    timeoutMs: env.ADDRESS_LOOKUP_TIMEOUT_MS,
  };
}
