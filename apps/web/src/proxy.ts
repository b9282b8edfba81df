import { NextResponse, type NextRequest } from 'next/server';
import { getServerConfig } from '@/config/server';
import { serverSignInStart } from '@/features/auth/server/sign-in-first';
import { contentSecurityPolicy, newNonce, originsOf } from '@/shared/security/content-security-policy';

/**
 * Every page gets a Content Security Policy with a nonce of its own (decision 0029). Next.js finds the
 * nonce in the request's policy header and puts it on the scripts it renders; the response carries the
 * same policy. Pages are rendered per request already (the layout reads the session), so nothing that
 * was static becomes dynamic.
 *
 * A page that needs a signed-in person, asked for with no session cookie at all, is not rendered: the
 * visitor goes straight to the sign-in's start (decision 0049).
 */
export function proxy(request: NextRequest): NextResponse {
  const signInStart = serverSignInStart({
    method: request.method,
    pathname: request.nextUrl.pathname,
    search: request.nextUrl.search,
    headers: request.headers,
  });
  if (signInStart) return NextResponse.redirect(new URL(signInStart, request.nextUrl), 307);
  const { identityProviders, gtmContainerId, development } = getServerConfig();
  const policy = contentSecurityPolicy({
    nonce: newNonce(),
    development,
    formTargets: originsOf([identityProviders.signIn.issuer, identityProviders.signUp.issuer]),
    tagManager: Boolean(gtmContainerId),
  });
  const headers = new Headers(request.headers);
  headers.set('content-security-policy', policy);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set('content-security-policy', policy);
  return response;
}

export const config = {
  // Pages only: not the BFF or next-auth (JSON, with a static policy from next.config.ts), nor built
  // assets. A page asked for as a prefetch is served too (decision 0058): a browser may show what it
  // prefetched, and it must carry the page's policy.
  matcher: [{ source: '/((?!bff/|api/|_next/static/|_next/image|favicon.ico|icon.svg).*)' }],
};
