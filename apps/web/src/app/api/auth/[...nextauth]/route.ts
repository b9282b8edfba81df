import NextAuth from 'next-auth';
import type { NextRequest } from 'next/server';
import { getServerConfig } from '@/config/server';
import { authOptions } from '@/features/auth/server/auth-options';
import { logFromBrowser } from '@/features/auth/server/browser-log';
import { previousSessionOfSignIn, withPreviousSession } from '@/features/auth/server/previous-session';
import { withSignInDevice } from '@/features/auth/server/sign-in-device';
import { updateSession } from '@/features/auth/server/session-update';
import { unlessSessionStoreFailed } from '@/features/auth/server/session-store-outage';

type AuthContext = { params: Promise<{ nextauth: string[] }> };

/** The sign-in layer (R7.11): session (GET, and POST to update), csrf, providers, signin, callback, signout, _log. */
async function handler(request: NextRequest, context: AuthContext): Promise<Response> {
  const { nextauth } = await context.params;
  // The logging post is the portal's own (browser-log.ts): next-auth would log whatever it carries.
  if (nextauth[0] === '_log') return logFromBrowser(request, getServerConfig().portalUrl);
  // The session update is the portal's too (session-update.ts, decision 0100): next-auth's own answers
  // to a wrong CSRF token, a body it ignores and no session are a 400, a 200 and `{}`.
  if (nextauth[0] === 'session' && nextauth.length === 1 && request.method === 'POST') {
    return unlessSessionStoreFailed(() => updateSession(request, getServerConfig().portalUrl, authOptions()));
  }
  const previous = await previousSessionOfSignIn(
    nextauth,
    request.headers.get('cookie'),
    getServerConfig().session,
  );
  // A sign-in that completes ends the session the browser held before (see previous-session.ts),
  // and the new session records the device it was made on (sign-in-device.ts).
  return withPreviousSession(previous, () =>
    withSignInDevice(nextauth, request.headers.get('user-agent'), () =>
      unlessSessionStoreFailed(() => NextAuth(request, context, authOptions()) as Promise<Response>),
    ),
  );
}

export { handler as GET, handler as POST };
