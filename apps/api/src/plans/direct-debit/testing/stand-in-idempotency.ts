import { StandInError } from './stand-in-support.ts';

/**
 * Idempotency keys as https://developer.gocardless.com/api-reference#idempotency-keys says: a create whose
 * key already made a resource is answered 409 `invalid_state` with the reason `idempotent_creation_conflict`
 * and `links.conflicting_resource_id` naming it (the official library then fetches that resource). Keys are
 * kept per access token and endpoint (GUESS, README), in memory, for the stand-in's life; a create that
 * failed saves nothing, so a retry after a fault or a refusal runs again.
 */
export function idempotencyKeys() {
  const made = new Map<string, string>();
  return {
    /** The 409 for a key already used on this endpoint, or null. */
    conflict(scope: string, key: string): StandInError | null {
      const id = made.get(`${scope} ${key}`);
      if (!id) return null;
      return new StandInError(
        409,
        'invalid_state',
        'idempotent_creation_conflict',
        'A resource has already been created with this idempotency key',
        { links: { conflicting_resource_id: id } },
      );
    },
    remember(scope: string, key: string, id: string) {
      made.set(`${scope} ${key}`, id);
    },
  };
}
