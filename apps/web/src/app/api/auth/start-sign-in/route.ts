import type { NextRequest } from 'next/server';
import { getServerConfig } from '@/config/server';
import { safeCallbackUrl } from '@/features/auth/safe-callback-url';
import { authOptions } from '@/features/auth/server/auth-options';
import { providerRedirect } from '@/features/auth/server/provider-redirect';
import { requiredPageSignIn, signUpScreenRequest } from '@/features/auth/sign-in-requests';
import { AUTH_BASE_PATH } from '@/shared/auth-session/provider-ids';
import { serverLog } from '@/observability/logger';

/**
 * GET /api/auth/start-sign-in?callbackUrl=/pets → 303 to the provider's login, with next-auth's cookies
 * for the sign-in (decision 0049). The proxy sends here a visitor with no session who asks for a page
 * that needs one: the provider and its parameters are those the page's own RequireAuth would choose, and
 * the return address is our own origin only. `?screen=signup&practice=3` is the sign-up screen's (R2.17).
 * A sign-in that cannot start goes to next-auth's error page, as the browser's `signIn` does.
 */
export async function GET(request: NextRequest): Promise<Response> {
  const { portalUrl } = getServerConfig();
  const query = request.nextUrl.searchParams;
  const target = new URL(safeCallbackUrl(query.get('callbackUrl') ?? '/', portalUrl));
  const signIn =
    query.get('screen') === 'signup'
      ? signUpScreenRequest(query.get('practice'))
      : requiredPageSignIn({ pathname: target.pathname, search: target.search }, null);
  const redirect = await providerRedirect(
    signIn,
    {
      cookies: Object.fromEntries(request.cookies.getAll().map((cookie) => [cookie.name, cookie.value])),
      headers: Object.fromEntries(request.headers),
    },
    authOptions(),
  ).catch((error: unknown) => {
    // Only the error's kind: next-auth logs its own failures (auth-logger.ts) without personal data.
    serverLog.error(`[auth] start-sign-in: ${error instanceof Error ? error.name : 'Error'}`);
    return null;
  });
  const headers = new Headers({
    location: redirect?.location ?? `${portalUrl}${AUTH_BASE_PATH}/error`,
    'cache-control': 'no-store',
  });
  for (const cookie of redirect?.setCookies ?? []) headers.append('set-cookie', cookie);
  return new Response(null, { status: 303, headers });
}
