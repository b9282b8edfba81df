import { AsyncLocalStorage } from 'node:async_hooks';
import { summariseUserAgent } from '@/shared/auth-session/server/device-summary';

/**
 * The device a sign-in completes on, for "Where you are signed in": the summary of the callback
 * request's User-Agent (device-summary.ts), handed to session-callbacks.ts, which stores it with the new
 * session. Only on next-auth's /api/auth/callback/<provider>; other requests start no session.
 */
const device = new AsyncLocalStorage<string>();

/** Runs next-auth's handler knowing the device of a sign-in callback (anything else: runs it as is). */
export function withSignInDevice<T>(segments: readonly string[], userAgent: string | null, run: () => T): T {
  return segments[0] === 'callback' ? device.run(summariseUserAgent(userAgent), run) : run();
}

/** The device of the sign-in being completed, if known. */
export function signInDevice(): string | null {
  return device.getStore() ?? null;
}
