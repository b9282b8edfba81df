import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  date,
  index,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { appointments } from './appointments.ts';
import { pets } from './clients.ts';
import { requiredRef } from './columns.ts';
import { contactChannel, outboxStatus } from './enums.ts';

/**
 * What became of a reminder: queued → sent (handed to the e-mail or SMS outbox, whose row it names) or
 * skipped (skip_reason, a code, never personal data, says why).
 */
const reminderOutcome = () => ({
  status: text('status').notNull().default('queued'),
  skipReason: text('skip_reason'),
  emailOutboxId: bigint('email_outbox_id', { mode: 'number' }),
  smsOutboxId: bigint('sms_outbox_id', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  handledAt: timestamp('handled_at', { withTimezone: true }),
});

/**
 * One appointment reminder on one channel (decision 0085). The unique key is the appointment, the
 * reminder's kind, the channel and the appointment's start when it was queued: two API instances queueing
 * at once insert one row between them, and a moved appointment is reminded afresh for its new time.
 * Written in the same transaction as the queue's job that sends it.
 */
export const appointmentReminders = pgTable(
  'appointment_reminders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    appointmentId: requiredRef('appointment_id', () => appointments.id, { onDelete: 'cascade' }),
    /** The practice's rule it follows: 'd2' (two days before, at the appointment's time), 'd0@08:00'. */
    kind: text('kind').notNull(),
    channel: contactChannel('channel').notNull(),
    /** The appointment's start when the reminder was queued: a different start now means it changed. */
    appointmentStartsAt: timestamp('appointment_starts_at', { withTimezone: true }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    /** skip_reason: cancelled, past, changed, opted-out, no-address, bad-number. */
    ...reminderOutcome(),
  },
  (t) => [
    unique('appointment_reminders_once_uq').on(t.appointmentId, t.kind, t.channel, t.appointmentStartsAt),
    check('appointment_reminders_status_ck', sql`${t.status} in ('queued', 'sent', 'skipped')`),
    // Retention's scan by age (decision 0119).
    index('appointment_reminders_created_idx').on(t.createdAt),
  ],
);

/** Text messages, as the e-mail outbox: written with the change that causes them; a worker sends them. */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** E.164, normalised before it is written. */
    toNumber: text('to_number').notNull(),
    body: text('body').notNull(),
    status: outboxStatus('status').notNull().default('pending'),
    attempts: smallint('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** The provider's id for the message (Twilio's SM… sid); null in the development outbox. */
    providerMessageId: text('provider_message_id'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sms_outbox_created_idx').on(t.createdAt)],
);

/**
 * One vaccination reminder on one channel (R2.40, decision 0085): unique per pet, vaccine, due
 * date, kind (28 days before, or on the day) and channel, so racing instances queue one, and a new due
 * date (a booster given) is reminded afresh.
 */
export const vaccinationReminders = pgTable(
  'vaccination_reminders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    petId: requiredRef('pet_id', () => pets.id, { onDelete: 'cascade' }),
    vaccine: text('vaccine').notNull(),
    dueOn: date('due_on').notNull(),
    /** d28 (four weeks before) or d0 (on the due date). */
    kind: text('kind').notNull(),
    channel: contactChannel('channel').notNull(),
    /** skip_reason: inactive, booked, changed, opted-out, no-address, bad-number. */
    ...reminderOutcome(),
  },
  (t) => [
    unique('vaccination_reminders_once_uq').on(t.petId, t.vaccine, t.dueOn, t.kind, t.channel),
    check('vaccination_reminders_status_ck', sql`${t.status} in ('queued', 'sent', 'skipped')`),
    index('vaccination_reminders_created_idx').on(t.createdAt),
  ],
);
