import type { FastifyRequest } from 'fastify';
import { reauthenticationRequired } from '../http/index.ts';
import { identityOf } from './auth-plugin.ts';
import { CLOCK_TOLERANCE_SECONDS } from './token-rules.ts';

/**
 * How recent a sign-in must be for exporting the client's data or deleting the online account
 * (decision 0079): ten minutes, long enough to read what the page says and confirm, short enough that
 * a device left signed in cannot be used for either without the password.
 */
export const RECENT_SIGN_IN_SECONDS = 10 * 60;

/**
 * Whether a sign-in at `authTime` is recent at `now`: within RECENT_SIGN_IN_SECONDS, allowing the
 * provider's clock to run a little ahead of ours. An unknown time is never recent.
 */
export function isRecentSignIn(authTime: Date | undefined, now: Date = new Date()): boolean {
  if (!authTime) return false;
  const ageSeconds = (now.getTime() - authTime.getTime()) / 1000;
  return ageSeconds <= RECENT_SIGN_IN_SECONDS && ageSeconds >= -CLOCK_TOLERANCE_SECONDS;
}

/**
 * A route hook (after the scope's sign-in check: use it as the route's `preHandler`): 403 with code
 * `reauthentication_required` unless the access token says the person signed in within the last
 * RECENT_SIGN_IN_SECONDS. The time comes from the token's signed `auth_time`, never from the caller.
 */
export function requireRecentSignIn(request: FastifyRequest): Promise<void> {
  if (!isRecentSignIn(identityOf(request).authTime)) {
    request.log.info({ authRefusal: 'sign_in_not_recent' }, 'recent sign-in required');
    return Promise.reject(reauthenticationRequired());
  }
  return Promise.resolve();
}
