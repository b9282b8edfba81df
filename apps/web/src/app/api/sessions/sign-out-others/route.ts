import { getServerConfig } from '@/config/server';
import { signOutOtherSessions } from '@/shared/auth-session/server/signed-in-sessions';
import { activeSessionDeps } from '@/shared/auth-session/server/session-deps';
import { apiErrorResponse, crossSiteWriteResponse, isSameOriginWrite } from '@/shared/bff/proxy';

const noStore = { 'cache-control': 'no-store' };

/**
 * POST /api/sessions/sign-out-others → `{ sessions }` (this one alone): ends the signed-in person's other
 * sessions at once (their rows deleted, refresh tokens revoked); 401 without a live session. Same-origin
 * requests only (the BFF's Origin / Sec-Fetch-Site rule).
 */
export async function POST(request: Request): Promise<Response> {
  const config = getServerConfig();
  if (!isSameOriginWrite(request, config.portalUrl)) return crossSiteWriteResponse();
  const list = await signOutOtherSessions(
    request.headers.get('cookie'),
    config.session,
    activeSessionDeps(config),
  );
  if (!list) return apiErrorResponse(401, 'Unauthorized', 'Sign in first.');
  return Response.json(list, { headers: noStore });
}
