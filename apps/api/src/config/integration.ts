import { machineGrantKinds, practiceSystemScope, type MachineGrantKind } from '@vet/contracts/machine-access';
import { z } from 'zod';
import { httpUrl, jsonValue, wholeNumber } from './values.ts';

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

/**
 * One machine client's grant (decision 0105): `{"client": "pms-north", "practices": ["PRAC-0001"],
 * "kinds": ["clients", "pets", "appointments", "events"]}`; "all" for every practice or kind, said
 * explicitly (an empty list grants nothing and is refused as a mistake).
 */
const grantSchema = z
  .object({
    client: clientId,
    practices: z.union([z.literal('all'), z.array(z.string().trim().min(1).max(100)).min(1)]),
    kinds: z.union([z.literal('all'), z.array(z.enum(machineGrantKinds)).min(1)]),
  })
  .strict();

const grantsSchema = jsonValue(
  z
    .array(grantSchema)
    .refine((grants) => new Set(grants.map((g) => g.client)).size === grants.length, 'a client twice'),
);

const integrationEnvShape = {
  // One machine client of every practice: a second system is given a grant of its own practices instead
  // (INTEGRATION_CLIENT_GRANTS, decision 0105; docs/security/hardening.md, round three).
  INTEGRATION_CLIENT_IDS: z
    .string()
    .transform((list) => list.split(',').map((entry) => entry.trim()))
    .pipe(z.array(clientId).length(1))
    .optional(),
  INTEGRATION_CLIENT_GRANTS: grantsSchema.optional(),
  INTEGRATION_SCOPE: z.string().regex(scopeToken).default(practiceSystemScope),
  INTEGRATION_TOKEN_URL: httpUrl.optional(),
  INTEGRATION_ISSUER: httpUrl.optional(),
  INTEGRATION_RATE_LIMIT_MAX: wholeNumber(rateLimitBounds).default(60_000),
  INTEGRATION_FAILURES_PER_ADDRESS: wholeNumber(failureBounds).default(30),
};

const integrationEnvExpected: Record<keyof typeof integrationEnvShape, string> = {
  INTEGRATION_CLIENT_IDS:
    'the client id of the practice system allowed to call the integration API (letters, digits and . _ - : ' +
    '@ /), one only: its tokens may write every practice, and a second system would too; unset: none is',
  INTEGRATION_CLIENT_GRANTS:
    'a JSON list of machine clients each allowed some practices and kinds: [{"client": "pms-north", ' +
    '"practices": ["PRAC-0001"] or "all", "kinds": ["clients", "pets", "appointments", "events", …] or ' +
    `"all"}], kinds among ${machineGrantKinds.join(', ')}; a client at most once, and not also in ` +
    'INTEGRATION_CLIENT_IDS; unset: none',
  INTEGRATION_SCOPE: `the one scope a practice system's token must carry (no spaces); unset: ${practiceSystemScope}`,
  INTEGRATION_TOKEN_URL:
    'the http:// or https:// token endpoint where practice systems get a client-credentials token (https ' +
    'only in production); unset: the embedded provider’s; required in production when ' +
    'INTEGRATION_CLIENT_IDS is set',
  INTEGRATION_ISSUER:
    'the issuer (one of AUTH_ISSUERS’) whose client-credentials tokens the integration API takes: its ' +
    'clients are the ones INTEGRATION_CLIENT_IDS and INTEGRATION_CLIENT_GRANTS name; required when ' +
    'AUTH_ISSUERS lists more than one issuer and a machine client is named; unset: the one issuer',
  INTEGRATION_RATE_LIMIT_MAX: `a whole number of integration API requests per minute per caller address, from ${rateLimitBounds[0]} to ${rateLimitBounds[1]}`,
  INTEGRATION_FAILURES_PER_ADDRESS: `a whole number of refused integration API requests (401, 403) per caller address in 10 minutes before its requests answer 429, from ${failureBounds[0]} to ${failureBounds[1]}; unset: 30`,
};

export const integrationSection = {
  shape: integrationEnvShape,
  expected: integrationEnvExpected,
  rules: [requireIntegrationTokenUrlInProduction],
};

type IntegrationEnv = z.output<z.ZodObject<typeof integrationEnvShape>>;
/** AUTH_ISSUERS as api-config.ts parses it (raw when it failed): the issuers trusted. */
type TrustedIssuersEnv = { AUTH_ISSUERS?: unknown };

export interface IntegrationConfig {
  /** The machine clients (`client_id`) of every practice and kind, as before grants (decision 0105). */
  clientIds: string[];
  /** The machine clients with a grant of their own: only these and clientIds open the integration API. */
  grants: { clientId: string; practices: 'all' | string[]; kinds: MachineGrantKind[] }[];
  /** The scope those tokens must carry. */
  scope: string;
  /**
   * The one issuer whose machine tokens are taken (security round four, decision 0140): the grants above
   * are keyed by client id, so a client id is only ever this issuer's, and no other trusted issuer can
   * mint a token that acts as one of its clients.
   */
  issuer: string;
  /** Where a machine caller gets its token (published in the OpenAPI document). */
  tokenUrl: string;
  /** Requests per minute per caller address on the integration routes (the portal's limit is far lower). */
  rateLimitMax: number;
  /** Refused requests per caller address in 10 minutes before its requests answer 429. */
  failuresPerAddress: number;
}

export function integrationConfigOf(
  env: IntegrationEnv & TrustedIssuersEnv,
  embeddedIssuer: string,
): IntegrationConfig {
  const trusted = issuersOf(env.AUTH_ISSUERS);
  return {
    clientIds: env.INTEGRATION_CLIENT_IDS ?? [],
    grants: (env.INTEGRATION_CLIENT_GRANTS ?? []).map((grant) => ({
      clientId: grant.client,
      practices: grant.practices,
      kinds: grant.kinds === 'all' ? [...machineGrantKinds] : grant.kinds,
    })),
    scope: env.INTEGRATION_SCOPE,
    issuer: env.INTEGRATION_ISSUER ?? trusted[0] ?? embeddedIssuer,
    tokenUrl: env.INTEGRATION_TOKEN_URL ?? `${embeddedIssuer.replace(/\/+$/, '')}/oauth/token`,
    rateLimitMax: env.INTEGRATION_RATE_LIMIT_MAX,
    failuresPerAddress: env.INTEGRATION_FAILURES_PER_ADDRESS,
  };
}

/**
 * Production names its own provider (AUTH_ISSUERS), so the embedded provider's token endpoint is no
 * default there, and a client secret must not cross the network in the clear.
 */
function requireIntegrationTokenUrlInProduction(
  env: IntegrationEnv & TrustedIssuersEnv & { NODE_ENV: string },
  context: z.RefinementCtx,
) {
  requireMachineIssuer(env, context);
  // Runs on the raw values too when another variable failed (section.ts's `when`): check the shapes first.
  const listed = new Set(Array.isArray(env.INTEGRATION_CLIENT_IDS) ? env.INTEGRATION_CLIENT_IDS : []);
  const grants: unknown = env.INTEGRATION_CLIENT_GRANTS;
  if (Array.isArray(grants) && grants.some((grant: { client?: string }) => listed.has(grant.client ?? '')))
    context.addIssue({
      code: 'custom',
      path: ['INTEGRATION_CLIENT_GRANTS'],
      message: 'names a client INTEGRATION_CLIENT_IDS lists already (every practice and kind)',
    });
  if (env.NODE_ENV !== 'production') return;
  if (env.INTEGRATION_CLIENT_IDS === undefined && env.INTEGRATION_CLIENT_GRANTS === undefined) return;
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

/** The issuers AUTH_ISSUERS lists, when its value is the list it should be (the rules see a bad one too). */
function issuersOf(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return (value as unknown[]).flatMap((entry) => {
    const issuer = (entry as { issuer?: unknown } | null)?.issuer;
    return typeof issuer === 'string' ? [issuer] : [];
  });
}

/**
 * Machine clients are named by client id alone, and two issuers could each have a client of that id: with
 * more than one trusted issuer, the operator names the one whose clients they are (decision 0140).
 */
function requireMachineIssuer(env: IntegrationEnv & TrustedIssuersEnv, context: z.RefinementCtx) {
  const trusted = issuersOf(env.AUTH_ISSUERS);
  const named = env.INTEGRATION_CLIENT_IDS !== undefined || env.INTEGRATION_CLIENT_GRANTS !== undefined;
  const issuer: unknown = env.INTEGRATION_ISSUER;
  if (issuer === undefined && named && trusted.length > 1)
    context.addIssue({
      code: 'custom',
      path: ['INTEGRATION_ISSUER'],
      message: 'required when AUTH_ISSUERS lists more than one issuer',
    });
  if (typeof issuer === 'string' && trusted.length > 0 && !trusted.includes(issuer))
    context.addIssue({
      code: 'custom',
      path: ['INTEGRATION_ISSUER'],
      message: 'must be one of AUTH_ISSUERS’ issuers',
    });
}
