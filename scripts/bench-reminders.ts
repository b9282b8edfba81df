/**
 * `npm run bench:reminders` (and part of `npm run bench`): the reminder targets of docs/benchmarks.md. Seeds
 * the reminder day's data set (scripts/lib/bench/reminder-day.ts; BENCH_SCALE, default 1: 500 practices, 60,000
 * Booked appointments a weekday, every client with reminders on e-mail and SMS), runs the real queueing task
 * at the day's first send time (08:00 UK, held through the tasks' `now`), and prints how long queueing all of
 * them took (target: within 60 s of the run time). Then it runs the real send tasks in the API's e-mail
 * worker (BENCH_CONCURRENCY, default 2, the API's) against a loopback SMTP server and the Twilio stand-in,
 * run in a child process of their own, for BENCH_SECONDS (default 60) or until all are delivered, and prints
 * the send rate and the CPU a reminder of each process. Then it sends straight at the stand-ins for
 * BENCH_CEILING_SECONDS (default 10): the rate they allow here. From the measured rate and the number coming
 * due at each minute of the day, it prints how many reminders would go later than 5 minutes after their due
 * time, and which of the two rates limits the send. Asserts nothing (decision 0023).
 */
import { availableParallelism } from 'node:os';
import { addDays } from '@vet/contracts/practice-clock';
import { connectDatabase } from '@vet/db/connection';
import { runMigrations } from '@vet/db/migrate';
import { dropDatabase, ensureDatabase } from '@vet/db/server';
import { smtpDelivery } from '@vet/email/email-delivery';
import type { EmailLogger } from '@vet/email/email-logger';
import { emailWorkerConcurrency, startEmailWorker } from '@vet/email/email-worker';
import type { JobHelpers } from 'graphile-worker';
import pg from 'pg';
import { manageLinks } from '../apps/api/src/appointments/index.ts';
import {
  defaultReminderRules,
  maxDaysBefore,
  queueRemindersTask,
  reminderDueAt,
  reminderTasks,
  sendReminderTask,
  smsDeliveryOf,
} from '../apps/api/src/messages/index.ts';
import { backendsCpuSince, databaseBackendsCpu } from './lib/bench/database-cpu.ts';
import { startBenchDatabaseServer } from './lib/bench/group-database.ts';
import { loadAverage, machineCpuSeconds } from './lib/bench/process-cpu.ts';
import {
  appointmentsPerDay,
  at,
  lateness,
  reminderDay,
  reminderDayShape,
  seedReminderDay,
  type DueGroup,
} from './lib/bench/reminder-day.ts';
import { limitingFigure, sendToStandIns, startStandInsProcess } from './lib/bench/reminder-stand-ins.ts';

const scale = Number(process.env.BENCH_SCALE ?? '1');
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? emailWorkerConcurrency);
const sendSeconds = Number(process.env.BENCH_SECONDS ?? '60');
const ceilingSeconds = Number(process.env.BENCH_CEILING_SECONDS ?? '10');
/** Messages sent at once straight at the stand-ins: more than the worker's two sends at a time, to find their limit. */
const CEILING_LANES = 8;
/** The targets (docs/benchmarks.md): all queued within a minute of the run, none more than 5 minutes late. */
const QUEUE_TARGET_MS = 60_000;
const LATE_AFTER_MS = 5 * 60_000;
const DATABASE = 'bench_reminders';
const EMBEDDED_PORT = 54380;
const PORTAL_URL = 'https://portal.bench.example';
const log = (line: string) => console.log(line);
const seconds = (ms: number) => (ms / 1000).toFixed(1);
const ukTime = (ms: number) =>
  new Date(ms).toLocaleTimeString('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit' });
const quiet: EmailLogger = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };
/** The queueing task uses neither its payload nor the queue's helpers. */
const noHelpers = {} as JobHelpers;

log(
  `This machine: ${availableParallelism()} cores, shared by this process (the queueing task and the e-mail ` +
    `worker), a child process (the SMTP server and the Twilio stand-in), PostgreSQL, and whatever else ` +
    `runs here; load average ${loadAverage()}.`,
);

const server = await startBenchDatabaseServer('.data/bench-group-postgres', EMBEDDED_PORT);
const stops: (() => Promise<void>)[] = [server.stop];
try {
  const url = new URL(server.url);
  const adminUrl = url.toString();
  url.pathname = `/${DATABASE}`;
  const databaseUrl = url.toString();
  await dropDatabase(adminUrl, DATABASE);
  await ensureDatabase(adminUrl, DATABASE);
  const migrating = connectDatabase(databaseUrl, { max: 1 });
  try {
    await runMigrations(migrating.pool);
  } finally {
    await migrating.close();
  }

  const shape = reminderDayShape(scale);
  const day = reminderDay();
  const runAt = at(day, '08:00');
  log(
    `Seeding ${DATABASE} at scale ${scale}: ${shape.practices} practices, ` +
      `${shape.practices * shape.clientsPerPractice} clients with reminders on e-mail and SMS, ` +
      `${appointmentsPerDay(shape)} Booked appointments each weekday from ${day} for ${maxDaysBefore + 2} days…`,
  );
  log(`seeding took ${(await seedReminderDay(databaseUrl, shape, day)).toFixed(1)} s`);

  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  stops.push(() => pool.end());
  let clock = runAt;
  const tasks = {
    brandName: 'Bench Vets',
    portalUrl: PORTAL_URL,
    manageLinks: manageLinks(PORTAL_URL, 'bench-verification-code-pepper-0123456789'),
    bookingLink: (petId: number) => `${PORTAL_URL}/appointments/book?petId=${petId}`,
    smsEnabled: true,
    logger: quiet,
    now: () => clock,
  };

  // The evening before (19:59, the last run before quiet hours) queued what came due by then; as if sent,
  // so that the morning's run queues only what a running queue would have left for it.
  // Untimed, on a connection of its own.
  const eve = addDays(day, -1);
  clock = at(eve, '19:59');
  const eveDb = connectDatabase(databaseUrl, { max: 1 });
  try {
    await reminderTasks(tasks)(eveDb.db)[queueRemindersTask]!({}, noHelpers);
  } finally {
    await eveDb.close();
  }
  await pool.query(
    `select graphile_worker.complete_jobs(array(select id from graphile_worker.jobs where task_identifier = $1))`,
    [sendReminderTask],
  );
  const before = await pool.query(`update appointment_reminders set status = 'sent' where status = 'queued'`);
  log(`the evening before (${eve} 19:59): ${before.rowCount} reminders queued and taken as sent`);
  // Overnight, autovacuum would have analysed both tables; the job table is empty again, as at 08:00.
  await pool.query('analyze graphile_worker._private_jobs; analyze appointment_reminders');
  const queueDb = connectDatabase(databaseUrl, { max: 1 });
  stops.push(() => queueDb.close());
  const queueTask = reminderTasks(tasks)(queueDb.db)[queueRemindersTask]!;

  // The timed run: the queueing task at 08:00 on the reminder day.
  clock = runAt;
  const cpuBefore = { own: ownCpu(), database: await databaseBackendsCpu(pool, DATABASE) };
  const queueStarted = performance.now();
  await queueTask({}, noHelpers);
  const queueMs = performance.now() - queueStarted;
  const queueCpu = {
    own: ownCpu() - cpuBefore.own,
    database: backendsCpuSince(cpuBefore.database, await databaseBackendsCpu(pool, DATABASE)),
  };
  const queued = await pool.query<{ channel: string; kind: string; count: string }>(
    `select channel, kind, count(*) from appointment_reminders where status = 'queued' group by 1, 2 order by 1, 2`,
  );
  const queuedTotal = queued.rows.reduce((sum, row) => sum + Number(row.count), 0);
  log(
    `queued at 08:00 on ${day}: ${queuedTotal} reminders (${queued.rows.map((row) => `${row.count} ${row.channel} ${row.kind}`).join(', ')}) ` +
      `in ${seconds(queueMs)} s (target < ${QUEUE_TARGET_MS / 1000} s: ${queueMs < QUEUE_TARGET_MS ? 'met' : 'missed'}); ` +
      `CPU: this process ${queueCpu.own.toFixed(1)} s, PostgreSQL's backends ${queueCpu.database.toFixed(1)} s`,
  );

  // Each later minute's run looks again at the last day's due reminders (the unique key keeps them
  // once): what a minute of the day costs the queue.
  clock = new Date(runAt.getTime() + 60_000);
  const nextStarted = performance.now();
  await queueTask({}, noHelpers);
  const nextMs = performance.now() - nextStarted;
  const nextQueued = await pool.query<{ count: string }>(
    `select count(*) from appointment_reminders where status = 'queued'`,
  );
  log(
    `the next minute's run (08:01): ${Number(nextQueued.rows[0]!.count) - queuedTotal} more queued, in ${seconds(nextMs)} s`,
  );
  clock = runAt;

  // What comes due through the day: the queued ones at their due times, then every later minute's.
  const due = await dueThroughTheDay(pool, new Date(runAt.getTime() + 60_000), at(day, '20:00'));

  // The send: the API's e-mail worker with the reminders' tasks, the clock held at 08:00.
  // The stand-ins in a process of their own: their CPU apart from the worker's.
  const standIns = await startStandInsProcess();
  stops.push(() => standIns.stop());
  const sms = smsDeliveryOf({
    provider: 'twilio',
    accountSid: standIns.addresses.accountSid,
    authToken: standIns.addresses.authToken,
    from: 'BenchVets',
    apiUrl: standIns.addresses.twilioUrl,
  });
  let emails = 0;
  let texts = 0;
  const count = async () => {
    ({ emails, texts } = await standIns.counts());
    return emails + texts;
  };
  const startWorker = () =>
    startEmailWorker({
      databaseUrl,
      delivery: smtpDelivery({
        smtpUrl: standIns.addresses.smtpUrl,
        from: '"Bench Vets" <no-reply@bench.example>',
        // As the API's worker: a connection kept open for each e-mail sent at once.
        pooled: concurrency,
      }),
      logger: quiet,
      concurrency,
      ...(sms ? { sms } : {}),
      tasks: reminderTasks(tasks),
      // No schedule for the reminders' queueing: the runs above stood for it.
      crontab: [],
      now: () => clock,
    });
  const cpu = async () => ({
    own: ownCpu(),
    database: await databaseBackendsCpu(pool, DATABASE),
    standIns: standIns.cpuSeconds(),
    machine: machineCpuSeconds(),
  });
  const describeCpu = async (
    before: Awaited<ReturnType<typeof cpu>>,
    per: number,
    what: string,
    own: string,
    withDatabase = true,
  ) => {
    const after = await cpu();
    const each = (label: string, seconds: number) =>
      `${label} ${seconds.toFixed(1)} s (${((seconds * 1000) / Math.max(1, per)).toFixed(2)} ms ${what})`;
    const ownSeconds = after.own - before.own;
    const databaseSeconds = withDatabase ? backendsCpuSince(before.database, after.database) : 0;
    const standInsSeconds =
      before.standIns !== null && after.standIns !== null ? after.standIns - before.standIns : null;
    const parts = [
      each(own, ownSeconds),
      ...(withDatabase ? [each("PostgreSQL's backends", databaseSeconds)] : []),
      standInsSeconds !== null
        ? each('the stand-ins (SMTP server and Twilio stand-in, their process)', standInsSeconds)
        : 'the stand-ins: unknown (no /proc)',
    ];
    const busy =
      before.machine && after.machine
        ? `; the machine was busy ${((100 * (after.machine.busy - before.machine.busy)) / (after.machine.total - before.machine.total)).toFixed(0)} %`
        : '';
    return {
      line: `CPU: ${parts.join(', ')}${busy}`,
      /** CPU seconds of the measured processes together. */
      seconds: ownSeconds + databaseSeconds + (standInsSeconds ?? 0),
    };
  };
  const poll = () => new Promise((resolve) => setTimeout(resolve, 500));

  // The reminders' batch jobs and their deliveries, as the API's worker runs them: the queue takes the
  // outboxes' deliveries (priority 0) before the next batch (decisions 0087, 0089), so each reminder is
  // delivered soon after it is written and the rate is that of both kinds of job together.
  const sendCpuBefore = await cpu();
  const started = performance.now();
  const worker = await startWorker();
  stops.push(() => worker.stop());
  const firstDelivered = { at: 0 };
  while ((await count()) < queuedTotal && performance.now() < started + sendSeconds * 1000) {
    await poll();
    if (!firstDelivered.at && (await count()) > 0) firstDelivered.at = performance.now() - started;
  }
  const sendMs = performance.now() - started;
  const delivered = await count();
  const sendCpu = await describeCpu(
    sendCpuBefore,
    delivered,
    'a reminder',
    "the worker's process (this one; the bench's polling is a fetch every 0.5 s)",
  );
  await worker.stop();
  const rate = delivered / (sendMs / 1000);
  log(
    `sent: ${delivered} of the ${queuedTotal} reminders queued at 08:00 delivered in ${seconds(sendMs)} s ` +
      `(${emails} e-mails to the SMTP server, ${texts} texts to the Twilio stand-in; the first within ` +
      `${seconds(firstDelivered.at)} s) by one worker of concurrency ${concurrency}: ${rate.toFixed(1)} reminders ` +
      `a second; ${sendCpu.line}`,
  );
  // However many workers: what a reminder costs the processes together, against the machine's cores.
  const cpuMsEach = (sendCpu.seconds * 1000) / Math.max(1, delivered);
  if (delivered > 0) {
    log(
      `at ${cpuMsEach.toFixed(2)} ms of CPU a reminder (worker, PostgreSQL and stand-ins together), this ` +
        `machine's ${availableParallelism()} cores would send at most ${((availableParallelism() * 1000) / cpuMsEach).toFixed(0)} ` +
        `a second with nothing else running, however many workers`,
    );
  }

  // The rate the stand-ins allow: a sender that only sends, with the worker's clients and one of the
  // run's own e-mails and texts, on the same machine (so its CPU is on the same cores: a lower bound).
  const sample = await sampleMessages(pool);
  const ceilingBefore = await cpu();
  const direct = await sendToStandIns(standIns.addresses, {
    seconds: ceilingSeconds,
    lanes: CEILING_LANES,
    ...sample,
  });
  const directTotal = direct.emails + direct.texts;
  const ceilingCpu = await describeCpu(
    ceilingBefore,
    directTotal,
    'a message',
    'the sender (this process)',
    false,
  );
  const ceiling = directTotal / (direct.elapsedMs / 1000);
  log(
    `the stand-ins' ceiling: sent straight at them (${CEILING_LANES} messages at once, e-mail and text in turn, ` +
      `over up to ${CEILING_LANES} pooled SMTP connections; no database) for ${seconds(direct.elapsedMs)} s, they took ` +
      `${direct.emails} e-mails and ${direct.texts} texts: ${ceiling.toFixed(1)} messages a second; ${ceilingCpu.line}`,
  );

  // Lateness at the measured rate: sending starts when the queueing has finished.
  const dueTotal = due.reduce((sum, group) => sum + group.count, 0);
  const result = rate > 0 ? lateness(due, rate, runAt.getTime() + queueMs, LATE_AFTER_MS) : undefined;
  if (result) {
    log(
      `at that rate: of the ${dueTotal} reminders due from 08:00 to 20:00 (${queuedTotal} at 08:00), ` +
        `${result.late} would be delivered more than ${LATE_AFTER_MS / 60_000} minutes after their due time ` +
        `(target none: ${result.late === 0 ? 'met' : 'missed'}); the latest ${seconds(result.maxLateMs)} s late, ` +
        `the last delivered at ${ukTime(result.lastSentMs)}`,
    );
  } else {
    log(`at that rate: none delivered (target none late: missed)`);
  }
  const atCeiling =
    ceiling > 0 ? lateness(due, ceiling, runAt.getTime() + queueMs, LATE_AFTER_MS) : undefined;
  if (atCeiling) {
    log(
      `at the stand-ins' ceiling (${ceiling.toFixed(1)} a second): ${atCeiling.late} would be more than ` +
        `${LATE_AFTER_MS / 60_000} minutes late; the latest ${seconds(atCeiling.maxLateMs)} s late`,
    );
  }
  const limit = limitingFigure(rate, ceiling);
  if (queueMs < LATE_AFTER_MS) {
    const needed = queuedTotal / ((LATE_AFTER_MS - queueMs) / 1000);
    log(
      `the 08:00 reminders all delivered within ${LATE_AFTER_MS / 60_000} minutes need ${needed.toFixed(0)} a second ` +
        `(${Math.ceil(needed / Math.max(rate, 1e-9))} worker(s) like this one at the measured rate)`,
    );
  }
  const queueMet = queueMs < QUEUE_TARGET_MS;
  const lateMet = result !== undefined && result.late === 0;
  log(
    `The reminder targets (docs/benchmarks.md) at BENCH_SCALE=${scale}${scale === 1 ? '' : ' (the group is 1: this run is not the target)'}: ` +
      `all queued within ${QUEUE_TARGET_MS / 1000} s: ${queueMet ? 'met' : 'missed'} (${seconds(queueMs)} s); ` +
      `none delivered more than ${LATE_AFTER_MS / 60_000} minutes late at the measured rate: ` +
      `${lateMet ? 'met' : 'missed'} (${result?.late ?? queuedTotal} late` +
      `${delivered < queuedTotal ? `; a projection from ${delivered} delivered in the first ${seconds(sendMs)} s` : ''}); ` +
      (limit === 'portal'
        ? `the limit is the portal: ${rate.toFixed(1)} a second, where the stand-ins take ${ceiling.toFixed(1)}`
        : `the limit is the stand-ins: the portal's ${rate.toFixed(1)} a second is at their ${ceiling.toFixed(1)}`) +
      '.',
  );
  log(`Load average just after the run: ${loadAverage()}.`);
} finally {
  for (const stop of stops.reverse()) await stop().catch(() => {});
}

/** One of the run's e-mails and one of its texts, to send straight at the stand-ins as they were. */
async function sampleMessages(pool: pg.Pool) {
  const email = await pool.query<{
    to_address: string;
    subject: string;
    text_body: string;
    html_body: string | null;
    attachments: [];
  }>(`select to_address, subject, text_body, html_body, attachments from email_outbox order by id limit 1`);
  const sms = await pool.query<{ to_number: string; body: string }>(
    `select to_number, body from sms_outbox order by id limit 1`,
  );
  const e = email.rows[0];
  const t = sms.rows[0];
  return {
    email: e
      ? {
          to: e.to_address,
          subject: e.subject,
          text: e.text_body,
          html: e.html_body,
          attachments: e.attachments,
        }
      : {
          to: 'client@bench.example',
          subject: 'Reminder',
          text: 'Your appointment',
          html: null,
          attachments: [],
        },
    sms: t ? { to: t.to_number, body: t.body } : { to: '+447700900000', body: 'Your appointment' },
  };
}

function ownCpu(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1e6;
}

/**
 * The reminders of the reminder day by due time: those the runs queued (due by `queuedBy`), then those
 * the later minutes' runs would queue until `until`, by the practices' rules (the data set sets none: the default)
 * and the channels each client chose.
 */
async function dueThroughTheDay(pool: pg.Pool, queuedBy: Date, until: Date): Promise<DueGroup[]> {
  const groups = new Map<number, number>();
  const add = (dueMs: number, count: number) => groups.set(dueMs, (groups.get(dueMs) ?? 0) + count);
  const queuedNow = await pool.query<{ due_at: Date; count: string }>(
    `select due_at, count(*) from appointment_reminders where status = 'queued' group by due_at`,
  );
  for (const row of queuedNow.rows) add(row.due_at.getTime(), Number(row.count));
  const ahead = await pool.query<{ starts_at: Date; created_at: Date; channels: string }>(
    `select a.starts_at, a.created_at,
            (select count(*) from contact_preferences p
              where p.client_id = a.client_id and p.purpose = 'reminders' and p.opted_in) as channels
       from appointments a
      where a.status = 'Booked' and a.starts_at > $1 and a.starts_at < $2`,
    [queuedBy, new Date(until.getTime() + (maxDaysBefore + 1) * 86_400_000)],
  );
  for (const row of ahead.rows) {
    for (const rule of defaultReminderRules) {
      const dueAt = reminderDueAt(rule, row.starts_at);
      if (!dueAt || dueAt <= queuedBy || dueAt >= until || dueAt < row.created_at) continue;
      add(dueAt.getTime(), Number(row.channels));
    }
  }
  return [...groups].map(([dueMs, count]) => ({ dueMs, count }));
}
