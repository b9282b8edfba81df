import { getServerConfig } from '@/config/server';
import {
  logoutTicketCookie,
  logoutTicketMaxAgeSeconds,
  providerLogoutPath,
  providerLogoutRedirect,
  providerLogoutTicket,
} from '@/features/auth/server/provider-logout';
import { activeSessionDeps } from '@/shared/auth-session/server/session-deps';
import { parseCookieHeader } from '@/shared/auth-session/server/session-cookie';
import { crossSiteWriteResponse, isSameOriginWrite } from '@/shared/bff/proxy';
import { serverLog } from '@/observability/logger';

/** The ticket's cookie: read only by GET /api/auth/end-session, never by a script, nor sent cross-site. */
function ticketCookie(value: string, maxAgeSeconds: number, secure: boolean): string {
  return [
    `${logoutTicketCookie}=${value}`,
    `Path=${providerLogoutPath}`,
    `Max-Age=${maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

/**
 * POST /api/auth/end-session → `{ url }`: where the browser goes once the portal session has ended, this
 * route's GET (which leads on to the provider's logout), or null when there is no provider session to
 * end. The logout asks just before next-auth's signOut deletes the session row; the ID token goes into an
 * HttpOnly cookie, sealed (provider-logout.ts), never into the answer. Same-origin requests only (the
 * BFF's Origin / Sec-Fetch-Site rule).
 */
export async function POST(request: Request): Promise<Response> {
  const config = getServerConfig();
  if (!isSameOriginWrite(request, config.portalUrl)) return crossSiteWriteResponse();
  let ticket: string | null = null;
  try {
    ticket = await providerLogoutTicket(request.headers.get('cookie'), config, activeSessionDeps(config));
  } catch (error) {
    // The portal session still ends; only the provider's session is left to expire on its own.
    serverLog.error(`[auth] end-session: ${error instanceof Error ? error.name : 'Error'}`);
  }
  const headers = new Headers({ 'cache-control': 'no-store' });
  if (ticket)
    headers.append(
      'set-cookie',
      ticketCookie(ticket, logoutTicketMaxAgeSeconds, config.session.secureCookies),
    );
  return Response.json({ url: ticket ? providerLogoutPath : null }, { headers });
}

/**
 * GET /api/auth/end-session: 303 to the provider's end-session endpoint with the ID token as hint, built
 * here from the sealed cookie (which is then cleared), or to the portal's home when there is none.
 */
export async function GET(request: Request): Promise<Response> {
  const config = getServerConfig();
  const ticket = parseCookieHeader(request.headers.get('cookie')).get(logoutTicketCookie) ?? null;
  let location: string | null = null;
  try {
    location = await providerLogoutRedirect(ticket, config, activeSessionDeps(config));
  } catch (error) {
    serverLog.error(`[auth] end-session: ${error instanceof Error ? error.name : 'Error'}`);
  }
  const headers = new Headers({ location: location ?? `${config.portalUrl}/`, 'cache-control': 'no-store' });
  if (ticket) headers.append('set-cookie', ticketCookie('', 0, config.session.secureCookies));
  return new Response(null, { status: 303, headers });
}
