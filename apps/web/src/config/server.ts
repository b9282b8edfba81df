import { z } from 'zod';
import { browserApiBasePath } from './bff-base-path';
import { buildSiteLinks, defaultProviderSiteUrl, defaultSocialLinks, type SiteLinks } from './site-links';

/**
 * The web app's one validated configuration. Only this module reads process.env; the browser gets the
 * public subset through props or GET /api/config, never this object.
 */

export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof logLevels)[number];

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });

/** A same-origin path such as /bff/telemetry/render-errors, or an absolute http(s) URL. */
const pathOrHttpUrl = z
  .string()
  .refine((value) => (value.startsWith('/') && !value.startsWith('//')) || httpUrl.safeParse(value).success, {
    error: 'must be a path starting with / or an http(s) URL',
  });

const nonEmpty = z.string().trim().min(1, { error: 'must not be empty' });

const postgresUrl = z
  .string({ error: 'is required (the portal keeps its sessions in PostgreSQL)' })
  .regex(/^postgres(ql)?:\/\//, { error: 'must be a postgres:// or postgresql:// URL' });

/**
 * Dev-only values, so a local run and the tests need no setup. NEXTAUTH_SECRET's is refused in
 * production; the client secret is the embedded provider's dev client (apps/idp/src/config.ts), which
 * that provider itself refuses in production.
 */
export const DEV_NEXTAUTH_SECRET = 'dev-only-nextauth-secret-never-use-in-production';
export const DEV_IDP_CLIENT_SECRET = 'dev-only-client-portal-secret-not-for-production';

const defaultPortalUrl = 'http://localhost:3000';

export const serverEnvSchema = z.object({
  API_URL: httpUrl.default('http://127.0.0.1:4000'),
  BRAND_NAME: nonEmpty.default('Harbour Vets'),
  PORTAL_URL: httpUrl.default(defaultPortalUrl),
  AUTH_DOMAIN: httpUrl.default('http://localhost:4100'),
  AUTH_CLIENT_ID: nonEmpty.default('client-portal'),
  AUTH_AUDIENCE: nonEmpty.default('http://localhost:4000'),
  AUTH_SCOPE: nonEmpty.default('openid profile email offline_access'),
  ERROR_REPORTING_URL: pathOrHttpUrl.default(`${browserApiBasePath}/telemetry/render-errors`),
  // The provider's public site (header's emergency link, footer) and its social network pages.
  PROVIDER_SITE_URL: httpUrl.default(defaultProviderSiteUrl),
  SOCIAL_FACEBOOK_URL: httpUrl.default(defaultSocialLinks.facebook),
  SOCIAL_INSTAGRAM_URL: httpUrl.default(defaultSocialLinks.instagram),
  SOCIAL_X_URL: httpUrl.default(defaultSocialLinks.x),
  SOCIAL_LINKEDIN_URL: httpUrl.default(defaultSocialLinks.linkedin),
  SOCIAL_YOUTUBE_URL: httpUrl.default(defaultSocialLinks.youtube),
  // The analytics tag manager (R1.6); unset: no tag manager. The format keeps the value safe in a URL.
  GTM_CONTAINER_ID: z
    .string()
    .regex(/^GTM-[A-Z0-9]{4,12}$/, { error: 'must look like GTM-XXXXXXX' })
    .optional(),
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  /** The server's JSON log lines (pino) at this level and above (decision 0071). */
  LOG_LEVEL: z.enum(logLevels).default('info'),
  DATABASE_URL: postgresUrl,
  // The session store's pool (session-database.ts) and whether DATABASE_URL is a transaction pooler.
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(1000).default(10),
  DATABASE_POOLER: z.enum(['none', 'transaction'], { error: 'must be none or transaction' }).default('none'),
  // true: a production web server may connect as a PostgreSQL superuser (decision 0092); unset: refused.
  DATABASE_ALLOW_SUPERUSER: z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
  NEXTAUTH_URL: httpUrl.optional(),
  NEXTAUTH_SECRET: z.string().min(32, { error: 'must have at least 32 characters' }).optional(),
  SESSION_POLL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(0),
  // How many proxies in front of the web append to X-Forwarded-For (0: browsers connect to it directly).
  TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  // The BFF forwards /bff/dev/* (the development mailbox) only when on; unset: on under `next dev` only.
  DEV_ROUTES: z.enum(['on', 'off'], { error: 'must be on or off' }).optional(),
  // on: every page answers the maintenance page, the BFF and sign-in 503 (decision 0073).
  MAINTENANCE: z.enum(['on', 'off'], { error: 'must be on or off' }).default('off'),
  // Set by the web server (apps/web/server.mjs) at start-up, never by hand: see shared/bff/client-address.ts.
  PORTAL_PEER_TOKEN: nonEmpty.optional(),
  // AUTH_SIGNIN_* (provider id azure-ad) and AUTH_SIGNUP_* (auth0); unset values fall back to AUTH_DOMAIN,
  // AUTH_CLIENT_ID, the dev client secret and AUTH_SCOPE, i.e. the embedded provider.
  AUTH_SIGNIN_ISSUER: httpUrl.optional(),
  AUTH_SIGNIN_CLIENT_ID: nonEmpty.optional(),
  AUTH_SIGNIN_CLIENT_SECRET: nonEmpty.optional(),
  AUTH_SIGNIN_SCOPE: nonEmpty.optional(),
  AUTH_SIGNIN_AUDIENCE: nonEmpty.optional(),
  AUTH_SIGNUP_ISSUER: httpUrl.optional(),
  AUTH_SIGNUP_CLIENT_ID: nonEmpty.optional(),
  AUTH_SIGNUP_CLIENT_SECRET: nonEmpty.optional(),
  AUTH_SIGNUP_SCOPE: nonEmpty.optional(),
  AUTH_SIGNUP_AUDIENCE: nonEmpty.optional(),
  // Where a person changes the e-mail they sign in with (decision 0078); unset: the embedded provider's
  // page when the sign-in provider is the embedded one, else none (docs/identity-providers.md).
  AUTH_ACCOUNT_EMAIL_URL: httpUrl.optional(),
});

/** An OpenID Connect provider the sign-in layer talks to (discovery at issuer/.well-known/…). */
export type IdentityProviderConfig = {
  /** No trailing slash. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  scope: string;
  /** Sent as the `audience` authorization parameter when set (Auth0 needs it for an API access token). */
  audience: string | undefined;
};

export type ServerConfig = {
  apiUrl: string;
  brandName: string;
  portalUrl: string;
  auth: { domain: string; clientId: string; audience: string; scope: string };
  errorReportingUrl: string;
  /** The provider site's pages and social networks, for the shell (public). */
  links: SiteLinks;
  /** The tag manager's container id, loaded only after analytics consent; undefined: none. */
  gtmContainerId: string | undefined;
  databaseUrl: string;
  /** The session store's pool: its size, and whether it goes through a transaction pooler (decision 0128). */
  database: { poolMax: number; transactionPooler: boolean };
  /**
   * Refuse to start connected as a PostgreSQL superuser (decision 0092): in production, where the
   * production rules apply (PORTAL_URL not at localhost), unless DATABASE_ALLOW_SUPERUSER=true.
   */
  refuseDatabaseSuperuser: boolean;
  session: {
    /** NEXTAUTH_SECRET: encrypts the session cookie. */
    secret: string;
    /** 0: no polling; the session is still refetched on tab focus and across tabs. */
    pollSeconds: number;
    /** PORTAL_URL is https: Secure cookies with the __Secure-/__Host- prefixes. */
    secureCookies: boolean;
  };
  /** Provider ids (R4.9): azure-ad signs in, auth0 signs up. */
  identityProviders: { signIn: IdentityProviderConfig; signUp: IdentityProviderConfig };
  /** Where "Change your sign-in e-mail" leads (AUTH_ACCOUNT_EMAIL_URL); undefined: nowhere known. */
  signInEmailChangeUrl: string | undefined;
  /** TRUSTED_PROXY_HOPS: proxies in front of the web that append to X-Forwarded-For. */
  trustedProxyHops: number;
  /** NODE_ENV=development (`next dev`): the page policy allows React's debugging aids and hot reload. */
  development: boolean;
  /**
   * Forward the API's development routes (/bff/dev/*): under `next dev`, or with DEV_ROUTES=on, which
   * npm start and the tests set (their web server runs in production mode). Off in production.
   */
  devRoutes: boolean;
  /** PORTAL_PEER_TOKEN, from the web server: undefined under plain `next start` or `next dev`. */
  peerToken: string | undefined;
  /** MAINTENANCE=on: pages answer the maintenance page, the BFF and sign-in 503 (proxy.ts). */
  maintenance: boolean;
};

export class InvalidServerConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid web configuration; refusing to start:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'InvalidServerConfigError';
  }
}

/** Empty strings count as unset, so `API_URL=` in a .env file falls back to the default. */
function withoutEmptyValues(env: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter(
      (entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== '',
    ),
  );
}

/** Parses the environment, throwing one error that lists every bad variable. */
export function parseServerConfig(env: Record<string, string | undefined>): ServerConfig {
  const present = withoutEmptyValues(env);
  const result = serverEnvSchema.safeParse(present);
  const problems = [
    ...(result.success
      ? []
      : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)),
    ...crossChecks(present),
  ];
  if (!result.success || problems.length > 0) throw new InvalidServerConfigError(problems);
  const e = result.data;
  const provider = (role: 'SIGNIN' | 'SIGNUP'): IdentityProviderConfig => ({
    issuer: withoutTrailingSlash(e[`AUTH_${role}_ISSUER`] ?? e.AUTH_DOMAIN),
    clientId: e[`AUTH_${role}_CLIENT_ID`] ?? e.AUTH_CLIENT_ID,
    clientSecret: e[`AUTH_${role}_CLIENT_SECRET`] ?? DEV_IDP_CLIENT_SECRET,
    scope: e[`AUTH_${role}_SCOPE`] ?? e.AUTH_SCOPE,
    audience: e[`AUTH_${role}_AUDIENCE`],
  });
  const portalUrl = withoutTrailingSlash(e.PORTAL_URL);
  return {
    apiUrl: withoutTrailingSlash(e.API_URL),
    brandName: e.BRAND_NAME,
    portalUrl,
    auth: {
      domain: e.AUTH_DOMAIN,
      clientId: e.AUTH_CLIENT_ID,
      audience: e.AUTH_AUDIENCE,
      scope: e.AUTH_SCOPE,
    },
    errorReportingUrl: e.ERROR_REPORTING_URL,
    links: buildSiteLinks(e.PROVIDER_SITE_URL, {
      facebook: e.SOCIAL_FACEBOOK_URL,
      instagram: e.SOCIAL_INSTAGRAM_URL,
      x: e.SOCIAL_X_URL,
      linkedin: e.SOCIAL_LINKEDIN_URL,
      youtube: e.SOCIAL_YOUTUBE_URL,
    }),
    gtmContainerId: e.GTM_CONTAINER_ID,
    databaseUrl: e.DATABASE_URL,
    database: { poolMax: e.DATABASE_POOL_MAX, transactionPooler: e.DATABASE_POOLER === 'transaction' },
    refuseDatabaseSuperuser:
      e.NODE_ENV === 'production' && !isLoopbackPortal(portalUrl) && e.DATABASE_ALLOW_SUPERUSER !== 'true',
    session: {
      secret: e.NEXTAUTH_SECRET ?? DEV_NEXTAUTH_SECRET,
      pollSeconds: e.SESSION_POLL_SECONDS,
      secureCookies: portalUrl.startsWith('https://'),
    },
    identityProviders: { signIn: provider('SIGNIN'), signUp: provider('SIGNUP') },
    signInEmailChangeUrl:
      e.AUTH_ACCOUNT_EMAIL_URL ??
      // The embedded provider (its development client): its own page (apps/idp/src/email-change).
      (provider('SIGNIN').clientSecret === DEV_IDP_CLIENT_SECRET
        ? `${provider('SIGNIN').issuer}/account/email`
        : undefined),
    trustedProxyHops: e.TRUSTED_PROXY_HOPS,
    development: e.NODE_ENV === 'development',
    devRoutes: e.DEV_ROUTES === undefined ? e.NODE_ENV === 'development' : e.DEV_ROUTES === 'on',
    peerToken: e.PORTAL_PEER_TOKEN,
    maintenance: e.MAINTENANCE === 'on',
  };
}

const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, '');

/** Rules across variables, or only for production; checked on the raw values so all are listed at once. */
function crossChecks(present: Record<string, string>): string[] {
  const problems: string[] = [];
  const secret = present.NEXTAUTH_SECRET;
  if (present.NODE_ENV === 'production' && (!secret || secret === DEV_NEXTAUTH_SECRET)) {
    problems.push('NEXTAUTH_SECRET: must be set to a secret of at least 32 characters in production');
  }
  if (present.NODE_ENV === 'production' && !isLoopbackPortal(present.PORTAL_URL ?? defaultPortalUrl)) {
    problems.push(...productionIdentityProviderProblems(present));
    if (present.DEV_ROUTES === 'on')
      problems.push('DEV_ROUTES: must be off in production (the portal is not at localhost)');
  }
  const nextAuthUrl = present.NEXTAUTH_URL;
  if (
    nextAuthUrl &&
    withoutTrailingSlash(nextAuthUrl) !== withoutTrailingSlash(present.PORTAL_URL ?? defaultPortalUrl)
  ) {
    problems.push('NEXTAUTH_URL: must equal PORTAL_URL (or be left unset)');
  }
  return problems;
}

/**
 * A portal at localhost is a local production build (`npm start`, the end-to-end tests run `next start`,
 * which sets NODE_ENV=production) talking to the embedded provider over http: no one else can reach it, so
 * the production rules for identity providers do not apply. Every other production address gets them.
 */
function isLoopbackPortal(portalUrl: string): boolean {
  try {
    return ['localhost', '127.0.0.1', '[::1]'].includes(new URL(portalUrl).hostname);
  } catch {
    return false;
  }
}

/**
 * In production every identity provider the portal uses is reached over https, and its client secret is
 * not the embedded provider's development secret (it is in this repository, i.e. public).
 */
function productionIdentityProviderProblems(present: Record<string, string>): string[] {
  const problems = new Set<string>();
  for (const role of ['SIGNIN', 'SIGNUP'] as const) {
    const issuerVariable = present[`AUTH_${role}_ISSUER`] ? `AUTH_${role}_ISSUER` : 'AUTH_DOMAIN';
    const issuer = present[issuerVariable] ?? serverEnvSchema.shape.AUTH_DOMAIN.parse(undefined);
    if (!issuer.startsWith('https://')) problems.add(`${issuerVariable}: must be an https URL in production`);
    const secret = present[`AUTH_${role}_CLIENT_SECRET`];
    if (!secret || secret === DEV_IDP_CLIENT_SECRET) {
      problems.add(
        `AUTH_${role}_CLIENT_SECRET: must be set in production (not the embedded provider's development secret)`,
      );
    }
  }
  return [...problems];
}

let cached: ServerConfig | undefined;

/** The process's configuration, parsed once. instrumentation.ts calls it at start-up. */
export function getServerConfig(): ServerConfig {
  if (typeof window !== 'undefined') {
    throw new Error('The server configuration must not be imported by browser code.');
  }
  if (!cached) {
    cached = parseServerConfig(process.env);
    // next-auth reads its public address from NEXTAUTH_URL itself; PORTAL_URL is the one setting.
    process.env.NEXTAUTH_URL = cached.portalUrl;
  }
  return cached;
}

/**
 * LOG_LEVEL alone, for the logger, which exists before the rest of the configuration is read (and in
 * tests that have none): a bad value stops the server at start-up (checkServerConfigAtStartup), until
 * then it logs at info.
 */
export function serverLogLevel(env: Record<string, string | undefined> = process.env): LogLevel {
  const parsed = serverEnvSchema.shape.LOG_LEVEL.safeParse(env.LOG_LEVEL || undefined);
  return parsed.success ? parsed.data : 'info';
}
