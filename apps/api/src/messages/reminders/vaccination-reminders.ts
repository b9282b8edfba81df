import type { WrittenPrescriptionFees } from '@vet/contracts/prescription-rules';
import { ukMobileNumber } from '@vet/contracts/uk-contact-details';
import { writtenPrescriptionNotice } from '@vet/contracts/written-prescription-notice';
import { addDays, calendarDay, monthNames, practiceDate } from '@vet/contracts/practice-clock';
import type { Database } from '@vet/db/connection';
import { vaccinationReminders } from '@vet/db/schema/reminders';
import { brandedEmail } from '@vet/email/branded-email';
import type { EmailLogger } from '@vet/email/email-logger';
import { enqueueEmail } from '@vet/email/enqueue-email';
import { enqueueSms } from '@vet/email/enqueue-sms';
import { endOfQuietHours, isQuietHours } from '@vet/email/quiet-hours';
import { eq, sql } from 'drizzle-orm';
import type { Task } from 'graphile-worker';
import { capInForce, feeColumns, feesOfRow, type FeeColumns } from '../../reference/index.ts';
import { jobsOfInserted, reminderJobPriority } from './queue-reminders.ts';

/** The recurring job that queues the vaccination reminders of the day (every minute, idempotent). */
export const queueVaccinationRemindersTask = 'queue-vaccination-reminders';
export const sendVaccinationReminderTask = 'send-vaccination-reminder';

/** R2.40 (decision 0085): four weeks before a due date, and on it. */
export const vaccinationReminderDays = { d28: 28, d0: 0 } as const;

/** An appointment reason that is a vaccination: the practices' reasons carry no flag, their names say. */
export const vaccinationReasonPattern = 'vaccin|booster';

/**
 * The latest dose of each pet's vaccine (by date given, then id: the health record's rule, 0081), when its
 * due date is the day these reminders are for; a pet that is not Active, or has a booked vaccination
 * appointment ahead, is left out.
 */
const dueDoses = (today: string, now: Date) => sql`
  select v.pet_id, v.vaccine, v.due_on,
    case when v.due_on = ${today}::date then 'd0' else 'd28' end as kind, pt.client_id
  from vaccinations v
  join pets pt on pt.id = v.pet_id and pt.status = 'Active'
  where v.due_on in (${today}::date, ${addDays(today, vaccinationReminderDays.d28)}::date)
    and not exists (
      select 1 from vaccinations later
      where later.pet_id = v.pet_id and later.vaccine = v.vaccine
        and (later.given_on > v.given_on or (later.given_on = v.given_on and later.id > v.id))
    )
    and not exists (
      select 1 from appointments a join appointment_reasons r on r.id = a.reason_id
      where a.pet_id = v.pet_id and a.status = 'Booked' and a.starts_at > ${now.toISOString()}::timestamptz
        and r.name ~* ${vaccinationReasonPattern}
    )`;

/**
 * Queues the vaccination reminders due today (decision 0085): outside quiet hours, on the channels the
 * client's "reminders" preferences allow; one statement writes the rows and their jobs, unique per pet,
 * vaccine, due date, kind and channel, so racing instances queue each once. A day the queue missed is not
 * made up (a four-week reminder a day late is still useful, but the rule is the day's).
 */
export async function queueVaccinationReminders(
  db: Database,
  now: Date,
  channels: readonly ('email' | 'sms')[],
): Promise<number> {
  if (isQuietHours(now) || channels.length === 0) return 0;
  const today = practiceDate(now);
  // One add_jobs call for all the jobs, not an add_job a row (whose key check can read the whole job
  // table); behind e-mails and texts, as appointment reminders (decision 0087).
  const result = await db.execute<{ queued: number }>(sql`
    with due as (${dueDoses(today, now)}),
    inserted as (
      insert into vaccination_reminders (pet_id, vaccine, due_on, kind, channel)
      select due.pet_id, due.vaccine, due.due_on, due.kind, p.channel
      from due
      join contact_preferences p
        on p.client_id = due.client_id and p.purpose = 'reminders' and p.opted_in
        and p.channel::text = any(string_to_array(${channels.join(',')}, ','))
      on conflict on constraint vaccination_reminders_once_uq do nothing
      returning id
    ),
    ${jobsOfInserted(sendVaccinationReminderTask, { keyPrefix: 'vaccination-reminder-' })}`);
  return Number(result.rows[0]?.queued ?? 0);
}

/** "17 February 2030". */
function longDate(date: string): string {
  const day = calendarDay(date);
  return `${day.day} ${monthNames[day.month - 1]} ${day.year}`;
}

export interface VaccinationReminderFacts {
  firstName: string;
  petName: string;
  vaccine: string;
  dueOn: string;
  kind: string;
  bookingUrl: string;
  brandName: string;
  /**
   * The client's home practice, where the vaccine is given: its owner for the closing lines (decision
   * 0143) and its written prescription fees for the notice (decision 0148); none without one.
   */
  practice?: { name: string; ownerName: string | null; fees: WrittenPrescriptionFees } | undefined;
}

export const vaccinationBookLabel = 'Book a vaccination appointment';

export function vaccinationReminderEmail(
  facts: VaccinationReminderFacts & { to: string; portalUrl: string },
) {
  const when = facts.kind === 'd0' ? 'today' : `on ${longDate(facts.dueOn)}`;
  return {
    to: facts.to,
    ...brandedEmail({
      brandName: facts.brandName,
      subject: `${facts.petName}'s vaccination is due`,
      greeting: `Hello ${facts.firstName},`,
      paragraphs: [
        `${facts.petName}'s ${facts.vaccine} vaccination is due ${when}.`,
        'Book an appointment in the portal, or call your practice.',
        ...(facts.practice ? [writtenPrescriptionNotice(facts.practice.fees)] : []),
      ],
      action: { label: vaccinationBookLabel, url: facts.bookingUrl },
      footer: 'You get vaccination reminders because you chose reminders in your contact preferences.',
      // The home practice's owner where the client has one; the complaints link always (decision 0143).
      sender: {
        portalUrl: facts.portalUrl,
        ...(facts.practice
          ? { practice: { name: facts.practice.name, ownerName: facts.practice.ownerName } }
          : {}),
      },
    }),
  };
}

export function vaccinationReminderSms(facts: VaccinationReminderFacts): string {
  const when = facts.kind === 'd0' ? 'today' : `on ${longDate(facts.dueOn)}`;
  return `${facts.brandName}: ${facts.petName}'s ${facts.vaccine} vaccination is due ${when}. Book: ${facts.bookingUrl}`;
}

/**
 * Sends one queued vaccination reminder, everything checked again now under the row's lock: the pet still
 * Active, the vaccine still due that day (no later dose), no vaccination booked, the channel still chosen.
 */
export function createSendVaccinationReminderTask(deps: {
  db: Database;
  brandName: string;
  /** The portal's public address: the e-mail links its complaints page (decision 0143). */
  portalUrl: string;
  bookingLink: (petId: number) => string;
  logger: EmailLogger;
  now: () => Date;
}): Task {
  return async (payload, helpers) => {
    const reminderId = (payload as { reminderId?: unknown } | null)?.reminderId;
    if (typeof reminderId !== 'number' || !Number.isSafeInteger(reminderId)) {
      throw new Error('The send-vaccination-reminder job has no valid reminderId.');
    }
    const at = deps.now();
    const outcome = await deps.db.transaction(async (tx) => {
      const [reminder] = await tx
        .select()
        .from(vaccinationReminders)
        .where(eq(vaccinationReminders.id, reminderId))
        .for('update', { skipLocked: true });
      if (!reminder || reminder.status !== 'queued') return reminder ? 'nothing' : 'busy-or-missing';
      const skip = async (reason: string) => {
        await tx
          .update(vaccinationReminders)
          .set({ status: 'skipped', skipReason: reason, handledAt: sql`now()` })
          .where(eq(vaccinationReminders.id, reminderId));
        return `skipped ${reason}`;
      };
      const today = practiceDate(at);
      const { rows: still } = await tx.execute<{ pet_id: number }>(sql`
        select due.pet_id from (${dueDoses(today, at)}) due
        where due.pet_id = ${reminder.petId} and due.vaccine = ${reminder.vaccine}
          and due.due_on = ${reminder.dueOn}::date and due.kind = ${reminder.kind}`);
      if (still.length === 0) return skip('changed');
      const { rows } = await tx.execute<
        FeeColumns & {
          first_name: string;
          email: string | null;
          mobile_phone: string | null;
          pet_name: string;
          opted_in: boolean | null;
          practice_name: string | null;
          owner_name: string | null;
        }
      >(sql`
        select c.first_name, c.email, c.mobile_phone, pt.name as pet_name, p.opted_in,
          pr.name as practice_name, pr.owner_name, ${feeColumns('pr')}
        from pets pt join clients c on c.id = pt.client_id
        left join practices pr on pr.id = c.home_practice_id
        ${capInForce(today)}
        left join contact_preferences p
          on p.client_id = c.id and p.purpose = 'reminders' and p.channel = ${reminder.channel}
        where pt.id = ${reminder.petId}`);
      const row = rows[0];
      if (!row?.opted_in) return skip('opted-out');
      if (isQuietHours(at)) return 'quiet';
      const facts: VaccinationReminderFacts = {
        firstName: row.first_name,
        petName: row.pet_name,
        vaccine: reminder.vaccine,
        dueOn: reminder.dueOn,
        kind: reminder.kind,
        bookingUrl: deps.bookingLink(reminder.petId),
        brandName: deps.brandName,
        practice:
          row.practice_name === null
            ? undefined
            : { name: row.practice_name, ownerName: row.owner_name, fees: feesOfRow(row) },
      };
      if (reminder.channel === 'email') {
        if (!row.email) return skip('no-address');
        const emailId = await enqueueEmail(
          tx,
          vaccinationReminderEmail({ ...facts, to: row.email, portalUrl: deps.portalUrl }),
        );
        await tx
          .update(vaccinationReminders)
          .set({ status: 'sent', emailOutboxId: emailId, handledAt: sql`now()` })
          .where(eq(vaccinationReminders.id, reminderId));
      } else {
        const to = row.mobile_phone ? ukMobileNumber(row.mobile_phone) : null;
        if (!to) return skip(row.mobile_phone ? 'bad-number' : 'no-address');
        const smsId = await enqueueSms(tx, { to, body: vaccinationReminderSms(facts) });
        await tx
          .update(vaccinationReminders)
          .set({ status: 'sent', smsOutboxId: smsId, handledAt: sql`now()` })
          .where(eq(vaccinationReminders.id, reminderId));
      }
      return 'sent';
    });
    if (outcome === 'quiet') {
      await helpers.addJob(
        sendVaccinationReminderTask,
        { reminderId },
        {
          runAt: endOfQuietHours(at),
          jobKey: `vaccination-reminder-${reminderId}`,
          priority: reminderJobPriority,
        },
      );
    }
    deps.logger.info({ reminderId, outcome }, 'vaccination reminder handled');
  };
}
