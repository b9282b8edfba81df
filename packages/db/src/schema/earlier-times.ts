import { sql } from 'drizzle-orm';
import {
  date,
  index,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { appointments, softBookings } from './appointments.ts';
import { clients } from './clients.ts';
import { clinicians } from './clinicians.ts';
import { requiredRef } from './columns.ts';
import { practices } from './practices.ts';

/** Waiting: in line; Offered: holds an offer now; Taken: moved earlier by an offer; Ended: no longer wanted. */
export const earlierTimeRequestStatus = pgEnum('earlier_time_request_status', [
  'Waiting',
  'Offered',
  'Taken',
  'Ended',
]);

export const earlierTimeOfferStatus = pgEnum('earlier_time_offer_status', ['Offered', 'Taken', 'Lapsed']);

/**
 * "Tell me if an earlier time comes up" on a booked appointment (decision 0086): in line at its practice
 * by createdAt, for a time that fits its reason and ends on or before latestDate (the practice's date).
 */
export const earlierTimeRequests = pgTable(
  'earlier_time_requests',
  {
    id: serial('id').primaryKey(),
    appointmentId: requiredRef('appointment_id', () => appointments.id),
    clientId: requiredRef('client_id', () => clients.id),
    practiceId: requiredRef('practice_id', () => practices.id),
    /** The last day (the practice's date) an earlier time would still help. */
    latestDate: date('latest_date').notNull(),
    status: earlierTimeRequestStatus('status').notNull().default('Waiting'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('earlier_time_requests_live_uq')
      .on(t.appointmentId)
      .where(sql`${t.status} in ('Waiting', 'Offered')`),
    index('earlier_time_requests_line_idx')
      .on(t.practiceId, t.createdAt)
      .where(sql`${t.status} = 'Waiting'`),
  ],
);

/**
 * A freed time offered to one request, held for it by a soft booking (its reservation) until expiresAt.
 * The e-mail's link carries a token; only its SHA-256 is stored.
 */
export const earlierTimeOffers = pgTable(
  'earlier_time_offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: requiredRef('request_id', () => earlierTimeRequests.id),
    softBookingId: uuid('soft_booking_id')
      .notNull()
      .unique()
      .references(() => softBookings.id),
    clinicianId: requiredRef('clinician_id', () => clinicians.id),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    status: earlierTimeOfferStatus('status').notNull().default('Offered'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('earlier_time_offers_live_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'Offered'`),
    index('earlier_time_offers_request_idx').on(t.requestId),
  ],
);
