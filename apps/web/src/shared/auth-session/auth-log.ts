import { AUTH_BASE_PATH } from './provider-ids';

/** R8.2's wrapper messages: what a failed sign-in and a failed access token are called. */
export const LOGIN_FAILED = 'Login failed';
export const GET_ACCESS_TOKEN_FAILED = 'Get access token failed';

/**
 * What the browser reports to the sign-in layer's log. CLIENT_SESSION_ERROR is next-auth's own code for a
 * session read that failed; the other two are the portal's, for R8.2's sign-in and access-token failures.
 */
export type ClientAuthLogCode = 'CLIENT_SESSION_ERROR' | 'CLIENT_SIGNIN_ERROR' | 'CLIENT_ACCESS_TOKEN_ERROR';

/** The logging post's path (R7.11): next-auth's `_log`, which hands it to the server's logger. */
export const AUTH_LOG_PATH = `${AUTH_BASE_PATH}/_log`;

/** A failure repeating (a refetch on every tab switch while the server is down) is posted once a minute. */
const repeatAfterMs = 60_000;
const lastPosted = new Map<ClientAuthLogCode, number>();

/**
 * A log entry's detail: what failed ('Login failed'), then what went wrong without what it carried:
 * 'HTTP 503' for an answer, else the error's name ('TypeError' for a failed fetch), and nothing more for a
 * plain Error. Never the error's message, which can quote an address, a name or a token.
 */
export function failureDetail(what: string, error: unknown): string {
  if (error && typeof error === 'object' && 'status' in error && typeof error.status === 'number') {
    return `${what}: HTTP ${error.status}`;
  }
  const name = error instanceof Error ? error.name : '';
  return /^[A-Za-z]{1,40}$/.test(name) && name !== 'Error' ? `${what}: ${name}` : what;
}

/**
 * R7.11's logging post, in the form next-auth's client logger sends (`level`, `code`, the details and
 * `client`, form-encoded), as a beacon, so it is sent even when the page is being left (as after a failed
 * sign-in). `detail` is failureDetail's: no personal data, code or token.
 */
export function postAuthLog(level: 'error' | 'warn', code: ClientAuthLogCode, detail: string): void {
  const now = Date.now();
  if (now - (lastPosted.get(code) ?? -Infinity) < repeatAfterMs) return;
  lastPosted.set(code, now);
  const body = new URLSearchParams({ level, code, detail, client: 'true' });
  try {
    if (navigator.sendBeacon?.(AUTH_LOG_PATH, body)) return;
    void fetch(AUTH_LOG_PATH, { method: 'POST', body, keepalive: true }).catch(() => undefined);
  } catch {
    // Reporting a failure must never become one.
  }
}

/**
 * The API refused a call for want of a valid access token (401): the server could not get one for this
 * session (its refresh failed, or the session ended there). The browser never holds the token; this is
 * where it learns of the failure, which R8.2 has only logged.
 */
export function logAccessTokenRefused(): void {
  postAuthLog('error', 'CLIENT_ACCESS_TOKEN_ERROR', failureDetail(GET_ACCESS_TOKEN_FAILED, { status: 401 }));
}
