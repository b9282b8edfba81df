import { practiceSystemScope } from '@vet/contracts/machine-access';
import { z } from 'zod';
import { httpUrl, wholeNumber } from './values.ts';

/**
 * The integration API's part of the environment (decision 0062): which machine callers it accepts, the
 * scope their tokens must carry, and where they get one (the OpenAPI document's client-credentials flow).
 * api-config.ts parses it with everything else, so one message still names every bad variable.
 */

const rateLimitBounds = [1, 10_000_000] as const;
const failureBounds = [1, 100_000] as const;
/** RFC 6749 3.3: a scope token is printable ASCII without space, `"` or `\`. */
const scopeToken = /^[\x21\x23-\x5B\x5D-\x7E]+$/;
const clientId = z.string().regex(/^[\w.:@/-]+$/);

export const integrationEnvShape = {
  // One machine client for now: a token of any listed client may write every practice of the group, so a
  // second one waits for callers scoped to their practices (docs/security/hardening.md, round three).
  INTEGRATION_CLIENT_IDS: z
    .string()
    .transform((list) => list.split(',').map((entry) => entry.trim()))
    .pipe(z.array(clientId).length(1))
    .optional(),
  INTEGRATION_SCOPE: z.string().regex(scopeToken).default(practiceSystemScope),
  INTEGRATION_TOKEN_URL: httpUrl.optional(),
  INTEGRATION_RATE_LIMIT_MAX: wholeNumber(rateLimitBounds).default(60_000),
  INTEGRATION_FAILURES_PER_ADDRESS: wholeNumber(failureBounds).default(30),
};

export const integrationEnvExpected: Record<keyof typeof integrationEnvShape, string> = {
  INTEGRATION_CLIENT_IDS:
    'the client id of the practice system allowed to call the integration API (letters, digits and . _ - : ' +
    '@ /), one only: its tokens may write every practice, and a second system would too; unset: none is',
  INTEGRATION_SCOPE: `the one scope a practice system's token must carry (no spaces); unset: ${practiceSystemScope}`,
  INTEGRATION_TOKEN_URL:
    'the http:// or https:// token endpoint where practice systems get a client-credentials token (https ' +
    'only in production); unset: the embedded provider’s; required in production when ' +
    'INTEGRATION_CLIENT_IDS is set',
  INTEGRATION_RATE_LIMIT_MAX: `a whole number of integration API requests per minute per caller address, from ${rateLimitBounds[0]} to ${rateLimitBounds[1]}`,
  INTEGRATION_FAILURES_PER_ADDRESS: `a whole number of refused integration API requests (401, 403) per caller address in 10 minutes before its requests answer 429, from ${failureBounds[0]} to ${failureBounds[1]}; unset: 30`,
};

type IntegrationEnv = z.output<z.ZodObject<typeof integrationEnvShape>>;

export interface IntegrationConfig {
  /** The machine clients (`client_id`) whose tokens open the integration API: no other token does. */
  clientIds: string[];
  /** The scope those tokens must carry. */
  scope: string;
  /** Where a machine caller gets its token (published in the OpenAPI document). */
  tokenUrl: string;
  /** Requests per minute per caller address on the integration routes (the portal's limit is far lower). */
  rateLimitMax: number;
  /** Refused requests per caller address in 10 minutes before its requests answer 429. */
  failuresPerAddress: number;
}

export function integrationConfigOf(env: IntegrationEnv, embeddedIssuer: string): IntegrationConfig {
  return {
    clientIds: env.INTEGRATION_CLIENT_IDS ?? [],
    scope: env.INTEGRATION_SCOPE,
    tokenUrl: env.INTEGRATION_TOKEN_URL ?? `${embeddedIssuer.replace(/\/+$/, '')}/oauth/token`,
    rateLimitMax: env.INTEGRATION_RATE_LIMIT_MAX,
    failuresPerAddress: env.INTEGRATION_FAILURES_PER_ADDRESS,
  };
}

/**
 * Production names its own provider (AUTH_ISSUERS), so the embedded provider's token endpoint is no
 * default there, and a client secret must not cross the network in the clear.
 */
export function requireIntegrationTokenUrlInProduction(
  env: IntegrationEnv & { NODE_ENV: string },
  context: z.RefinementCtx,
) {
  if (env.NODE_ENV !== 'production' || env.INTEGRATION_CLIENT_IDS === undefined) return;
  const url: unknown = env.INTEGRATION_TOKEN_URL;
  if (url === undefined)
    context.addIssue({ code: 'custom', path: ['INTEGRATION_TOKEN_URL'], message: 'required in production' });
  else if (typeof url === 'string' && !url.startsWith('https://'))
    context.addIssue({
      code: 'custom',
      path: ['INTEGRATION_TOKEN_URL'],
      message: 'must be https in production',
    });
}
