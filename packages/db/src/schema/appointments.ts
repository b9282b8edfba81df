import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  foreignKey,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { requiredRef } from './columns.ts';
import { appointmentSource, appointmentStatus, softBookingStatus } from './enums.ts';
import { appointmentReasons, cancellationReasons, species } from './lookups.ts';
import { clients, pets } from './clients.ts';
import { clinicians } from './clinicians.ts';
import { importFingerprint, pmsRef } from './pms-ref.ts';
import { practices } from './practices.ts';

const tstzrange = customType<{ data: string }>({ dataType: () => 'tstzrange' });

export const appointments = pgTable(
  'appointments',
  {
    id: serial('id').primaryKey(),
    pmsRef: pmsRef(),
    importFingerprint: importFingerprint(),
    /** Who made the booking: the portal (online) or the practice's own system (the desk, decision 0063). */
    source: appointmentSource('source').notNull().default('Online'),
    /**
     * Set when a practice booking was stored over this online appointment: the practice must act; the
     * client sees it unchanged until then (practice-systems.md, "What a desk booking does").
     */
    flaggedAt: timestamp('flagged_at', { withTimezone: true }),
    practiceId: requiredRef('practice_id', () => practices.id),
    clinicianId: requiredRef('clinician_id', () => clinicians.id),
    /**
     * The clinician the client named when booking or moving it online (decisions 0101, 0141); null: any
     * clinician of the reason's type, or a booking of the practice's. Only the portal's own booking writes
     * it. The client sees the clinician's name while this is the clinician the appointment is with: a
     * practice, an earlier time or an "any vet" move that gives it to another clinician says "a vet" again.
     */
    chosenClinicianId: integer('chosen_clinician_id').references(() => clinicians.id),
    clientId: requiredRef('client_id', () => clients.id),
    petId: requiredRef('pet_id', () => pets.id),
    reasonId: requiredRef('reason_id', () => appointmentReasons.id),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    status: appointmentStatus('status').notNull().default('Booked'),
    notes: text('notes'),
    /**
     * The price quoted when the client booked or last moved it online (issue 62): the reason's "from"
     * price in force on the appointment's day for the pet, in whole pence, and what it includes. Kept as
     * quoted: a price list changed later never rewrites it. Null: no price was in force, or a booking of
     * the practice's.
     */
    quotedPricePence: integer('quoted_price_pence'),
    quotedPriceIncludes: text('quoted_price_includes'),
    /**
     * Whether the client may read `notes`: a practice system writes staff notes there, shown to the client
     * only when it marks them so; an online booking's notes are the client's own (security round three,
     * finding 12).
     */
    notesForClient: boolean('notes_for_client').notNull().default(false),
    cancellationReasonId: integer('cancellation_reason_id').references(() => cancellationReasons.id),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /**
     * Who cancelled: `client` (online, by a manage link, or leaving) or `practice` (its system). A deposit
     * is given back whenever the practice cancels (decision 0158). Null for cancellations before 0063.
     */
    cancelledBy: text('cancelled_by'),
    /** The client pressed "I'll be there" on the appointment's manage link (decision 0084). */
    attendanceConfirmedAt: timestamp('attendance_confirmed_at', { withTimezone: true }),
    /**
     * The SEQUENCE of the appointment's calendar invitation (RFC 5545/5546): 0 when booked, one higher with
     * each change or cancellation e-mailed, so calendars replace the entry they hold (decision 0082).
     */
    calendarSequence: integer('calendar_sequence').notNull().default(0),
    /**
     * The generation of the appointment's manage link (decisions 0084, 0095): its MAC covers it, so only
     * the newest link works. 0 is the first link (and every link sent before 0095); a newer link, a use,
     * a move or a cancellation (the trigger of migration 0030, whoever writes the row) and the client
     * ending their links each raise it.
     */
    manageLinkGeneration: integer('manage_link_generation').notNull().default(0),
    /**
     * The reminder kind ('d2', 'd0@08:00') whose e-mail and text share the current generation, so the
     * second of them does not end the first's link; null when the generation went out with anything else.
     */
    manageLinkReminderKind: text('manage_link_reminder_kind'),
    /**
     * The visit this appointment is part of: several pets of one client booked together, back to back with
     * one clinician, amended and cancelled as one (decision 0117); null for an appointment of its own.
     */
    visitId: uuid('visit_id'),
    /** A repeated booking request with the same key returns the first result (R4.21). */
    idempotencyKey: text('idempotency_key'),
    /** SHA-256 of the first request's body: the same key with another body is refused (422). */
    idempotencyRequestHash: text('idempotency_request_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('appointments_client_idempotency_uq').on(t.clientId, t.idempotencyKey),
    index('appointments_client_idx').on(t.clientId, t.startsAt),
    index('appointments_pet_idx').on(t.petId),
    // A visit's appointments are read together, always with their client's id (decision 0117).
    index('appointments_client_visit_idx')
      .on(t.clientId, t.visitId)
      .where(sql`${t.visitId} is not null`),
    // The reminders queue reads the booked appointments of the coming days every minute (decision 0085).
    index('appointments_booked_starts_idx')
      .on(t.startsAt)
      .where(sql`${t.status} = 'Booked'`),
    check('appointments_time_order_ck', sql`${t.endsAt} > ${t.startsAt}`),
    check('appointments_quoted_price_ck', sql`${t.quotedPricePence} >= 0`),
    check('appointments_cancelled_by_ck', sql`${t.cancelledBy} in ('client', 'practice')`),
    // The pet must belong to the appointment's client (not just exist).
    foreignKey({
      name: 'appointments_pet_client_fk',
      columns: [t.petId, t.clientId],
      foreignColumns: [pets.id, pets.clientId],
    }),
  ],
);

/** A guest's hold on a slot (R4.24: 15 minutes), with the guest's contact details. */
export const softBookings = pgTable(
  'soft_bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    practiceId: requiredRef('practice_id', () => practices.id),
    clinicianId: requiredRef('clinician_id', () => clinicians.id),
    reasonId: requiredRef('reason_id', () => appointmentReasons.id),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    status: softBookingStatus('status').notNull().default('Held'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    petName: text('pet_name').notNull(),
    speciesId: requiredRef('species_id', () => species.id),
    replacesId: uuid('replaces_id'),
    convertedAppointmentId: integer('converted_appointment_id').references(() => appointments.id),
    /** How many times the guest has extended the hold (decision 0022: at most 3). */
    extensionCount: integer('extension_count').notNull().default(0),
    /** SHA-256 of the creating client address: live holds are limited per address (never the address itself). */
    clientAddressHash: text('client_address_hash'),
    /**
     * When a practice booking took the hold's time (decision 0063): the hold is Released then, and the guest
     * is told plainly when they next look. Null for every other end of a hold.
     */
    displacedAt: timestamp('displaced_at', { withTimezone: true }),
    /**
     * A signed-in client's time held while they pay a deposit or card hold (issue 64, decision 0158): the
     * client and pet it books for; the guest columns carry the client's and pet's names. Null for a guest's.
     */
    clientId: integer('client_id').references(() => clients.id, { onDelete: 'cascade' }),
    petId: integer('pet_id').references(() => pets.id, { onDelete: 'cascade' }),
    notes: text('notes'),
    chosenClinicianId: integer('chosen_clinician_id').references(() => clinicians.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('soft_bookings_time_order_ck', sql`${t.endsAt} > ${t.startsAt}`),
    check('soft_bookings_client_pet_ck', sql`(${t.clientId} is null) = (${t.petId} is null)`),
    check('soft_bookings_displaced_released_ck', sql`${t.displacedAt} is null or ${t.status} = 'Released'`),
    index('soft_bookings_live_email_idx')
      .on(t.email, t.expiresAt)
      .where(sql`${t.status} = 'Held'`),
    index('soft_bookings_live_address_idx')
      .on(t.clientAddressHash, t.expiresAt)
      .where(sql`${t.status} = 'Held'`),
    index('soft_bookings_held_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'Held'`),
  ],
);

/**
 * The database's guarantee against double booking: every active appointment and every live hold owns
 * one row here, and an exclusion constraint (custom migration, btree_gist) forbids two overlapping rows
 * for one clinician. Cancelling an appointment or releasing a hold deletes its row; an expired hold's
 * row is deleted by whoever next needs the time (holdExpiresAt says when it may be).
 */
export const clinicianReservations = pgTable(
  'clinician_reservations',
  {
    id: serial('id').primaryKey(),
    clinicianId: requiredRef('clinician_id', () => clinicians.id),
    during: tstzrange('during').notNull(),
    appointmentId: integer('appointment_id')
      .unique()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    softBookingId: uuid('soft_booking_id')
      .unique()
      .references(() => softBookings.id, { onDelete: 'cascade' }),
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    /**
     * The practice's lane (decision 0063): a practice booking's row, or an online appointment's row once a
     * practice booking was stored over it. The exclusion constraint lets such rows overlap each other (the
     * practice's system is the record of what the desk did) but never an online row.
     */
    practiceLane: boolean('practice_lane').notNull().default(false),
  },
  (t) => [
    check(
      'clinician_reservations_one_owner_ck',
      sql`(${t.appointmentId} is null) <> (${t.softBookingId} is null)`,
    ),
    check('clinician_reservations_not_empty_ck', sql`not isempty(${t.during})`),
  ],
);
