import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { requiredRef } from './columns.ts';

/**
 * A change the practice's system should know (decision 0067), written in the change's own transaction.
 * `position` is the order events are delivered and listed in: null until the sequencer (practice-events.ts)
 * numbers the committed ones, so an event committed late never appears before a cursor a reader already
 * passed.
 */
export const practiceEvents = pgTable(
  'practice_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    position: bigint('position', { mode: 'number' }).unique(),
    type: text('type').notNull(),
    /** client, pet or appointment: events of one record are delivered in order. */
    recordKind: text('record_kind').notNull(),
    recordId: integer('record_id').notNull(),
    /**
     * The practice the event is of (decision 0105), set as it is written: its data's practice, else its
     * appointment's, else its client's home practice. Null for events written before the column existed:
     * only callers of every practice get those.
     */
    practiceId: integer('practice_id'),
    /** The event's data (practiceEventDataSchemas in @vet/contracts/practice-events). */
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('practice_events_unsequenced_idx')
      .on(t.id)
      .where(sql`${t.position} is null`),
    index('practice_events_record_idx').on(t.recordKind, t.recordId),
    // Retention's scan by age (decision 0119).
    index('practice_events_occurred_idx').on(t.occurredAt),
  ],
);

/**
 * A practice system's webhook endpoint, added by the operator (`npm run events -- endpoints add`) or by a
 * machine client through the integration API (decision 0112). The secret is the Standard Webhooks `whsec_`
 * secret the endpoint verifies signatures with, stored sealed (secret-box.ts).
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull().unique(),
    url: text('url').notNull(),
    secret: text('secret').notNull(),
    /**
     * The secret a rotation replaced, sealed, and when it stops signing (decision 0112): until then each
     * webhook carries a signature of both. Left in place after it expires (the claim ignores it) until the
     * next rotation overwrites it.
     */
    previousSecret: text('previous_secret'),
    previousSecretExpiresAt: timestamp('previous_secret_expires_at', { withTimezone: true }),
    /** The machine client (`client_id`) that registered it through the integration API; null: the operator's. */
    ownerClientId: text('owner_client_id'),
    active: boolean('active').notNull().default(true),
    /**
     * When the dispatcher stopped sending to it after only failures for WEBHOOK_DISABLE_AFTER_DAYS
     * (decision 0139): `active` is false with it, and a start's fit to the grants leaves it so. Cleared by
     * its owner's PATCH `enabled: true` or the operator's `redrive`.
     */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** The practices (their references) whose events it gets (decision 0105); null: every practice's. */
    practiceRefs: text('practice_refs').array(),
    /** The event types it gets; null: every type. */
    eventTypes: text('event_types').array(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_endpoints_owner_idx').on(t.ownerClientId)],
);

/**
 * One event for one endpoint: written by the sequencer for every active endpoint when it numbers the event.
 * A delivery waits while an earlier one of the same record and endpoint is not delivered (pending or
 * parked), so a record's events arrive in order and one failing record never holds up another.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    endpointId: requiredRef('endpoint_id', () => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => practiceEvents.id),
    position: bigint('position', { mode: 'number' }).notNull(),
    /** `<record_kind>:<record_id>`: the unit of ordering. */
    recordKey: text('record_key').notNull(),
    /** pending (to send or retry), delivered, or parked (given up after the retry window; re-drivable). */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    /** A code (HTTP status, timeout, redirect, too large, connection error), never the answer's text. */
    lastError: text('last_error'),
    /**
     * When the retries began (the first failed attempt): the delivery is parked once the retry window has
     * passed since then. Null until a failure, and again after a re-drive, which opens a new window.
     */
    retryingSince: timestamp('retrying_since', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.endpointId, t.eventId] }),
    check('webhook_deliveries_status_ck', sql`${t.status} in ('pending', 'delivered', 'parked')`),
    index('webhook_deliveries_undelivered_idx')
      .on(t.endpointId, t.recordKey, t.position)
      .where(sql`${t.status} <> 'delivered'`),
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    // An event's deliveries, found when retention deletes it (and by the foreign key's check).
    index('webhook_deliveries_event_idx').on(t.eventId),
  ],
);
