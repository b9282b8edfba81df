import { ukMobileNumber } from '@vet/contracts/uk-contact-details';
import type { Database } from '@vet/db/connection';
import { appointments } from '@vet/db/schema/appointments';
import { clients, contactPreferences, pets } from '@vet/db/schema/clients';
import { appointmentReasons } from '@vet/db/schema/lookups';
import { practices } from '@vet/db/schema/practices';
import { appointmentReminders } from '@vet/db/schema/reminders';
import { brandedEmail } from '@vet/email/branded-email';
import type { EmailLogger } from '@vet/email/email-logger';
import { enqueueEmail } from '@vet/email/enqueue-email';
import { enqueueSms } from '@vet/email/enqueue-sms';
import { endOfQuietHours, isQuietHours } from '@vet/email/quiet-hours';
import { and, eq, sql } from 'drizzle-orm';
import type { Task } from 'graphile-worker';
import {
  clockTime,
  monthNames,
  practiceWallTime,
  practiceZoneName,
  weekdayNames,
} from '@vet/contracts/practice-clock';
import { reminderJobPriority, sendReminderTask } from './queue-reminders.ts';

export type ReminderSkip = 'cancelled' | 'past' | 'changed' | 'opted-out' | 'no-address' | 'bad-number';

export interface SendReminderDeps {
  db: Database;
  brandName: string;
  /** The appointment's manage link (decision 0084): every reminder carries it. */
  manageLink: (appointmentId: number) => string;
  logger: EmailLogger;
  now?: () => Date;
}

export interface ReminderFacts {
  firstName: string;
  petName: string;
  reasonName: string;
  practiceName: string;
  practicePhone: string;
  startsAt: Date;
  manageUrl: string;
}

/**
 * The manage link's words, as the confirmations write them (booking-emails.ts): the development mailbox
 * finds the link by them.
 */
export const manageLinkLabel = "Confirm you'll be there, cancel or change the time";

/** "Friday 27 November 2026 at 09:00 GMT", as the confirmations write it. */
function practiceTime(instant: Date): string {
  const wall = practiceWallTime(instant);
  return `${weekdayNames[wall.weekday]} ${wall.day} ${monthNames[wall.month - 1]} ${wall.year} at ${clockTime(wall)} ${practiceZoneName(instant)}`;
}

export const reminderSubject = 'Reminder of your appointment';

/** The reminder e-mail: no calendar part (the confirmation's entry stands; decision 0085). */
export function reminderEmail(facts: ReminderFacts & { to: string; brandName: string }) {
  return {
    to: facts.to,
    ...brandedEmail({
      brandName: facts.brandName,
      subject: reminderSubject,
      greeting: `Hello ${facts.firstName},`,
      paragraphs: [
        `A reminder of ${facts.petName}'s appointment: ${facts.reasonName} at ${facts.practiceName}.`,
        `When: ${practiceTime(facts.startsAt)} (UK time).`,
        `If you cannot come, please cancel or change it, or call the practice on ${facts.practicePhone}.`,
      ],
      action: { label: manageLinkLabel, url: facts.manageUrl },
      footer: 'You get appointment reminders because you chose them in your contact preferences.',
    }),
  };
}

/** The reminder text message: short, one link. */
export function reminderSms(facts: ReminderFacts & { brandName: string }): string {
  return `${facts.brandName}: reminder of ${facts.petName}'s appointment at ${facts.practiceName}, ${practiceTime(facts.startsAt)}. Confirm, cancel or change: ${facts.manageUrl}`;
}

type Outcome =
  | { result: 'sent'; channel: string }
  | { result: 'skipped'; channel: string; reason: ReminderSkip }
  | { result: 'quiet' }
  | { result: 'nothing' }
  | { result: 'busy' };

/**
 * Sends one queued reminder (decision 0085): everything is checked again now, in one transaction under
 * the reminder row's lock. A cancelled, past or moved appointment, or a client who has opted out of that
 * channel since, gets nothing (the row records why); a number the portal cannot make E.164 is skipped and
 * recorded, never retried. Otherwise the e-mail or text message is written to its outbox, whose own job
 * delivers it and retries while the server or provider is down. In quiet hours the job waits for 08:00.
 */
export function createSendReminderTask(deps: SendReminderDeps): Task {
  const now = deps.now ?? (() => new Date());
  return async (payload, helpers) => {
    const reminderId = (payload as { reminderId?: unknown } | null)?.reminderId;
    if (typeof reminderId !== 'number' || !Number.isSafeInteger(reminderId)) {
      throw new Error('The send-appointment-reminder job has no valid reminderId.');
    }
    const outcome = await deps.db.transaction(async (tx): Promise<Outcome> => {
      const [reminder] = await tx
        .select()
        .from(appointmentReminders)
        .where(eq(appointmentReminders.id, reminderId))
        .for('update', { skipLocked: true });
      if (!reminder) {
        const [exists] = await tx
          .select({ id: appointmentReminders.id })
          .from(appointmentReminders)
          .where(eq(appointmentReminders.id, reminderId));
        return exists ? { result: 'busy' } : { result: 'nothing' };
      }
      if (reminder.status !== 'queued') return { result: 'nothing' };
      const [row] = await tx
        .select({
          status: appointments.status,
          startsAt: appointments.startsAt,
          email: clients.email,
          mobilePhone: clients.mobilePhone,
          firstName: clients.firstName,
          petName: pets.name,
          reasonName: appointmentReasons.name,
          practiceName: practices.name,
          practicePhone: practices.phone,
          optedIn: sql<boolean>`coalesce(${contactPreferences.optedIn}, false)`,
        })
        .from(appointments)
        .innerJoin(clients, eq(clients.id, appointments.clientId))
        .innerJoin(pets, eq(pets.id, appointments.petId))
        .innerJoin(appointmentReasons, eq(appointmentReasons.id, appointments.reasonId))
        .innerJoin(practices, eq(practices.id, appointments.practiceId))
        .leftJoin(
          contactPreferences,
          and(
            eq(contactPreferences.clientId, clients.id),
            eq(contactPreferences.purpose, 'reminders'),
            eq(contactPreferences.channel, reminder.channel),
          ),
        )
        .where(eq(appointments.id, reminder.appointmentId));
      const channel = reminder.channel;
      const skip = async (reason: ReminderSkip): Promise<Outcome> => {
        await tx
          .update(appointmentReminders)
          .set({ status: 'skipped', skipReason: reason, handledAt: sql`now()` })
          .where(eq(appointmentReminders.id, reminderId));
        return { result: 'skipped', channel, reason };
      };
      const at = now();
      if (!row || row.status !== 'Booked') return skip('cancelled');
      if (row.startsAt.getTime() <= at.getTime()) return skip('past');
      if (row.startsAt.getTime() !== reminder.appointmentStartsAt.getTime()) return skip('changed');
      if (!row.optedIn) return skip('opted-out');
      if (isQuietHours(at)) return { result: 'quiet' };
      const facts: ReminderFacts = { ...row, manageUrl: deps.manageLink(reminder.appointmentId) };
      if (channel === 'email') {
        if (!row.email) return skip('no-address');
        const emailId = await enqueueEmail(
          tx,
          reminderEmail({ ...facts, to: row.email, brandName: deps.brandName }),
        );
        await tx
          .update(appointmentReminders)
          .set({ status: 'sent', emailOutboxId: emailId, handledAt: sql`now()` })
          .where(eq(appointmentReminders.id, reminderId));
      } else {
        const to = row.mobilePhone ? ukMobileNumber(row.mobilePhone) : null;
        if (!to) return skip(row.mobilePhone ? 'bad-number' : 'no-address');
        const smsId = await enqueueSms(tx, {
          to,
          body: reminderSms({ ...facts, brandName: deps.brandName }),
        });
        await tx
          .update(appointmentReminders)
          .set({ status: 'sent', smsOutboxId: smsId, handledAt: sql`now()` })
          .where(eq(appointmentReminders.id, reminderId));
      }
      return { result: 'sent', channel };
    });
    const fields = { reminderId };
    if (outcome.result === 'busy') throw new Error('busy: another worker holds this reminder');
    if (outcome.result === 'quiet') {
      await helpers.addJob(
        sendReminderTask,
        { reminderId },
        {
          runAt: endOfQuietHours(now()),
          jobKey: `appointment-reminder-${reminderId}`,
          priority: reminderJobPriority,
        },
      );
      deps.logger.info(fields, 'reminder held until quiet hours end');
    } else if (outcome.result === 'sent') {
      deps.logger.info({ ...fields, channel: outcome.channel }, 'reminder written to the outbox');
    } else if (outcome.result === 'skipped') {
      deps.logger.info({ ...fields, channel: outcome.channel, reason: outcome.reason }, 'reminder skipped');
    }
  };
}
