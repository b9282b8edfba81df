import { getServerConfig } from '@/config/server';
import {
  revokeBeforeAccountDeletion,
  type AccountDeletionDeps,
} from '@/shared/auth-session/server/account-deletion';
import { mayCarrySession } from '@/shared/auth-session/server/session-cookie';
import { activeSessionDeps } from '@/shared/auth-session/server/session-deps';

/** The API path of the online account's deletion (decision 0080), as the BFF's segments. */
const deletionPath = 'client/online-account/delete';

export function isAccountDeletion(method: string, segments: readonly string[]): boolean {
  return method === 'POST' && segments.join('/') === deletionPath;
}

function jsonOf(body: ArrayBuffer | undefined): unknown {
  if (!body) return undefined;
  try {
    return JSON.parse(new TextDecoder().decode(body));
  } catch {
    return undefined;
  }
}

/**
 * Before the deletion is forwarded: the refresh tokens of the person's sessions revoked at the provider
 * (auth-session/server/account-deletion.ts; security round three, finding 9). With `deps` unset, the
 * running server's own (its session database, providers and cookie secret). Nothing to do for a request
 * without a session cookie.
 */
export async function revokeBeforeForwardingDeletion(
  request: Request,
  body: ArrayBuffer | undefined,
  deps?: AccountDeletionDeps,
): Promise<void> {
  const cookieHeader = request.headers.get('cookie');
  if (!deps && !mayCarrySession(cookieHeader)) return;
  const config = deps ? undefined : getServerConfig();
  await revokeBeforeAccountDeletion(
    cookieHeader,
    jsonOf(body),
    deps ?? { ...activeSessionDeps(config!), session: config!.session },
  );
}
