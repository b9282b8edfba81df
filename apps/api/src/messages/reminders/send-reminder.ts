import { practiceDate } from '@vet/contracts/practice-clock';
import type { WrittenPrescriptionFees } from '@vet/contracts/prescription-rules';
import { ukMobileNumber } from '@vet/contracts/uk-contact-details';
import { writtenPrescriptionNotice } from '@vet/contracts/written-prescription-notice';
import type { PracticeEventData } from '@vet/contracts/practice-events';
import type { Database } from '@vet/db/connection';
import { recordPracticeEvents } from '@vet/practice-events/record-events';
import { appointments } from '@vet/db/schema/appointments';
import { clients, contactPreferences, pets } from '@vet/db/schema/clients';
import { appointmentReasons } from '@vet/db/schema/lookups';
import { practices } from '@vet/db/schema/practices';
import { appointmentReminders } from '@vet/db/schema/reminders';
import { failedItem, payloadItems } from '@vet/email/batch-jobs';
import { brandedEmail } from '@vet/email/branded-email';
import type { EmailLogger } from '@vet/email/email-logger';
import { enqueueEmails } from '@vet/email/enqueue-email';
import { enqueueSmsMessages } from '@vet/email/enqueue-sms';
import { endOfQuietHours, isQuietHours } from '@vet/email/quiet-hours';
import { sql } from 'drizzle-orm';
import type { Task } from 'graphile-worker';
import { manageLinkLabel, practiceTime, type ManageLinks } from '../../appointments/index.ts';
import { clinicianNameForClient } from '../../clients/index.ts';
import { capInForce, feeColumns, feesOfRow, type FeeColumns } from '../../reference/index.ts';
import { reminderJobPriority, sendReminderTask } from './queue-reminders.ts';

export type ReminderSkip =
  'cancelled' | 'past' | 'changed' | 'pet-not-active' | 'opted-out' | 'no-address' | 'bad-number';

export interface SendReminderDeps {
  db: Database;
  brandName: string;
  /** The portal's public address: every e-mail links its complaints page (decision 0143). */
  portalUrl: string;
  /**
   * The appointment's manage link (decision 0084): every reminder carries a new one, which ends the
   * earlier links; its e-mail and its text share it (decision 0095).
   */
  manageLinks: Pick<ManageLinks, 'forReminders'>;
  logger: EmailLogger;
  now?: () => Date;
}

export interface ReminderFacts {
  firstName: string;
  petName: string;
  reasonName: string;
  /** The vet the client named online, while still theirs (decision 0141); null: nobody is named. */
  clinicianName: string | null;
  practiceName: string;
  practicePhone: string;
  /** Who owns the practice, for the e-mail's closing lines (decision 0143); null when not given. */
  practiceOwnerName: string | null;
  startsAt: Date;
  manageUrl: string;
  /** The practice's written prescription fees today: the reminder carries the notice (decision 0148). */
  writtenPrescriptionFees: WrittenPrescriptionFees;
}

export const reminderSubject = 'Reminder of your appointment';

/** The reminder e-mail: no calendar part (the confirmation's entry stands; decision 0085). */
export function reminderEmail(facts: ReminderFacts & { to: string; brandName: string; portalUrl: string }) {
  return {
    to: facts.to,
    ...brandedEmail({
      brandName: facts.brandName,
      subject: reminderSubject,
      greeting: `Hello ${facts.firstName},`,
      paragraphs: [
        // A named vet is said as the confirmation said it; otherwise the reminder names no clinician.
        `A reminder of ${facts.petName}'s appointment: ${facts.reasonName}${facts.clinicianName ? ` with ${facts.clinicianName}` : ''} at ${facts.practiceName}.`,
        `When: ${practiceTime(facts.startsAt)} (UK time).`,
        `If you cannot come, please cancel or change it, or call the practice on ${facts.practicePhone}.`,
        writtenPrescriptionNotice(facts.writtenPrescriptionFees),
      ],
      action: { label: manageLinkLabel, url: facts.manageUrl },
      footer: 'You get appointment reminders because you chose them in your contact preferences.',
      sender: {
        portalUrl: facts.portalUrl,
        practice: { name: facts.practiceName, ownerName: facts.practiceOwnerName },
      },
    }),
  };
}

/** The reminder text message: short, one link. */
export function reminderSms(facts: ReminderFacts & { brandName: string }): string {
  return `${facts.brandName}: reminder of ${facts.petName}'s appointment at ${facts.practiceName}, ${practiceTime(facts.startsAt)}. Confirm, cancel or change: ${facts.manageUrl}`;
}

type LockedReminder = Omit<ReminderFacts, 'manageUrl' | 'writtenPrescriptionFees'> &
  FeeColumns & {
    id: number;
    appointmentId: number;
    kind: string;
    channel: 'email' | 'sms';
    status: string;
    appointmentStartsAt: Date;
    appointmentStatus: string;
    petStatus: string;
    email: string | null;
    mobilePhone: string | null;
    optedIn: boolean;
    /** The records the practice system's event names (decision 0067). */
    clientId: number;
    petId: number;
    appointmentRef: string | null;
    clientRef: string | null;
    petRef: string | null;
  };

type Decision =
  | { result: 'skip'; reason: ReminderSkip }
  | { result: 'email'; to: string }
  | { result: 'sms'; to: string }
  | { result: 'quiet' }
  | { result: 'nothing' };

/** What becomes of one queued reminder now, by the rules of decision 0085 in their order. */
function decide(reminder: LockedReminder, at: Date): Decision {
  if (reminder.status !== 'queued') return { result: 'nothing' };
  if (reminder.appointmentStatus !== 'Booked') return { result: 'skip', reason: 'cancelled' };
  if (reminder.startsAt.getTime() <= at.getTime()) return { result: 'skip', reason: 'past' };
  if (reminder.startsAt.getTime() !== reminder.appointmentStartsAt.getTime()) {
    return { result: 'skip', reason: 'changed' };
  }
  // Decision 0099: no reminder of any kind for a pet that has died or has a new home.
  if (reminder.petStatus !== 'Active') return { result: 'skip', reason: 'pet-not-active' };
  if (!reminder.optedIn) return { result: 'skip', reason: 'opted-out' };
  if (isQuietHours(at)) return { result: 'quiet' };
  if (reminder.channel === 'email') {
    return reminder.email
      ? { result: 'email', to: reminder.email }
      : { result: 'skip', reason: 'no-address' };
  }
  const to = reminder.mobilePhone ? ukMobileNumber(reminder.mobilePhone) : null;
  if (to) return { result: 'sms', to };
  return { result: 'skip', reason: reminder.mobilePhone ? 'bad-number' : 'no-address' };
}

function reminderSentEvent(
  reminder: LockedReminder,
  at: Date,
): PracticeEventData<'appointment.reminder_sent'> {
  return {
    appointment_id: reminder.appointmentId,
    appointment_ref: reminder.appointmentRef,
    client_id: reminder.clientId,
    client_ref: reminder.clientRef,
    pet_id: reminder.petId,
    pet_ref: reminder.petRef,
    starts_at: reminder.startsAt.toISOString(),
    channel: reminder.channel,
    reminder: reminder.kind,
    sent_at: at.toISOString(),
  };
}

/**
 * The reminder ids of a send job: a list (decision 0089), or the one `{ reminderId }` of a job queued
 * before batches (a rolling deploy's queue may still hold some).
 */
export function reminderIdsOf(payload: unknown): number[] {
  return payloadItems(payload, (item) => {
    const reminderId = (item as { reminderId?: unknown } | null)?.reminderId;
    if (typeof reminderId !== 'number' || !Number.isSafeInteger(reminderId)) {
      throw new Error('The send-appointment-reminder job has no valid reminderId.');
    }
    return reminderId;
  });
}

/** An array literal of ids, as one parameter (drizzle's template would spread a JS array into many). */
const pgArray = (ids: readonly number[]) => `{${ids.join(',')}}`;

/**
 * Sends a batch of queued reminders (decisions 0085, 0089): everything is checked again now, in one
 * transaction under the reminder rows' locks. A cancelled, past or moved appointment, a pet that has died
 * or has a new home (decision 0099), or a client who has opted out of that channel since, gets nothing (the row records why); a number the portal cannot make
 * E.164 is skipped and recorded, never retried. The others' e-mails and text messages are written to
 * their outboxes in one statement each, with one job for the e-mails and one for the texts, which deliver
 * them and retry those that fail while the server or provider is down. In quiet hours they wait for 08:00. A reminder another worker holds is the batch's
 * one failed item: the queue retries it alone.
 */
export function createSendReminderTask(deps: SendReminderDeps): Task {
  const now = deps.now ?? (() => new Date());
  return async (payload, helpers) => {
    const ids = reminderIdsOf(payload);
    const at = now();
    const { busy, decisions } = await deps.db.transaction(async (tx) => {
      const { rows } = await tx.execute<LockedReminder>(sql`
        select r.id, r.appointment_id as "appointmentId", r.kind, r.channel, r.status,
          r.appointment_starts_at as "appointmentStartsAt", a.status as "appointmentStatus",
          a.starts_at as "startsAt", c.email, c.mobile_phone as "mobilePhone", c.first_name as "firstName",
          pt.name as "petName", pt.status as "petStatus", ar.name as "reasonName",
          (select ${clinicianNameForClient} from ${appointments} where ${appointments.id} = a.id)
            as "clinicianName", pr.name as "practiceName",
          pr.phone as "practicePhone", pr.owner_name as "practiceOwnerName", coalesce(cp.opted_in, false) as "optedIn",
          a.client_id as "clientId", a.pet_id as "petId", a.pms_ref as "appointmentRef",
          c.pms_ref as "clientRef", pt.pms_ref as "petRef", ${feeColumns('pr')}
        from ${appointmentReminders} r
        join ${appointments} a on a.id = r.appointment_id
        join ${clients} c on c.id = a.client_id
        join ${pets} pt on pt.id = a.pet_id
        join ${appointmentReasons} ar on ar.id = a.reason_id
        join ${practices} pr on pr.id = a.practice_id
        ${capInForce(practiceDate(at))}
        left join ${contactPreferences} cp
          on cp.client_id = c.id and cp.purpose = 'reminders' and cp.channel = r.channel
        where r.id = any(${pgArray(ids)}::bigint[])
        for update of r skip locked`);
      const locked = new Set(rows.map((row) => Number(row.id)));
      const unlocked = ids.filter((id) => !locked.has(id));
      // Not locked: another worker holds it (busy), or it is gone (its appointment deleted: nothing to do).
      const busy = new Set<number>();
      if (unlocked.length > 0) {
        const { rows: held } = await tx.execute<{ id: string }>(
          sql`select id from ${appointmentReminders} where id = any(${pgArray(unlocked)}::bigint[])`,
        );
        for (const row of held) busy.add(Number(row.id));
      }
      const decisions = rows.map((row) => {
        // Timestamps come back as text from a raw statement.
        const reminder = {
          ...row,
          id: Number(row.id),
          startsAt: new Date(row.startsAt),
          appointmentStartsAt: new Date(row.appointmentStartsAt),
        };
        return { reminder, decision: decide(reminder, at) };
      });
      const emails = decisions.flatMap(({ reminder, decision }) =>
        decision.result === 'email' ? [{ reminder, to: decision.to }] : [],
      );
      const texts = decisions.flatMap(({ reminder, decision }) =>
        decision.result === 'sms' ? [{ reminder, to: decision.to }] : [],
      );
      // One statement for the batch's links, in the transaction that writes their messages.
      const links = await deps.manageLinks.forReminders(
        tx,
        [...emails, ...texts].map(({ reminder }) => reminder),
      );
      const facts = (reminder: LockedReminder): ReminderFacts => ({
        ...reminder,
        manageUrl: links.get(reminder.appointmentId)!,
        writtenPrescriptionFees: feesOfRow(reminder),
      });
      const emailIds = await enqueueEmails(
        tx,
        emails.map(({ reminder, to }) =>
          reminderEmail({ ...facts(reminder), to, brandName: deps.brandName, portalUrl: deps.portalUrl }),
        ),
      );
      const smsIds = await enqueueSmsMessages(
        tx,
        texts.map(({ reminder, to }) => ({
          to,
          body: reminderSms({ ...facts(reminder), brandName: deps.brandName }),
        })),
      );
      const handled = [
        ...emails.map(({ reminder }, index) => ({
          id: reminder.id,
          status: 'sent',
          email_id: emailIds[index],
        })),
        ...texts.map(({ reminder }, index) => ({ id: reminder.id, status: 'sent', sms_id: smsIds[index] })),
        ...decisions.flatMap(({ reminder, decision }) =>
          decision.result === 'skip' ? [{ id: reminder.id, status: 'skipped', reason: decision.reason }] : [],
        ),
      ];
      if (handled.length > 0) {
        await tx.execute(sql`
          update ${appointmentReminders} r
          set status = h.status, skip_reason = h.reason, email_outbox_id = h.email_id,
            sms_outbox_id = h.sms_id, handled_at = now()
          from jsonb_to_recordset(${JSON.stringify(handled)}::jsonb)
            as h(id bigint, status text, reason text, email_id bigint, sms_id bigint)
          where r.id = h.id`);
      }
      // The practice records that the client was reminded, and how (in the transaction that sends it).
      await recordPracticeEvents(
        tx,
        'appointment.reminder_sent',
        [...emails, ...texts].map(({ reminder }) => reminderSentEvent(reminder, at)),
      );
      return { busy, decisions };
    });

    const quiet = decisions
      .filter(({ decision }) => decision.result === 'quiet')
      .map(({ reminder }) => reminder.id);
    if (quiet.length > 0) {
      await helpers.addJob(
        sendReminderTask,
        quiet.map((reminderId) => ({ reminderId })),
        { runAt: endOfQuietHours(at), priority: reminderJobPriority },
      );
    }
    // One line a batch, counts and codes only (decision 0010).
    const count = (result: Decision['result']) =>
      decisions.filter(({ decision }) => decision.result === result).length;
    const skipped: Partial<Record<ReminderSkip, number>> = {};
    for (const { decision } of decisions) {
      if (decision.result === 'skip') skipped[decision.reason] = (skipped[decision.reason] ?? 0) + 1;
    }
    deps.logger.info(
      {
        reminders: ids.length,
        emails: count('email'),
        texts: count('sms'),
        skipped,
        heldForQuietHours: quiet.length,
        busy: busy.size,
      },
      'reminders handled',
    );
    if (!Array.isArray(payload)) {
      if (busy.size > 0) throw new Error('busy: another worker holds this reminder');
      return;
    }
    return ids.map((id) =>
      busy.has(id) ? failedItem(new Error('busy: another worker holds this reminder')) : Promise.resolve(),
    );
  };
}
