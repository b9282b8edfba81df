import type { NextAuthOptions } from 'next-auth';
import { getServerConfig, type ServerConfig } from '@/config/server';
import { SIGN_IN_PROVIDER_ID, SIGN_UP_PROVIDER_ID } from '@/shared/auth-session/provider-ids';
import { sessionCookieName } from '@/shared/auth-session/server/session-cookie';
import { activeSessionDeps } from '@/shared/auth-session/server/session-deps';
import { safeCallbackUrl } from '@/features/auth/safe-callback-url';
import { SIGN_IN_AUTHORIZATION_PARAMS, SIGN_UP_AUTHORIZATION_PARAMS } from '@/features/auth/sign-in-requests';
import { createAuthLogger } from './auth-logger';
import { oidcProvider } from './identity-providers';
import { createSessionCallbacks, SESSION_MAX_AGE_SECONDS } from './session-callbacks';

/** The sign-in layer at /api/auth (R7.11), from the server configuration. */
export function buildAuthOptions(config: ServerConfig): NextAuthOptions {
  const secure = config.session.secureCookies;
  const callbacks = createSessionCallbacks(() => activeSessionDeps(config));
  return {
    secret: config.session.secret,
    providers: [
      oidcProvider(
        SIGN_IN_PROVIDER_ID,
        'Sign in',
        config.identityProviders.signIn,
        SIGN_IN_AUTHORIZATION_PARAMS,
      ),
      oidcProvider(
        SIGN_UP_PROVIDER_ID,
        'Sign up',
        config.identityProviders.signUp,
        SIGN_UP_AUTHORIZATION_PARAMS,
      ),
    ],
    session: { strategy: 'jwt', maxAge: SESSION_MAX_AGE_SECONDS },
    // https: every cookie Secure, with the __Secure-/__Host- prefixes; the session cookie always __Host-
    // (session-cookie.ts): Path=/, no Domain.
    useSecureCookies: secure,
    cookies: {
      sessionToken: {
        name: sessionCookieName(secure),
        options: { httpOnly: true, sameSite: 'lax', path: '/', secure },
      },
    },
    // The sign-in redirect screen (R2.16) is the sign-in page (next-auth sends errors such as
    // SessionRequired and unknown providers there, with the callbackUrl).
    pages: { signIn: '/signin' },
    callbacks: {
      redirect: ({ url, baseUrl }) => safeCallbackUrl(url, baseUrl),
      jwt: callbacks.jwt,
      session: callbacks.session,
    },
    events: { signOut: callbacks.signOut },
    logger: createAuthLogger(),
  };
}

let options: NextAuthOptions | undefined;

/** Built on first use, not at import: `next build` loads route modules without the runtime environment. */
export function authOptions(): NextAuthOptions {
  options ??= buildAuthOptions(getServerConfig());
  return options;
}
