/**
 * Re-authentication (decision 0079), the part the browser may import: exporting the client's data or
 * deleting the online account needs a sign-in within RECENT_SIGN_IN_MAX_AGE_MS. When the last one is
 * older, the person signs in again at the provider (every portal sign-in asks for prompt=login) and comes
 * back to the page they were on.
 */

/** Ten minutes, as the API's RECENT_SIGN_IN_SECONDS (apps/api/src/platform/auth/recent-sign-in.ts). */
export const RECENT_SIGN_IN_MAX_AGE_MS = 10 * 60_000;

/** The API's error `code` for "sign in again first" (a 403). */
export const REAUTHENTICATION_REQUIRED = 'reauthentication_required';

/**
 * Where to send the person to sign in again and come back to `returnTo` (a path on the portal, such as
 * `/client-detail/your-data`): the start-sign-in route, which goes to the provider with prompt=login.
 */
export function reauthenticationPath(returnTo: string): string {
  return `/api/auth/start-sign-in?${new URLSearchParams({ callbackUrl: returnTo }).toString()}`;
}

/** Whether a failed API call (its status and parsed body) says "sign in again first". */
export function isReauthenticationRequired(status: number | null | undefined, body: unknown): boolean {
  return (
    status === 403 &&
    typeof body === 'object' &&
    body !== null &&
    (body as { code?: unknown }).code === REAUTHENTICATION_REQUIRED
  );
}
