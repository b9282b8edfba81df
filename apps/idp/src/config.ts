import { resolve } from 'node:path';
import { defaultMachineClientId } from '@vet/contracts/machine-access';
import { z } from 'zod';
import { DEV_CLIENT_SECRET, productionProblems } from './config-production-rules.ts';

export { DEV_CLIENT_SECRET };

/** The portal's client id unless IDP_CLIENT_ID names another. */
const DEFAULT_CLIENT_ID = 'client-portal';

const httpUrl = z
  .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
  .transform((value) => value.replace(/\/+$/, ''));

const jwkSet = z.object({
  keys: z.array(z.looseObject({ kty: z.string(), d: z.string().optional() })).min(1),
});

const jsonJwks = z.string().transform((text, ctx) => {
  try {
    const parsed = jwkSet.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data;
  } catch {
    // fall through to the issue below
  }
  ctx.addIssue({ code: 'custom', message: 'must be a JSON Web Key Set: {"keys":[…private JWKs…]}' });
  return z.NEVER;
});

const commaList = z
  .string()
  .transform((text) => text.split(',').map((key) => key.trim()))
  .pipe(z.array(z.string().min(32, 'each cookie key needs at least 32 characters')).min(1));

const migrateFlag = z.enum(['true', 'false'], { error: 'must be true or false' });

const envSchema = z.object({
  // Unset is production (decision 0068): a local run and the tests say what they are.
  NODE_ENV: z.enum(['development', 'test', 'production']).default('production'),
  IDP_PORT: z.coerce.number().int().min(0).max(65_535).default(4100),
  IDP_HOST: z.string().min(1).default('127.0.0.1'),
  IDP_ISSUER: httpUrl.optional(),
  DATABASE_URL: z.string({ error: 'is required' }).min(1, 'is required'),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(1000).default(5),
  // transaction: DATABASE_URL is a transaction-mode pooler (decision 0128).
  DATABASE_POOLER: z.enum(['none', 'transaction']).default('none'),
  // Milliseconds a statement may run; 0: no limit (the server's own).
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(0),
  MIGRATE_ON_START: migrateFlag.optional(),
  // true: a production provider may connect as a PostgreSQL superuser (decision 0092); unset: refused.
  DATABASE_ALLOW_SUPERUSER: z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
  PORTAL_URL: httpUrl.default('http://localhost:3000'),
  API_AUDIENCE: z.string().min(1).default('http://localhost:4000'),
  IDP_CLIENT_ID: z.string().min(1).default(DEFAULT_CLIENT_ID),
  IDP_CLIENT_SECRET: z.string().min(1).optional(),
  IDP_MACHINE_CLIENT_ID: z
    .string()
    .regex(/^[\w.-]+$/, 'letters, digits, ".", "_" and "-" only')
    .optional(),
  IDP_MACHINE_CLIENT_SECRET: z.string().min(1).optional(),
  IDP_KEYS_FILE: z.string().min(1).default('.data/idp/keys.json'),
  IDP_JWKS: jsonJwks.optional(),
  IDP_COOKIE_KEYS: commaList.optional(),
  BRAND_NAME: z.string().min(1).default('Harbour Vets'),
  ACCESS_TOKEN_TTL: z.coerce.number().int().positive().default(600),
  IDP_TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(10).optional(),
  // Prometheus metrics on a port of their own (metrics.ts, decision 0072); unset: none.
  METRICS_PORT: z.coerce.number().int().min(1).max(65_535).optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  // The JSON log lines (pino, logging.ts) at this level and above.
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export interface IdpConfig {
  nodeEnv: 'development' | 'test' | 'production';
  port: number;
  host: string;
  /** No trailing slash. */
  issuer: string;
  databaseUrl: string;
  /** No trailing slash. */
  portalUrl: string;
  /** The API's identifier: the `aud` of every access token. */
  apiAudience: string;
  clientId: string;
  clientSecret: string;
  /**
   * The practice system's client (decision 0062): client-credentials tokens with the practice-system
   * scope, nothing else. Unset: the provider has no machine client.
   */
  machineClient: MachineClient | undefined;
  /** Absolute path. */
  keysFile: string;
  /** Production: signing keys from the environment instead of the keys file. */
  jwks: { keys: Record<string, unknown>[] } | undefined;
  /** Production: cookie signing keys from the environment instead of the keys file. */
  cookieKeys: string[] | undefined;
  brandName: string;
  /** Seconds. */
  accessTokenTtl: number;
  /**
   * How many proxies in front of the provider append to `X-Forwarded-For` (the web's TRUSTED_PROXY_HOPS
   * convention, decision 0025). Above 0 the provider believes their `X-Forwarded-Proto`/`-Host` (TLS ends
   * at the proxy) and takes the client's address from the N-th entry from the right.
   */
  trustedProxyHops: number;
  /**
   * The pool's size (5 unless DATABASE_POOL_MAX) and statement timeout (none unless set); whether to
   * refuse a superuser connection (production, unless DATABASE_ALLOW_SUPERUSER=true: decision 0092).
   */
  database: {
    poolMax: number;
    statementTimeoutMs: number | undefined;
    refuseSuperuser: boolean;
    /** DATABASE_URL is a transaction-mode pooler: statements go unnamed (decision 0128). */
    transactionPooler: boolean;
  };
  /** Migrate as the process starts: outside production, or with MIGRATE_ON_START=true. */
  migrateOnStart: boolean;
  /** Prometheus metrics (metrics.ts): port unset, none; host 127.0.0.1 unless METRICS_HOST. */
  metrics: { port: number | undefined; host: string };
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
}

export interface MachineClient {
  clientId: string;
  clientSecret: string;
}

/** The machine client's id unless IDP_MACHINE_CLIENT_ID names another. */
const DEFAULT_MACHINE_CLIENT_ID = defaultMachineClientId;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * The only reader of the environment. Empty values count as unset. Throws a ConfigError that lists every
 * bad variable, so the process refuses to start with one message.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): IdpConfig {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = envSchema.safeParse(present);
  const problems = parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  problems.push(...productionProblems(present), ...machineClientProblems(present));
  if (parsed.success) problems.push(...poolerProblems(parsed.data));
  if (parsed.success && parsed.data.METRICS_PORT === parsed.data.IDP_PORT)
    problems.push("METRICS_PORT: must differ from IDP_PORT (the issuer's port never serves the metrics)");
  if (!parsed.success || problems.length) {
    const lines = problems.map((problem) => `  - ${problem}`).join('\n');
    const note =
      present.NODE_ENV === undefined
        ? '\nNODE_ENV is unset, which means production; for a local run set NODE_ENV=development (npm start does).'
        : '';
    throw new ConfigError(`The identity provider's configuration is not valid:\n${lines}${note}`);
  }
  const e = parsed.data;
  const issuer = e.IDP_ISSUER ?? `http://localhost:${e.IDP_PORT}`;
  return {
    nodeEnv: e.NODE_ENV,
    port: e.IDP_PORT,
    host: e.IDP_HOST,
    issuer,
    databaseUrl: e.DATABASE_URL,
    portalUrl: e.PORTAL_URL,
    apiAudience: e.API_AUDIENCE,
    clientId: e.IDP_CLIENT_ID,
    clientSecret: e.IDP_CLIENT_SECRET ?? DEV_CLIENT_SECRET,
    machineClient: e.IDP_MACHINE_CLIENT_SECRET
      ? {
          clientId: e.IDP_MACHINE_CLIENT_ID ?? DEFAULT_MACHINE_CLIENT_ID,
          clientSecret: e.IDP_MACHINE_CLIENT_SECRET,
        }
      : undefined,
    keysFile: resolve(cwd, e.IDP_KEYS_FILE),
    jwks: e.IDP_JWKS,
    cookieKeys: e.IDP_COOKIE_KEYS,
    brandName: e.BRAND_NAME,
    accessTokenTtl: e.ACCESS_TOKEN_TTL,
    // The server speaks plain HTTP only, so an https issuer means TLS ends at a proxy in front of it.
    trustedProxyHops: e.IDP_TRUSTED_PROXY_HOPS ?? (issuer.startsWith('https:') ? 1 : 0),
    database: {
      poolMax: e.DATABASE_POOL_MAX,
      statementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS || undefined,
      refuseSuperuser: e.NODE_ENV === 'production' && e.DATABASE_ALLOW_SUPERUSER !== 'true',
      transactionPooler: e.DATABASE_POOLER === 'transaction',
    },
    migrateOnStart:
      e.MIGRATE_ON_START === undefined ? e.NODE_ENV !== 'production' : e.MIGRATE_ON_START === 'true',
    metrics: { port: e.METRICS_PORT, host: e.METRICS_HOST },
    logLevel: e.LOG_LEVEL,
  };
}

/**
 * The machine client's secret stands between anyone on the network and the whole integration API: in
 * production it must be long and its own; an id without a secret is a half-made client, refused anywhere.
 */
function machineClientProblems(present: Record<string, string | undefined>): string[] {
  const id = present.IDP_MACHINE_CLIENT_ID;
  const secret = present.IDP_MACHINE_CLIENT_SECRET;
  const problems: string[] = [];
  if (id !== undefined && secret === undefined)
    problems.push('IDP_MACHINE_CLIENT_SECRET: is required when IDP_MACHINE_CLIENT_ID is set');
  if (secret === undefined) return problems;
  if ((id ?? DEFAULT_MACHINE_CLIENT_ID) === (present.IDP_CLIENT_ID ?? DEFAULT_CLIENT_ID))
    problems.push("IDP_MACHINE_CLIENT_ID: must differ from the portal's IDP_CLIENT_ID");
  if (
    (present.NODE_ENV ?? 'production') === 'production' &&
    (secret.length < 32 || secret === present.IDP_CLIENT_SECRET)
  )
    problems.push(
      "IDP_MACHINE_CLIENT_SECRET: must be a secret of at least 32 characters in production, not the portal's",
    );
  return problems;
}

/** A transaction pooler carries no session parameter nor the migrations' session lock (decision 0128). */
function poolerProblems(e: {
  DATABASE_POOLER: string;
  DATABASE_STATEMENT_TIMEOUT_MS: number;
  MIGRATE_ON_START?: string | undefined;
}): string[] {
  if (e.DATABASE_POOLER !== 'transaction') return [];
  return [
    ...(e.DATABASE_STATEMENT_TIMEOUT_MS
      ? ['DATABASE_STATEMENT_TIMEOUT_MS: not sent through a pooler; set statement_timeout on the role']
      : []),
    ...(e.MIGRATE_ON_START === 'true'
      ? ['MIGRATE_ON_START: migrations cannot run through a pooler; run `npm run migrate` on a direct URL']
      : []),
  ];
}
