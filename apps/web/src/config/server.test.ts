import { runtimeConfigSchema, telemetryConfigSchema } from '@vet/contracts/runtime-config';
import { describe, expect, it } from 'vitest';
import { defaultSiteLinks } from './site-links';
import { toRuntimeConfig, toTelemetryConfig } from './public-config';
import {
  DEV_IDP_CLIENT_SECRET,
  DEV_NEXTAUTH_SECRET,
  InvalidServerConfigError,
  parseServerConfig,
} from './server';

const DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/portal';

function problemsOf(env: Record<string, string>): string {
  try {
    parseServerConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidServerConfigError);
    return (error as InvalidServerConfigError).problems.join('\n');
  }
  throw new Error('expected the configuration to be refused');
}

describe('parseServerConfig', () => {
  it('applies the defaults when only the database is set', () => {
    expect(parseServerConfig({ DATABASE_URL })).toEqual({
      apiUrl: 'http://127.0.0.1:4000',
      brandName: 'Harbour Vets',
      portalUrl: 'http://localhost:3000',
      auth: {
        domain: 'http://localhost:4100',
        clientId: 'client-portal',
        audience: 'http://localhost:4000',
        scope: 'openid profile email offline_access',
      },
      errorReportingUrl: '/bff/telemetry/render-errors',
      links: defaultSiteLinks,
      gtmContainerId: undefined,
      databaseUrl: DATABASE_URL,
      database: { poolMax: 10, transactionPooler: false },
      refuseDatabaseSuperuser: false,
      session: { secret: DEV_NEXTAUTH_SECRET, pollSeconds: 0, secureCookies: false },
      identityProviders: {
        signIn: {
          issuer: 'http://localhost:4100',
          clientId: 'client-portal',
          clientSecret: DEV_IDP_CLIENT_SECRET,
          scope: 'openid profile email offline_access',
          audience: undefined,
        },
        signUp: {
          issuer: 'http://localhost:4100',
          clientId: 'client-portal',
          clientSecret: DEV_IDP_CLIENT_SECRET,
          scope: 'openid profile email offline_access',
          audience: undefined,
        },
      },
      signInEmailChangeUrl: 'http://localhost:4100/account/email',
      trustedProxyHops: 0,
      development: true,
      devRoutes: true,
      peerToken: undefined,
      maintenance: false,
    });
  });

  it('leads "Change your sign-in e-mail" to AUTH_ACCOUNT_EMAIL_URL, or the embedded provider’s page', () => {
    const external = {
      DATABASE_URL,
      AUTH_SIGNIN_ISSUER: 'https://login.example.com',
      AUTH_SIGNIN_CLIENT_SECRET: 's',
    };
    expect(
      parseServerConfig({ DATABASE_URL, AUTH_DOMAIN: 'http://localhost:4110/' }).signInEmailChangeUrl,
    ).toBe('http://localhost:4110/account/email');
    expect(parseServerConfig(external).signInEmailChangeUrl).toBeUndefined();
    const keycloak = 'https://login.example.com/realms/vets/account/#/personal-info';
    expect(parseServerConfig({ ...external, AUTH_ACCOUNT_EMAIL_URL: keycloak }).signInEmailChangeUrl).toBe(
      keycloak,
    );
    expect(problemsOf({ DATABASE_URL, AUTH_ACCOUNT_EMAIL_URL: 'javascript:alert(1)' })).toContain(
      'AUTH_ACCOUNT_EMAIL_URL',
    );
  });

  it('reads MAINTENANCE, on or off, and refuses anything else', () => {
    expect(parseServerConfig({ DATABASE_URL, MAINTENANCE: 'on' }).maintenance).toBe(true);
    expect(parseServerConfig({ DATABASE_URL, MAINTENANCE: 'off' }).maintenance).toBe(false);
    for (const value of ['true', 'ON', '1']) {
      expect(problemsOf({ DATABASE_URL, MAINTENANCE: value })).toBe('MAINTENANCE: must be on or off');
    }
  });

  it('reads TRUSTED_PROXY_HOPS, a small whole number', () => {
    expect(parseServerConfig({ DATABASE_URL, TRUSTED_PROXY_HOPS: '2' }).trustedProxyHops).toBe(2);
    expect(() => parseServerConfig({ DATABASE_URL, TRUSTED_PROXY_HOPS: '-1' })).toThrow(/TRUSTED_PROXY_HOPS/);
    expect(() => parseServerConfig({ DATABASE_URL, TRUSTED_PROXY_HOPS: 'two' })).toThrow(
      /TRUSTED_PROXY_HOPS/,
    );
  });

  it('points both providers at AUTH_DOMAIN unless each has its own settings', () => {
    const config = parseServerConfig({
      DATABASE_URL,
      AUTH_DOMAIN: 'http://localhost:4110/',
      AUTH_SIGNUP_ISSUER: 'https://tenant.example.test/',
      AUTH_SIGNUP_CLIENT_ID: 'signup-client',
      AUTH_SIGNUP_CLIENT_SECRET: 's'.repeat(40),
      AUTH_SIGNUP_SCOPE: 'openid email',
      AUTH_SIGNUP_AUDIENCE: 'https://api.example.test',
    });
    expect(config.identityProviders.signIn.issuer).toBe('http://localhost:4110');
    expect(config.identityProviders.signUp).toEqual({
      issuer: 'https://tenant.example.test',
      clientId: 'signup-client',
      clientSecret: 's'.repeat(40),
      scope: 'openid email',
      audience: 'https://api.example.test',
    });
  });

  it('uses Secure cookies when the portal is served over https, and reads the polling interval', () => {
    const config = parseServerConfig({
      DATABASE_URL,
      PORTAL_URL: 'https://portal.example.test/',
      SESSION_POLL_SECONDS: '300',
    });
    expect(config.session).toMatchObject({ secureCookies: true, pollSeconds: 300 });
  });

  it('requires a real NEXTAUTH_SECRET of 32+ characters in production', () => {
    expect(problemsOf({ DATABASE_URL, NODE_ENV: 'production' })).toContain('NEXTAUTH_SECRET');
    expect(
      problemsOf({ DATABASE_URL, NODE_ENV: 'production', NEXTAUTH_SECRET: DEV_NEXTAUTH_SECRET }),
    ).toContain('NEXTAUTH_SECRET');
    expect(problemsOf({ DATABASE_URL, NEXTAUTH_SECRET: 'too-short' })).toContain('NEXTAUTH_SECRET');
    const secret = 'x'.repeat(32);
    expect(
      parseServerConfig({ DATABASE_URL, NODE_ENV: 'production', NEXTAUTH_SECRET: secret }).session.secret,
    ).toBe(secret);
  });

  describe('identity providers in production', () => {
    const production = {
      DATABASE_URL,
      NODE_ENV: 'production',
      NEXTAUTH_SECRET: 'x'.repeat(32),
      PORTAL_URL: 'https://portal.vets.example',
    };
    const providers = {
      AUTH_SIGNIN_ISSUER: 'https://login.microsoftonline.com/tenant/v2.0',
      AUTH_SIGNIN_CLIENT_SECRET: 'entra-secret',
      AUTH_SIGNUP_ISSUER: 'https://vets.eu.auth0.com',
      AUTH_SIGNUP_CLIENT_SECRET: 'auth0-secret',
    };

    it('refuses the embedded provider over http with its public development secret, naming each variable', () => {
      expect(problemsOf(production).split('\n')).toEqual([
        'AUTH_DOMAIN: must be an https URL in production',
        "AUTH_SIGNIN_CLIENT_SECRET: must be set in production (not the embedded provider's development secret)",
        "AUTH_SIGNUP_CLIENT_SECRET: must be set in production (not the embedded provider's development secret)",
      ]);
    });

    it('refuses http issuers and the development secret set explicitly', () => {
      const problems = problemsOf({
        ...production,
        ...providers,
        AUTH_SIGNIN_ISSUER: 'http://login.vets.example',
        AUTH_SIGNUP_CLIENT_SECRET: DEV_IDP_CLIENT_SECRET,
      });
      expect(problems).toContain('AUTH_SIGNIN_ISSUER: must be an https URL in production');
      expect(problems).toContain('AUTH_SIGNUP_CLIENT_SECRET: must be set in production');
      expect(problems).not.toContain('AUTH_SIGNUP_ISSUER');
      expect(problems).not.toContain(DEV_IDP_CLIENT_SECRET);
    });

    it('lists them next to the other problems', () => {
      const problems = problemsOf({
        DATABASE_URL,
        NODE_ENV: 'production',
        PORTAL_URL: 'https://portal.vets.example',
      });
      expect(problems).toContain('NEXTAUTH_SECRET');
      expect(problems).toContain('AUTH_DOMAIN');
    });

    it('accepts https providers with their own secrets', () => {
      const config = parseServerConfig({ ...production, ...providers });
      expect(config.identityProviders.signIn.issuer).toBe('https://login.microsoftonline.com/tenant/v2.0');
      expect(config.identityProviders.signUp.clientSecret).toBe('auth0-secret');
    });

    it('leaves a local production build (PORTAL_URL at localhost: npm start, the e2e tests) alone', () => {
      expect(() =>
        parseServerConfig({
          ...production,
          PORTAL_URL: 'http://localhost:3400',
          AUTH_DOMAIN: 'http://localhost:4140',
        }),
      ).not.toThrow();
      expect(() => parseServerConfig({ DATABASE_URL, AUTH_DOMAIN: 'http://localhost:4100' })).not.toThrow();
    });
  });

  it('requires the database, and NEXTAUTH_URL (when set) to match PORTAL_URL', () => {
    expect(problemsOf({})).toContain('DATABASE_URL');
    expect(problemsOf({ DATABASE_URL: 'mysql://x' })).toContain('DATABASE_URL');
    expect(problemsOf({ DATABASE_URL, NEXTAUTH_URL: 'http://localhost:3001' })).toContain('NEXTAUTH_URL');
    expect(() => parseServerConfig({ DATABASE_URL, NEXTAUTH_URL: 'http://localhost:3000/' })).not.toThrow();
  });

  it('treats empty values as unset and trims a trailing slash from API_URL', () => {
    const config = parseServerConfig({ DATABASE_URL, API_URL: 'https://api.example.test/', BRAND_NAME: '' });
    expect(config.apiUrl).toBe('https://api.example.test');
    expect(config.brandName).toBe('Harbour Vets');
  });

  it("builds the provider site's links and the social networks' pages", () => {
    const config = parseServerConfig({
      DATABASE_URL,
      PROVIDER_SITE_URL: 'https://www.provider.example.test/',
      SOCIAL_FACEBOOK_URL: 'https://www.facebook.com/provider',
      SOCIAL_YOUTUBE_URL: 'https://www.youtube.com/@provider',
    });
    expect(config.links).toMatchObject({
      home: 'https://www.provider.example.test/',
      emergencyVets: 'https://www.provider.example.test/emergency-vets',
      cookies: 'https://www.provider.example.test/cookie-policy',
      social: {
        facebook: 'https://www.facebook.com/provider',
        instagram: 'https://www.instagram.com/',
        x: 'https://x.com/',
        linkedin: 'https://www.linkedin.com/',
        youtube: 'https://www.youtube.com/@provider',
      },
    });
  });

  it('takes a tag manager container id only in its own format', () => {
    expect(parseServerConfig({ DATABASE_URL, GTM_CONTAINER_ID: 'GTM-AB12CD3' }).gtmContainerId).toBe(
      'GTM-AB12CD3',
    );
    expect(problemsOf({ DATABASE_URL, GTM_CONTAINER_ID: 'GTM-1"><script>' })).toContain('GTM_CONTAINER_ID');
    expect(problemsOf({ DATABASE_URL, PROVIDER_SITE_URL: 'javascript:alert(1)' })).toContain(
      'PROVIDER_SITE_URL',
    );
    expect(problemsOf({ DATABASE_URL, SOCIAL_X_URL: 'x.com/provider' })).toContain('SOCIAL_X_URL');
  });

  it('refuses bad values, listing every bad variable', () => {
    let thrown: unknown;
    try {
      parseServerConfig({
        API_URL: 'not a url',
        PORTAL_URL: 'ftp://portal.example.test',
        ERROR_REPORTING_URL: '//evil.example.test/x',
        BRAND_NAME: '   ',
      });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(InvalidServerConfigError);
    const problems = (thrown as InvalidServerConfigError).problems.join('\n');
    for (const name of ['API_URL', 'PORTAL_URL', 'ERROR_REPORTING_URL', 'BRAND_NAME', 'DATABASE_URL']) {
      expect(problems).toContain(name);
    }
  });
});

describe('development routes (/bff/dev/*, decision 0068)', () => {
  it('are forwarded under next dev, and otherwise only when DEV_ROUTES=on (npm start and the tests)', () => {
    // A local production build (npm start's web server): at localhost, with its own session secret.
    const local = { DATABASE_URL, NODE_ENV: 'production', NEXTAUTH_SECRET: 'x'.repeat(32) };
    expect(parseServerConfig({ DATABASE_URL }).devRoutes).toBe(true);
    expect(parseServerConfig(local).devRoutes).toBe(false);
    expect(parseServerConfig({ DATABASE_URL, NODE_ENV: 'test' }).devRoutes).toBe(false);
    expect(parseServerConfig({ ...local, DEV_ROUTES: 'on' }).devRoutes).toBe(true);
    expect(parseServerConfig({ DATABASE_URL, DEV_ROUTES: 'off' }).devRoutes).toBe(false);
    expect(problemsOf({ DATABASE_URL, DEV_ROUTES: 'yes' })).toContain('DEV_ROUTES');
  });

  it('are refused in production at any address but localhost', () => {
    const production = {
      DATABASE_URL,
      NODE_ENV: 'production',
      NEXTAUTH_SECRET: 'x'.repeat(32),
      PORTAL_URL: 'https://portal.vets.example',
      AUTH_DOMAIN: 'https://login.vets.example',
      AUTH_SIGNIN_CLIENT_SECRET: 'entra-secret',
      AUTH_SIGNUP_CLIENT_SECRET: 'auth0-secret',
    };
    expect(parseServerConfig(production).devRoutes).toBe(false);
    expect(problemsOf({ ...production, DEV_ROUTES: 'on' })).toBe(
      'DEV_ROUTES: must be off in production (the portal is not at localhost)',
    );
  });
});

describe('a database superuser (decision 0092)', () => {
  const production = {
    DATABASE_URL,
    NODE_ENV: 'production',
    NEXTAUTH_SECRET: 'x'.repeat(32),
    PORTAL_URL: 'https://portal.vets.example',
    AUTH_DOMAIN: 'https://login.vets.example',
    AUTH_SIGNIN_CLIENT_SECRET: 'entra-secret',
    AUTH_SIGNUP_CLIENT_SECRET: 'auth0-secret',
  };

  it('is refused in production unless DATABASE_ALLOW_SUPERUSER=true; at localhost and in development never', () => {
    expect(parseServerConfig(production).refuseDatabaseSuperuser).toBe(true);
    expect(
      parseServerConfig({ ...production, DATABASE_ALLOW_SUPERUSER: 'false' }).refuseDatabaseSuperuser,
    ).toBe(true);
    expect(
      parseServerConfig({ ...production, DATABASE_ALLOW_SUPERUSER: 'true' }).refuseDatabaseSuperuser,
    ).toBe(false);
    // npm start's and the end-to-end run's web server: a production build at localhost, embedded PostgreSQL.
    const local = { DATABASE_URL, NODE_ENV: 'production', NEXTAUTH_SECRET: 'x'.repeat(32) };
    expect(parseServerConfig(local).refuseDatabaseSuperuser).toBe(false);
    expect(parseServerConfig({ DATABASE_URL }).refuseDatabaseSuperuser).toBe(false);
    expect(problemsOf({ ...production, DATABASE_ALLOW_SUPERUSER: 'yes' })).toBe(
      'DATABASE_ALLOW_SUPERUSER: must be true or false',
    );
  });
});

describe('public configuration', () => {
  const config = parseServerConfig({ DATABASE_URL, API_URL: 'http://internal-api:4000' });

  it('tells the browser the proxy path, never the internal API URL', () => {
    const runtimeConfig = toRuntimeConfig(config);
    expect(runtimeConfigSchema.parse(runtimeConfig)).toEqual(runtimeConfig);
    expect(runtimeConfig.apiUrl).toBe('/bff');
    expect(JSON.stringify(runtimeConfig)).not.toContain('internal-api');
    for (const secret of [DEV_NEXTAUTH_SECRET, DEV_IDP_CLIENT_SECRET, DATABASE_URL]) {
      expect(JSON.stringify(runtimeConfig)).not.toContain(secret);
    }
  });

  it('gives the telemetry tags of R1.4', () => {
    expect(telemetryConfigSchema.parse(toTelemetryConfig(config))).toEqual({
      errorReportingUrl: '/bff/telemetry/render-errors',
      applicationTag: 'clientPortalFE',
      version: '3.5.3',
    });
  });
});
