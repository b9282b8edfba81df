import type { Database } from '@vet/db/connection';
import { practiceEventsChannel } from './record-events.ts';
import { practiceEvents, webhookDeliveries, webhookEndpoints } from '@vet/db/schema/practice-events';
import { and, asc, eq, isNotNull, sql, type SQL } from 'drizzle-orm';

/** Deliveries given up after their retry window (`npm run events -- failed`, `redrive`). */

export interface ParkedDelivery {
  endpoint: string;
  eventId: number;
  type: string;
  recordKey: string;
  attempts: number;
  /** A code (`http_503`, `timeout`, ...). */
  lastError: string | null;
  /** When its retries began. */
  since: Date | null;
  lastAttemptAt: Date | null;
}

export interface ParkedFilter {
  /** An endpoint's name. */
  endpoint?: string;
  /** The event's number (`evt_<n>`). */
  eventId?: number;
}

const parked = sql`${webhookDeliveries.status} = 'parked'`;

function matching(filter: ParkedFilter): SQL | undefined {
  return and(
    parked,
    filter.endpoint === undefined ? undefined : eq(webhookEndpoints.name, filter.endpoint),
    filter.eventId === undefined ? undefined : eq(webhookDeliveries.eventId, filter.eventId),
  );
}

/** Parked deliveries, by endpoint, in delivery order. */
export async function listParked(db: Database, filter: ParkedFilter = {}): Promise<ParkedDelivery[]> {
  return db
    .select({
      endpoint: webhookEndpoints.name,
      eventId: webhookDeliveries.eventId,
      type: practiceEvents.type,
      recordKey: webhookDeliveries.recordKey,
      attempts: webhookDeliveries.attempts,
      lastError: webhookDeliveries.lastError,
      since: webhookDeliveries.retryingSince,
      lastAttemptAt: webhookDeliveries.lastAttemptAt,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .innerJoin(practiceEvents, eq(practiceEvents.id, webhookDeliveries.eventId))
    .where(matching(filter))
    .orderBy(asc(webhookEndpoints.name), asc(webhookDeliveries.position));
}

/**
 * Makes the matching parked deliveries pending and due now, with a new retry window and back-off from
 * the start (attempts count again from zero; the last error stays until the next attempt), and wakes the
 * dispatchers. Their records' later deliveries follow once they are delivered. Returns how many. The
 * endpoints it re-drives, if disabled after only failures, are enabled again (decision 0139).
 */
export async function redriveParked(db: Database, filter: ParkedFilter = {}): Promise<number> {
  return db.transaction(async (tx) => {
    const endpointIds = tx
      .select({ id: webhookEndpoints.id })
      .from(webhookEndpoints)
      .where(filter.endpoint === undefined ? undefined : eq(webhookEndpoints.name, filter.endpoint));
    await tx
      .update(webhookEndpoints)
      .set({ active: true, disabledAt: null })
      .where(and(isNotNull(webhookEndpoints.disabledAt), sql`${webhookEndpoints.id} in ${endpointIds}`));
    const redriven = await tx
      .update(webhookDeliveries)
      .set({ status: 'pending', nextAttemptAt: sql`now()`, retryingSince: null, attempts: 0 })
      .where(
        and(
          parked,
          sql`${webhookDeliveries.endpointId} in ${endpointIds}`,
          filter.eventId === undefined ? undefined : eq(webhookDeliveries.eventId, filter.eventId),
        ),
      )
      .returning({ eventId: webhookDeliveries.eventId });
    // At commit, as recordPracticeEvent does: the dispatchers look at once rather than at their next poll.
    if (redriven.length > 0) await tx.execute(sql`select pg_notify(${practiceEventsChannel}, '')`);
    return redriven.length;
  });
}
