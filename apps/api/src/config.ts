import { z } from 'zod';

/**
 * The API's one view of its environment, parsed once at start-up. The process refuses to start on a bad
 * value and names every bad variable at once, so a deploy is fixed in one go rather than one per restart.
 * Nothing else reads process.env (lint enforces it).
 */
export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof logLevels)[number];

const wholeNumber = (min: number, max: number) =>
  z.string().regex(/^\d+$/).transform(Number).pipe(z.number().int().min(min).max(max));

const proxyAddress = z.union([z.ipv4(), z.cidrv4(), z.ipv6(), z.cidrv6()]);

const httpUrl = z.url({ protocol: /^https?$/ });

/** One identity provider the API trusts: its `iss`, the `aud` its access tokens carry for this API. */
const trustedIssuerSchema = z.strictObject({
  issuer: httpUrl,
  audience: z.string().min(1),
  /** Unset: read from the issuer's discovery document. */
  jwksUri: httpUrl.optional(),
  /** Accepted `typ` headers (RFC 9068 access tokens are `at+jwt`; many providers still send `JWT`). */
  tokenTypes: z.array(z.string().min(1)).min(1).default(['at+jwt']),
});
export type TrustedIssuer = z.output<typeof trustedIssuerSchema>;

const trustedIssuers = z
  .string()
  .transform((text, context): unknown => {
    try {
      return JSON.parse(text);
    } catch {
      context.addIssue({ code: 'custom', message: 'not JSON' });
      return z.NEVER;
    }
  })
  .pipe(
    z
      .array(trustedIssuerSchema)
      .min(1)
      .refine((list) => new Set(list.map((entry) => entry.issuer)).size === list.length, {
        message: 'an issuer is listed twice',
      }),
  );

const envSchema = z.object({
  API_HOST: z.string().min(1).default('127.0.0.1'),
  API_PORT: wholeNumber(0, 65_535).default(4000),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  RATE_LIMIT_MAX: wholeNumber(1, 1_000_000).default(300),
  TRUST_PROXY: z
    .string()
    .transform((list) => list.split(',').map((entry) => entry.trim()))
    .pipe(z.array(proxyAddress).min(1))
    .optional(),
  AUTH_ISSUERS: trustedIssuers.optional(),
  EMBEDDED_ISSUER: httpUrl.default('http://localhost:4100'),
  API_AUDIENCE: z.string().min(1).default('http://localhost:4000'),
  LOG_LEVEL: z.enum(logLevels).default('info'),
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
});

type EnvName = keyof typeof envSchema.shape;

/** What each variable must be; the start-up error quotes this, never the value (it may hold a password). */
const expected: Record<EnvName, string> = {
  API_HOST: 'a host name or IP address to listen on',
  API_PORT: 'a port number from 0 to 65535',
  DATABASE_URL: 'a postgres:// or postgresql:// URL',
  REDIS_URL: 'a redis:// or rediss:// URL, or unset for in-memory rate limits',
  RATE_LIMIT_MAX: 'a whole number of requests per minute per client address, at least 1',
  TRUST_PROXY: 'a comma-separated list of proxy IP addresses or CIDR ranges, or unset',
  AUTH_ISSUERS:
    'a JSON array of { "issuer", "audience", "jwksUri"?, "tokenTypes"? } with http(s) URLs and distinct ' +
    'issuers, or unset for the embedded provider',
  EMBEDDED_ISSUER: 'an http:// or https:// URL (the embedded identity provider)',
  API_AUDIENCE: 'the audience (aud) of access tokens for this API, not empty',
  LOG_LEVEL: `one of ${logLevels.join(', ')}`,
  NODE_ENV: 'one of development, test, production',
};

export interface ApiConfig {
  host: string;
  port: number;
  databaseUrl: string;
  /** Set: rate limits are shared by every instance through Redis. Unset: in memory, per instance. */
  redisUrl: string | undefined;
  /** Requests per minute per client address. */
  rateLimitMax: number;
  /** Proxies (e.g. the web's BFF) whose X-Forwarded-For names the real client address. */
  trustProxy: string[] | undefined;
  /** The identity providers whose access tokens the API accepts; nothing else is trusted. */
  authIssuers: TrustedIssuer[];
  logLevel: LogLevel;
  nodeEnv: 'development' | 'test' | 'production';
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(
      `Invalid configuration; the API will not start. Fix these environment variables:\n${problems
        .map((problem) => `  - ${problem}`)
        .join('\n')}`,
    );
    this.name = 'ConfigError';
  }
}

/** Parses the environment, or throws a ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): ApiConfig {
  // An empty variable (`REDIS_URL=` in a .env file) means unset, not an empty value.
  const input = Object.fromEntries(
    Object.keys(envSchema.shape).map((name) => [name, env[name] === '' ? undefined : env[name]]),
  );
  const parsed = envSchema.safeParse(input);
  if (!parsed.success) {
    const names = [...new Set(parsed.error.issues.map((issue) => String(issue.path[0]) as EnvName))];
    throw new ConfigError(
      names.map((name) =>
        input[name] === undefined
          ? `${name} is required: ${expected[name]}`
          : `${name} must be ${expected[name]}${whereInside(name, parsed.error.issues)}`,
      ),
    );
  }
  const values = parsed.data;
  return {
    host: values.API_HOST,
    port: values.API_PORT,
    databaseUrl: values.DATABASE_URL,
    redisUrl: values.REDIS_URL,
    rateLimitMax: values.RATE_LIMIT_MAX,
    trustProxy: values.TRUST_PROXY,
    authIssuers: values.AUTH_ISSUERS ?? [
      { issuer: values.EMBEDDED_ISSUER, audience: values.API_AUDIENCE, tokenTypes: ['at+jwt'] },
    ],
    logLevel: values.LOG_LEVEL,
    nodeEnv: values.NODE_ENV,
  };
}

/** For a JSON variable, which entries and fields are wrong (paths only, never values): ` (at [0].issuer)`. */
function whereInside(name: EnvName, issues: readonly z.core.$ZodIssue[]): string {
  const paths = issues
    .filter((issue) => issue.path[0] === name && issue.path.length > 1)
    .map((issue) =>
      issue.path
        .slice(1)
        .map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`))
        .join('')
        .replace(/^\./, ''),
    );
  return paths.length > 0 ? ` (at ${[...new Set(paths)].join(', ')})` : '';
}
