import { StandInError } from './stand-in-support.ts';

/** "Keys are eligible to be removed from the system automatically after they're at least 24 hours old". */
const keyLifetimeMs = 24 * 60 * 60 * 1000;

interface Saved {
  fingerprint: string;
  status: number;
  body: unknown;
  savedAt: number;
}

/**
 * Idempotent requests as https://docs.stripe.com/api/idempotent_requests says: the status and body of the
 * first request with a key are saved and answered again to a retry with the same key; the same key with
 * other parameters is an `idempotency_error` (400); a request that failed validation saves nothing. Keys
 * live 24 h (in memory). The replay's `Idempotent-Replayed: true` header is Stripe's (GUESS: README).
 */
export function idempotencyCache(now: () => number) {
  const saved = new Map<string, Saved>();
  return {
    run(
      key: string,
      fingerprint: string,
      execute: () => { status: number; body: unknown; saved: boolean },
    ): { status: number; body: unknown; replayed: boolean } {
      for (const [old, entry] of saved) if (now() - entry.savedAt > keyLifetimeMs) saved.delete(old);
      const previous = saved.get(key);
      if (previous && previous.fingerprint !== fingerprint) {
        const keyOnly = key.slice(key.indexOf(':') + 1);
        const error = new StandInError(
          400,
          'idempotency_error',
          'Keys for idempotent requests can only be used with the same parameters they were first used with. ' +
            `Try using a key other than '${keyOnly}' if you meant to execute a different request.`,
        );
        return { status: 400, body: error.body(), replayed: false };
      }
      if (previous) return { status: previous.status, body: previous.body, replayed: true };
      const answer = execute();
      if (answer.saved)
        saved.set(key, { fingerprint, status: answer.status, body: answer.body, savedAt: now() });
      return { status: answer.status, body: answer.body, replayed: false };
    },
  };
}
