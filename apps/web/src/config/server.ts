import { z } from 'zod';

/**
 * The web app's one validated configuration. Only this module reads process.env; the browser gets the
 * public subset through props or GET /api/config, never this object.
 */

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });

/** A same-origin path such as /bff/telemetry/render-errors, or an absolute http(s) URL. */
const pathOrHttpUrl = z
  .string()
  .refine((value) => (value.startsWith('/') && !value.startsWith('//')) || httpUrl.safeParse(value).success, {
    error: 'must be a path starting with / or an http(s) URL',
  });

const nonEmpty = z.string().trim().min(1, { error: 'must not be empty' });

export const serverEnvSchema = z.object({
  API_URL: httpUrl.default('http://127.0.0.1:4000'),
  BRAND_NAME: nonEmpty.default('Harbour Vets'),
  PORTAL_URL: httpUrl.default('http://localhost:3000'),
  AUTH_DOMAIN: httpUrl.default('http://localhost:4100'),
  AUTH_CLIENT_ID: nonEmpty.default('client-portal'),
  AUTH_AUDIENCE: nonEmpty.default('http://localhost:4000'),
  AUTH_SCOPE: nonEmpty.default('openid profile email offline_access'),
  ERROR_REPORTING_URL: pathOrHttpUrl.default('/bff/telemetry/render-errors'),
});

export type ServerConfig = {
  apiUrl: string;
  brandName: string;
  portalUrl: string;
  auth: { domain: string; clientId: string; audience: string; scope: string };
  errorReportingUrl: string;
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
  const result = serverEnvSchema.safeParse(withoutEmptyValues(env));
  if (!result.success) {
    throw new InvalidServerConfigError(
      result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
  const e = result.data;
  return {
    apiUrl: e.API_URL.replace(/\/+$/, ''),
    brandName: e.BRAND_NAME,
    portalUrl: e.PORTAL_URL.replace(/\/+$/, ''),
    auth: {
      domain: e.AUTH_DOMAIN,
      clientId: e.AUTH_CLIENT_ID,
      audience: e.AUTH_AUDIENCE,
      scope: e.AUTH_SCOPE,
    },
    errorReportingUrl: e.ERROR_REPORTING_URL,
  };
}

let cached: ServerConfig | undefined;

/** The process's configuration, parsed once. instrumentation.ts calls it at start-up. */
export function getServerConfig(): ServerConfig {
  if (typeof window !== 'undefined') {
    throw new Error('The server configuration must not be imported by browser code.');
  }
  cached ??= parseServerConfig(process.env);
  return cached;
}
