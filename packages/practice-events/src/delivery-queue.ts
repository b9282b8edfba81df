import type { Database } from '@vet/db/connection';
import { practiceEvents, webhookDeliveries, webhookEndpoints } from '@vet/db/schema/practice-events';
import { and, asc, eq, gt, lt, lte, min, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

/** One delivery's transaction: its row stays locked while the event is sent, until the outcome is written. */
export type DeliveryTransaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** A delivery's key: one event for one endpoint. */
export interface DeliveryKey {
  endpointId: number;
  eventId: number;
}

/** A claimed delivery: what sending it needs, and what its outcome is written from. */
export interface ClaimedDelivery extends DeliveryKey {
  position: number;
  recordKey: string;
  attempts: number;
  retryingSince: Date | null;
  url: string;
  secret: string;
  /** A rotated secret still in its overlap (decision 0112): it signs beside `secret` until it expires. */
  previousSecret: string | null;
  type: string;
  data: Record<string, unknown>;
  occurredAt: Date;
}

const earlier = alias(webhookDeliveries, 'earlier');
const pending = sql`${webhookDeliveries.status} = 'pending'`;

/**
 * Locks and returns the due delivery to send next, or undefined when none is claimable now. Claimable: the
 * delivery is pending, its time has come, its endpoint is active, and no earlier delivery of the same
 * endpoint and record is undelivered (pending, being sent, or parked), so a record's events go out in
 * order while other records' go on. `skip locked` passes over deliveries other transactions are sending,
 * in this process or another: two never send one delivery at once. When the row changed since the
 * statement's snapshot (delivered meanwhile by another instance), PostgreSQL re-checks these conditions on
 * the row as locked, so a delivery is never claimed in a state that no longer qualifies.
 */
export async function claimDueDelivery(
  tx: DeliveryTransaction,
  now: Date,
): Promise<ClaimedDelivery | undefined> {
  const [row] = await tx
    .select({
      endpointId: webhookDeliveries.endpointId,
      eventId: webhookDeliveries.eventId,
      position: webhookDeliveries.position,
      recordKey: webhookDeliveries.recordKey,
      attempts: webhookDeliveries.attempts,
      retryingSince: webhookDeliveries.retryingSince,
      type: practiceEvents.type,
      data: practiceEvents.data,
      occurredAt: practiceEvents.occurredAt,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .innerJoin(practiceEvents, eq(practiceEvents.id, webhookDeliveries.eventId))
    .where(
      and(
        pending,
        lte(webhookDeliveries.nextAttemptAt, now),
        eq(webhookEndpoints.active, true),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(earlier)
            .where(
              and(
                eq(earlier.endpointId, webhookDeliveries.endpointId),
                eq(earlier.recordKey, webhookDeliveries.recordKey),
                // Written out, so the planner matches the undelivered index's predicate.
                sql`${earlier.status} <> 'delivered'`,
                lt(earlier.position, webhookDeliveries.position),
              ),
            ),
        ),
      ),
    )
    .orderBy(asc(webhookDeliveries.nextAttemptAt), asc(webhookDeliveries.position))
    .limit(1)
    .for('update', { of: webhookDeliveries, skipLocked: true });
  if (!row) return undefined;
  const endpoint = await lockEndpointForSending(tx, row.endpointId, now);
  return endpoint && { ...row, ...endpoint };
}

/**
 * The endpoint's URL and signing secrets, read under a share lock held until the delivery's outcome is
 * written (decision 0112): a rotation, a change of URL or a removal waits for the deliveries being sent,
 * so once a rotation has answered, no webhook signed only with the old secret is still on its way. Read
 * in a statement of its own after the claim, so the values are those committed last. `skip locked`: while
 * such a change is being written, the delivery is left for the next round, and the claim never waits on a
 * removal that waits on it (a deadlock).
 */
async function lockEndpointForSending(
  tx: DeliveryTransaction,
  endpointId: number,
  now: Date,
): Promise<Pick<ClaimedDelivery, 'url' | 'secret' | 'previousSecret'> | undefined> {
  const [endpoint] = await tx
    .select({
      url: webhookEndpoints.url,
      secret: webhookEndpoints.secret,
      previousSecret: sql<string | null>`case when ${webhookEndpoints.previousSecretExpiresAt} > ${now}
        then ${webhookEndpoints.previousSecret} end`,
    })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.id, endpointId))
    .for('share', { skipLocked: true });
  return endpoint;
}

const thisDelivery = (key: DeliveryKey) =>
  and(eq(webhookDeliveries.endpointId, key.endpointId), eq(webhookDeliveries.eventId, key.eventId));

export async function markDelivered(tx: DeliveryTransaction, key: DeliveryKey, now: Date): Promise<void> {
  await tx
    .update(webhookDeliveries)
    .set({
      status: 'delivered',
      attempts: sql`${webhookDeliveries.attempts} + 1`,
      lastAttemptAt: now,
      deliveredAt: now,
    })
    .where(thisDelivery(key));
}

export interface FailedAttempt {
  now: Date;
  /** A code (`http_503`, `timeout`, ...), never the answer's text. */
  reason: string;
  /** When the retries began: this attempt's time when it is the first failure. */
  retryingSince: Date;
  /** The next attempt's time, or null to park the delivery (its retry window has passed). */
  nextAttemptAt: Date | null;
}

/**
 * Writes a failed attempt: the delivery waits for its next attempt, or is parked. The record's later
 * deliveries cannot go before it, so their times move with it: the claim's scan of due deliveries then
 * does not pass over every one of them on each look while their record is failing.
 */
export async function recordFailure(
  tx: DeliveryTransaction,
  delivery: ClaimedDelivery,
  attempt: FailedAttempt,
): Promise<void> {
  const parked = attempt.nextAttemptAt === null;
  await tx
    .update(webhookDeliveries)
    .set({
      status: parked ? 'parked' : 'pending',
      attempts: sql`${webhookDeliveries.attempts} + 1`,
      lastAttemptAt: attempt.now,
      lastError: attempt.reason,
      retryingSince: attempt.retryingSince,
      ...(attempt.nextAttemptAt ? { nextAttemptAt: attempt.nextAttemptAt } : {}),
    })
    .where(thisDelivery(delivery));
  if (!attempt.nextAttemptAt) return;
  await tx
    .update(webhookDeliveries)
    .set({ nextAttemptAt: attempt.nextAttemptAt })
    .where(
      and(
        eq(webhookDeliveries.endpointId, delivery.endpointId),
        eq(webhookDeliveries.recordKey, delivery.recordKey),
        pending,
        gt(webhookDeliveries.position, delivery.position),
        lt(webhookDeliveries.nextAttemptAt, attempt.nextAttemptAt),
      ),
    );
}

/** The earliest time a pending delivery becomes due after `now`, if any: the dispatcher wakes then. */
export async function nextDueTime(db: Database, now: Date): Promise<Date | null> {
  const [row] = await db
    .select({ next: min(webhookDeliveries.nextAttemptAt) })
    .from(webhookDeliveries)
    .where(and(pending, gt(webhookDeliveries.nextAttemptAt, now)));
  return row?.next ?? null;
}
