import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';

/**
 * A connector to a practice system's API (decision 0106), by the name the operator's config gives it.
 * The row holds what the operator and the instances share: whether it is paused, and which instance reads
 * for it now (a lease, so that several instances never read one system twice at once).
 */
export const connectorStates = pgTable('connector_states', {
  name: text('name').primaryKey(),
  paused: boolean('paused').notNull().default(false),
  leaseOwner: text('lease_owner'),
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /** When a pass last read every kind to its end: now minus this is the connector's lag (decision 0130). */
  lastGoodPassAt: timestamp('last_good_pass_at', { withTimezone: true }),
  /** Passes failed in a row since then, and the last one's cause: a code, never an answer's text. */
  failedPasses: integer('failed_passes').notNull().default(0),
  lastFailure: text('last_failure'),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true }),
});

/**
 * Where a connector's reading of one kind stands: the cursor the system gave for the next read (null:
 * not read yet, the first sync), when it last read, and the last failure's code (never the answer's text).
 */
export const connectorCursors = pgTable(
  'connector_cursors',
  {
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    cursor: text('cursor'),
    readAt: timestamp('read_at', { withTimezone: true }),
    lastError: text('last_error'),
    lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.name, t.kind] })],
);

/**
 * A record a connector read or wrote and the portal refused, as the import reports a refused row: by kind,
 * the system's reference and the reasons (field and rule, never the record's personal data). The latest
 * refusal of a record is kept; it is removed once the record applies. The body holds personal data as
 * the records' own tables do; it never goes to a log or a report.
 */
export const connectorRefusals = pgTable(
  'connector_refusals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    /** read: a record read from the system; write: an event the system refused. */
    direction: text('direction').notNull(),
    kind: text('kind').notNull(),
    ref: text('ref').notNull(),
    reasons: jsonb('reasons').$type<{ path: string; message: string }[]>().notNull(),
    /**
     * A read record's body as the system sent it, applied again on each pass until it applies (its parent
     * put right, a list entry added): nothing read is lost because it was refused once. Null for a write.
     */
    body: jsonb('body').$type<Record<string, unknown>>(),
    /**
     * The system's ids of the body's list values (`breed` → its breed id), as the connection gave them
     * beside the body: a record tried again from here keeps them (decision 0131). Null: none given.
     */
    codes: jsonb('codes').$type<Record<string, string>>(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * A read record refused again when tried from here: its tries so far, and when it is tried next
     * (doubling to a cap; null: at the next pass). Reset when the system sends the record again, when a
     * record it names applies, and on a re-sync (decision 0115).
     */
    retries: integer('retries').notNull().default(0),
    retryAfter: timestamp('retry_after', { withTimezone: true }),
  },
  (t) => [
    unique('connector_refusals_record_uq').on(t.name, t.direction, t.kind, t.ref),
    check('connector_refusals_direction_ck', sql`${t.direction} in ('read', 'write')`),
  ],
);
