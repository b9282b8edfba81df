import { getServerConfig } from '@/config/server';
import { signedInSessions } from '@/shared/auth-session/server/signed-in-sessions';
import { activeSessionDeps } from '@/shared/auth-session/server/session-deps';
import { apiErrorResponse } from '@/shared/bff/proxy';

const noStore = { 'cache-control': 'no-store' };

/**
 * GET /api/sessions → `{ sessions }`: where the signed-in person is signed in (device, last active, this
 * one marked); 401 without a live session. The web's own sessions, so the web answers, not the API.
 */
export async function GET(request: Request): Promise<Response> {
  const config = getServerConfig();
  const list = await signedInSessions(
    request.headers.get('cookie'),
    config.session,
    activeSessionDeps(config),
  );
  if (!list) return apiErrorResponse(401, 'Unauthorized', 'Sign in first.');
  return Response.json(list, { headers: noStore });
}
