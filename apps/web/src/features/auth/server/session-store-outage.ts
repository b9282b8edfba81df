import { AsyncLocalStorage } from 'node:async_hooks';
import { apiErrorResponse } from '@/shared/bff/proxy';

/**
 * next-auth treats any error while reading a session as the session's end: /api/auth/session answers
 * `{}` and clears the cookie, so a database outage would sign every visitor out. The session callbacks
 * note here that the store itself failed (not that the session ended), and the route then answers 503 in
 * the API's error shape instead, keeping the cookie: the session carries on once the database is back.
 */
const outages = new AsyncLocalStorage<{ storeFailed: boolean }>();

/** Runs next-auth's handler; a session store that failed meanwhile turns its answer into a 503. */
export async function unlessSessionStoreFailed(run: () => Promise<Response>): Promise<Response> {
  const state = { storeFailed: false };
  const response = await outages.run(state, run);
  if (!state.storeFailed) return response;
  return apiErrorResponse(
    503,
    'Service Unavailable',
    'The service is unavailable. Please try again shortly.',
  );
}

/** Called by the session callbacks when reading the session failed for another reason than its end. */
export function noteSessionStoreFailure(): void {
  const state = outages.getStore();
  if (state) state.storeFailed = true;
}
