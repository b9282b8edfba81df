import type { Database } from '@vet/db/connection';
import { appointments } from '@vet/db/schema/appointments';
import { practiceFeatureSettings } from '@vet/db/schema/practices';
import { isQuietHours } from '@vet/email/quiet-hours';
import { and, eq, gt, lt, type SQL, sql } from 'drizzle-orm';
import {
  maxDaysBefore,
  parseReminderRules,
  reminderDueAt,
  reminderKind,
  reminderRulesSettingKey,
  type ReminderRule,
} from './reminder-rules.ts';

/** The recurring job that queues the reminders that have come due (every minute). */
export const queueRemindersTask = 'queue-appointment-reminders';
/**
 * The job that sends queued reminders (decision 0089): its payload is a list of `{ reminderId }`, up to
 * `reminderBatchSize` of them (graphile-worker's batch job: the ones that fail are retried on their own).
 */
export const sendReminderTask = 'send-appointment-reminder';
/** Reminders a send job handles in one transaction: 50 make a batch's own statements a small share. */
export const reminderBatchSize = 50;
/**
 * The reminder jobs' priority (decision 0087; graphile-worker takes lower numbers first, e-mails and
 * texts are 0): a morning's reminder jobs wait behind every e-mail and text, the deliveries they create
 * among them, so a booking's confirmation is not held behind the morning's reminders and each reminder is
 * delivered as soon as it is written.
 */
export const reminderJobPriority = 10;

/**
 * The end of a queueing statement whose `inserted` CTE returned the new reminder rows' ids: their send
 * jobs in one add_jobs call (five attempts, behind e-mails and texts), and the count queued. With
 * `keyPrefix`, a job a reminder keyed `keyPrefix` + id; with `batchSize`, a job for each that many
 * reminders, its payload their list (decision 0089).
 */
export function jobsOfInserted(task: string, jobs: { keyPrefix: string } | { batchSize: number }): SQL {
  const specs =
    'keyPrefix' in jobs
      ? sql`select row(
          ${task}::text, json_build_object('reminderId', inserted.id),
          null, null, 5, ${jobs.keyPrefix}::text || inserted.id, ${reminderJobPriority}, null
        )::graphile_worker.job_spec
        from inserted
        order by inserted.id`
      : sql`select row(
          ${task}::text, json_agg(json_build_object('reminderId', numbered.id) order by numbered.id),
          null, null, 5, null, ${reminderJobPriority}, null
        )::graphile_worker.job_spec
        from (select id, (row_number() over (order by id) - 1) / ${jobs.batchSize}::int as batch
              from inserted) numbered
        group by numbered.batch
        order by numbered.batch`;
  return sql`specs as (select array(${specs}) as specs)
    select (select count(*) from inserted)::int as queued,
           case when cardinality(specs.specs) > 0
             then (select count(*) from graphile_worker.add_jobs(specs.specs)) end as jobs
    from specs`;
}

/** Reminder channels the portal sends on; the preferences' phone and post are the practice's to use. */
export const reminderChannels = ['email', 'sms'] as const;

const dayMs = 86_400_000;
/** Reminders inserted, with their jobs, by one statement. */
const batchSize = 5000;

/**
 * Queues every reminder due by `now` (decision 0085): for each booked appointment ahead, each of its
 * practice's rules whose time has come, on each channel the client's "reminders" preferences allow. One
 * statement inserts the reminder rows and their jobs: the unique key (appointment, kind, channel, start)
 * lets a second instance running the same queueing insert nothing, so each reminder is queued once. Not
 * queued: in quiet hours (the 08:00 run takes them), a rule whose time came before the appointment was
 * booked (its confirmation just went), a rule whose time has passed by more than a day (the queue was down:
 * a late reminder is noise). After queueing `analyseAfter` or more, the job table is analysed. Returns how
 * many reminders were queued.
 */
export async function queueDueReminders(
  db: Database,
  now: Date,
  channels: readonly (typeof reminderChannels)[number][] = reminderChannels,
  { analyseAfter = 1000 }: { analyseAfter?: number } = {},
): Promise<number> {
  if (channels.length === 0) return 0;
  if (isQuietHours(now)) return 0;
  const settings = await db
    .select({ practiceId: practiceFeatureSettings.practiceId, value: practiceFeatureSettings.value })
    .from(practiceFeatureSettings)
    .where(eq(practiceFeatureSettings.featureKey, reminderRulesSettingKey));
  const rulesOf = new Map(settings.map((row) => [row.practiceId, parseReminderRules(row.value)]));
  const defaults = parseReminderRules(null);

  const ahead = await db
    .select({
      id: appointments.id,
      practiceId: appointments.practiceId,
      startsAt: appointments.startsAt,
      createdAt: appointments.createdAt,
    })
    .from(appointments)
    .where(
      and(
        eq(appointments.status, 'Booked'),
        gt(appointments.startsAt, now),
        lt(appointments.startsAt, new Date(now.getTime() + (maxDaysBefore + 1) * dayMs)),
      ),
    );

  // Appointments share start times (a day's half-hour cells across the group): each rule's due time is
  // worked out once a start, not once an appointment (hundreds of thousands each minute at group scale).
  const dueAtOf = new Map<string, Map<number, Date | null>>();
  const dueAtFor = (rule: ReminderRule, kind: string, startsAt: Date) => {
    let byStart = dueAtOf.get(kind);
    if (!byStart) dueAtOf.set(kind, (byStart = new Map<number, Date | null>()));
    let dueAt = byStart.get(startsAt.getTime());
    if (dueAt === undefined) byStart.set(startsAt.getTime(), (dueAt = reminderDueAt(rule, startsAt)));
    return dueAt;
  };
  const due: { appointmentId: number; kind: string; startsAt: Date; dueAt: Date }[] = [];
  for (const appointment of ahead) {
    const rules: readonly ReminderRule[] = rulesOf.get(appointment.practiceId) ?? defaults;
    for (const rule of rules) {
      const kind = reminderKind(rule);
      const dueAt = dueAtFor(rule, kind, appointment.startsAt);
      if (!dueAt || dueAt > now || dueAt < appointment.createdAt) continue;
      if (now.getTime() - dueAt.getTime() > dayMs) continue;
      due.push({
        appointmentId: appointment.id,
        kind,
        startsAt: appointment.startsAt,
        dueAt,
      });
    }
  }
  if (due.length === 0) return 0;

  let queued = 0;
  for (let from = 0; from < due.length; from += batchSize) {
    const batch = due.slice(from, from + batchSize);
    // The batch's jobs go in one add_jobs call, not an add_job a row: each add_job call plans on its own
    // and its key check can read the whole job table; at 120,000 reminders a morning that grew
    // quadratically (bench:reminders).
    const result = await db.execute<{ queued: number }>(sql`
      with candidates as (
        select * from jsonb_to_recordset(${JSON.stringify(
          batch.map((row) => ({
            appointment_id: row.appointmentId,
            kind: row.kind,
            starts_at: row.startsAt.toISOString(),
            due_at: row.dueAt.toISOString(),
          })),
        )}::jsonb) as c(appointment_id int, kind text, starts_at timestamptz, due_at timestamptz)
      ),
      inserted as (
        insert into appointment_reminders (appointment_id, kind, channel, appointment_starts_at, due_at)
        select c.appointment_id, c.kind, p.channel, c.starts_at, c.due_at
        from candidates c
        join appointments a on a.id = c.appointment_id and a.status = 'Booked' and a.starts_at = c.starts_at
        join pets pt on pt.id = a.pet_id and pt.status = 'Active'
        join contact_preferences p
          on p.client_id = a.client_id and p.purpose = 'reminders' and p.opted_in
          and p.channel::text = any(string_to_array(${channels.join(',')}, ','))
        on conflict on constraint appointment_reminders_once_uq do nothing
        returning id
      ),
      ${jobsOfInserted(sendReminderTask, { batchSize: reminderBatchSize })}`);
    queued += Number(result.rows[0]?.queued ?? 0);
  }
  if (queued >= analyseAfter) {
    // The job table was all but empty overnight, and the queue's statements (graphile-worker's, prepared
    // and cached) were planned for that: for each job taken and each e-mail written they would read the
    // whole of a morning's 120,000 jobs until autovacuum next analysed it (about three times the database
    // time a reminder, bench:reminders). Analysing a sample takes a fraction of a second; without owning
    // the table PostgreSQL only warns.
    await db.execute(sql`analyze graphile_worker._private_jobs`);
  }
  return queued;
}
