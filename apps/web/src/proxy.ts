import { maintenanceMessage, maintenanceRetryAfterSeconds } from '@vet/contracts/maintenance';
import { NextResponse, type NextRequest } from 'next/server';
import { getServerConfig, type ServerConfig } from '@/config/server';
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
 *
 * MAINTENANCE=on (decision 0073): every page answers the maintenance page with 503 and Retry-After, and
 * the BFF and sign-in (/bff/*, /api/*) answer 503 in the API's error shape. The web's probes answer in
 * server.mjs, before Next.js, so the balancer keeps the instance.
 */
export function proxy(request: NextRequest): NextResponse {
  const config = getServerConfig();
  const { pathname } = request.nextUrl;
  if (isJsonRoute(pathname)) return config.maintenance ? maintenanceJson() : NextResponse.next();
  if (!config.maintenance && pathname === maintenancePath) {
    // The page says the portal is closed: outside maintenance, the portal itself.
    return NextResponse.redirect(new URL('/', request.nextUrl), 307);
  }
  if (!config.maintenance) {
    const signInStart = serverSignInStart({
      method: request.method,
      pathname,
      search: request.nextUrl.search,
      headers: request.headers,
    });
    if (signInStart) return NextResponse.redirect(new URL(signInStart, request.nextUrl), 307);
  }
  const policy = pagePolicy(config);
  const headers = new Headers(request.headers);
  headers.set('content-security-policy', policy);
  const response = config.maintenance
    ? NextResponse.rewrite(new URL(maintenancePath, request.nextUrl), { status: 503, request: { headers } })
    : NextResponse.next({ request: { headers } });
  response.headers.set('content-security-policy', policy);
  if (config.maintenance) setMaintenanceHeaders(response.headers);
  return response;
}

const maintenancePath = '/maintenance';

/** The BFF and next-auth answer JSON with a static policy from next.config.ts, outside maintenance. */
const isJsonRoute = (pathname: string) => pathname.startsWith('/bff/') || pathname.startsWith('/api/');

function pagePolicy({ identityProviders, gtmContainerId, development }: ServerConfig): string {
  return contentSecurityPolicy({
    nonce: newNonce(),
    development,
    formTargets: originsOf([identityProviders.signIn.issuer, identityProviders.signUp.issuer]),
    tagManager: Boolean(gtmContainerId),
  });
}

function setMaintenanceHeaders(headers: Headers): void {
  headers.set('retry-after', String(maintenanceRetryAfterSeconds));
  // Neither a browser nor a cache in between keeps the closed page once the portal is back.
  headers.set('cache-control', 'no-store');
}

function maintenanceJson(): NextResponse {
  const response = NextResponse.json(
    { statusCode: 503, error: 'Service Unavailable', message: maintenanceMessage },
    { status: 503 },
  );
  setMaintenanceHeaders(response.headers);
  return response;
}

export const config = {
  // Pages, the BFF and next-auth; not built assets. The BFF and next-auth pass straight through outside
  // maintenance. A page asked for as a prefetch is served too (decision 0058): a browser may show what it
  // prefetched, and it must carry the page's policy.
  // Not the BFF's attachment transfers (decision 0166): Next.js copies a body it passes through the
  // proxy, and cuts it at proxyClientMaxBodySize (10 MB); a 50 MB video goes straight to its route, whose
  // forwarding streams it. In maintenance the API itself answers them 503.
  matcher: [{ source: '/((?!_next/static/|_next/image|favicon.ico|icon.svg|bff/v2/attachments).*)' }],
};
