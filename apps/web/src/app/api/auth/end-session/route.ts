import { getServerConfig } from '@/config/server';
import { providerLogoutUrl } from '@/features/auth/server/provider-logout';
import { activeSessionDeps } from '@/shared/auth-session/server/session-deps';
import { crossSiteWriteResponse, isSameOriginWrite } from '@/shared/bff/proxy';

/**
 * POST /api/auth/end-session → `{ url }`: the identity provider's logout address for this session (with
 * the ID token as hint), or null. The logout asks for it just before next-auth's signOut deletes the
 * session row. Same-origin requests only (the BFF's Origin / Sec-Fetch-Site rule); it changes nothing, so it needs no CSRF token.
 */
export async function POST(request: Request): Promise<Response> {
  const config = getServerConfig();
  if (!isSameOriginWrite(request, config.portalUrl)) return crossSiteWriteResponse();
  let url: string | null = null;
  try {
    url = await providerLogoutUrl(request.headers.get('cookie'), config, activeSessionDeps(config));
  } catch (error) {
    // The portal session still ends; only the provider's session is left to expire on its own.
    console.error(`[auth] end-session: ${error instanceof Error ? error.name : 'Error'}`);
  }
  return Response.json({ url }, { headers: { 'cache-control': 'no-store' } });
}
