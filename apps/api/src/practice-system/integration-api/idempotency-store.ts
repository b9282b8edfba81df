import type { Database } from '@vet/db/connection';
import { integrationIdempotencyKeys as keys } from '@vet/db/schema/integration-writes';
import { and, eq, isNull, lt, or } from 'drizzle-orm';

/** How long a key's answer is kept and replayed (decision 0113): a day, as client bookings' retries need. */
export const idempotencyKeyLifetimeMs = 24 * 60 * 60_000;

/**
 * How long a claim may stay unanswered before it is taken as abandoned (its process stopped mid-request,
 * so neither its answer nor its release was written): far above any write's time, well below a day.
 */
export const idempotencyClaimAbandonedMs = 5 * 60_000;

export interface KeptAnswer {
  statusCode: number;
  body: string;
  etag: string | null;
}

export type Claim =
  | { kind: 'claimed' }
  | { kind: 'answered'; requestHash: string; answer: KeptAnswer }
  | { kind: 'pending'; requestHash: string };

/** The SQL of the integration writes' Idempotency-Keys, per machine caller. */
export function createIdempotencyStore(db: Database) {
  return {
    /**
     * Claims the key for this request, or says what holds it. The caller's keys past their lifetime go
     * first (so the table holds a day of each caller's writes, and an old key is as new); the primary key
     * makes two requests racing for one key one claim and one `pending`.
     */
    async claim(caller: string, key: string, requestHash: string, now: Date): Promise<Claim> {
      const expiredBefore = new Date(now.getTime() - idempotencyKeyLifetimeMs);
      const abandonedBefore = new Date(now.getTime() - idempotencyClaimAbandonedMs);
      await db
        .delete(keys)
        .where(
          and(
            eq(keys.caller, caller),
            or(
              lt(keys.createdAt, expiredBefore),
              and(eq(keys.key, key), isNull(keys.statusCode), lt(keys.createdAt, abandonedBefore)),
            ),
          ),
        );
      const [claimed] = await db
        .insert(keys)
        .values({ caller, key, requestHash, createdAt: now })
        .onConflictDoNothing()
        .returning({ caller: keys.caller });
      if (claimed) return { kind: 'claimed' };
      const [held] = await db
        .select({
          requestHash: keys.requestHash,
          statusCode: keys.statusCode,
          responseBody: keys.responseBody,
          etag: keys.etag,
        })
        .from(keys)
        .where(and(eq(keys.caller, caller), eq(keys.key, key)));
      // Released meanwhile (its request failed): the next attempt is judged afresh.
      if (!held) return { kind: 'pending', requestHash };
      return held.statusCode === null || held.responseBody === null
        ? { kind: 'pending', requestHash: held.requestHash }
        : {
            kind: 'answered',
            requestHash: held.requestHash,
            answer: { statusCode: held.statusCode, body: held.responseBody, etag: held.etag },
          };
    },

    /** Keeps the answer for the key's repeats. */
    async answer(caller: string, key: string, { statusCode, body, etag }: KeptAnswer): Promise<void> {
      await db
        .update(keys)
        .set({ statusCode, responseBody: body, etag })
        .where(and(eq(keys.caller, caller), eq(keys.key, key), isNull(keys.statusCode)));
    },

    /** Lets the key go unanswered: the request failed in a way a repeat should be judged afresh. */
    async release(caller: string, key: string): Promise<void> {
      await db.delete(keys).where(and(eq(keys.caller, caller), eq(keys.key, key), isNull(keys.statusCode)));
    },
  };
}

export type IdempotencyStore = ReturnType<typeof createIdempotencyStore>;
