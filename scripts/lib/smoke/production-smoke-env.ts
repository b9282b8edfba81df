import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';

/** The smoke test's ports (SMOKE_*_PORT to change them): clear of npm start's, the e2e run's and smoke-start's. */
export const smokePorts = {
  web: Number(process.env.SMOKE_WEB_PORT ?? 3300),
  api: Number(process.env.SMOKE_API_PORT ?? 4030),
  idp: Number(process.env.SMOKE_IDP_PORT ?? 4130),
  /** Each process's Prometheus metrics (METRICS_PORT), clear of the several-instances phase's ports. */
  metrics: { web: 9301, api: 9302, idp: 9303 },
};

/**
 * The smoke test's Redis: a database of its own on the machine's server (14, emptied when the smoke
 * starts), so rate-limit counts of an earlier run, or of the tests' runs, never meet this run's.
 */
export const smokeRedisUrl = process.env.SMOKE_REDIS_URL ?? 'redis://127.0.0.1:6379/14';

export interface ProductionEnvironment {
  api: NodeJS.ProcessEnv;
  idp: NodeJS.ProcessEnv;
  web: NodeJS.ProcessEnv;
}

/**
 * Each process's environment as a deployment would set it (docs/operations.md, "Running in production"): a
 * clean environment plus production's settings only, NODE_ENV unset. The public addresses are https names
 * behind a load balancer that this machine does not have; the checks reach each process on 127.0.0.1. Secrets
 * are made for the run; the identity provider's keys by scripts/production/idp-keys.mjs.
 */
export function productionEnvironment(runtime: string, databaseUrl: string): ProductionEnvironment {
  const portalUrl = 'https://portal.vets.example';
  const issuer = 'https://id.vets.example';
  const apiAudience = 'https://api.vets.example';
  const clientSecret = randomBytes(32).toString('base64url');
  const base = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    DATABASE_URL: databaseUrl,
    PORTAL_URL: portalUrl,
  };
  return {
    api: {
      ...base,
      API_HOST: '127.0.0.1',
      API_PORT: String(smokePorts.api),
      METRICS_PORT: String(smokePorts.metrics.api),
      API_PUBLIC_URL: apiAudience,
      AUTH_ISSUERS: JSON.stringify([{ issuer, audience: apiAudience }]),
      EMBEDDED_ISSUER: issuer,
      REDIS_URL: smokeRedisUrl,
      // The web's BFF is the API's one caller here.
      TRUST_PROXY: '127.0.0.1',
      // Nothing listens there: the smoke test sends no e-mail.
      SMTP_URL: 'smtp://127.0.0.1:2525',
      VERIFICATION_CODE_PEPPER: randomBytes(36).toString('base64url'),
      WEBHOOK_SECRET_KEYS: `smoke:${randomBytes(32).toString('base64')}`,
    },
    idp: {
      ...base,
      ...idpKeys(runtime),
      IDP_HOST: '127.0.0.1',
      IDP_PORT: String(smokePorts.idp),
      METRICS_PORT: String(smokePorts.metrics.idp),
      IDP_ISSUER: issuer,
      API_AUDIENCE: apiAudience,
      IDP_CLIENT_SECRET: clientSecret,
    },
    web: {
      ...base,
      PORT: String(smokePorts.web),
      METRICS_PORT: String(smokePorts.metrics.web),
      API_URL: `http://127.0.0.1:${smokePorts.api}`,
      NEXTAUTH_SECRET: randomBytes(32).toString('base64url'),
      AUTH_DOMAIN: issuer,
      AUTH_AUDIENCE: apiAudience,
      AUTH_SIGNIN_CLIENT_SECRET: clientSecret,
      AUTH_SIGNUP_CLIENT_SECRET: clientSecret,
      NEXT_TELEMETRY_DISABLED: '1',
    },
  };
}

/** IDP_JWKS and IDP_COOKIE_KEYS, as docs/operations.md tells an engineer to make them. */
function idpKeys(runtime: string): { IDP_JWKS: string; IDP_COOKIE_KEYS: string } {
  const result = spawnSync(process.execPath, ['scripts/production/idp-keys.mjs'], { cwd: runtime });
  if (result.status !== 0) throw new Error('scripts/production/idp-keys.mjs failed');
  const lines = Object.fromEntries(
    result.stdout
      .toString()
      .trim()
      .split('\n')
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  ) as Record<string, string | undefined>;
  if (!lines.IDP_JWKS || !lines.IDP_COOKIE_KEYS) throw new Error('idp-keys.mjs printed no keys');
  return { IDP_JWKS: lines.IDP_JWKS, IDP_COOKIE_KEYS: lines.IDP_COOKIE_KEYS };
}
