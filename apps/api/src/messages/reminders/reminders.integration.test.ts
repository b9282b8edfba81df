import { contactPreferences, pets } from '@vet/db/schema/clients';
import { appointments } from '@vet/db/schema/appointments';
import { clinicians } from '@vet/db/schema/clinicians';
import {
  createAppointment,
  createClient,
  createClinician,
  createPet,
  createPractice,
  createReason,
} from '@vet/db/testing/factories';
import { useOwnDatabase } from '@vet/db/testing/own-database';
import { smtpDelivery } from '@vet/email/email-delivery';
import { enqueueEmail } from '@vet/email/enqueue-email';
import { startEmailWorker, type EmailWorker } from '@vet/email/email-worker';
import { twilioSmsDelivery } from '@vet/email/sms-delivery';
import { captureLogger } from '@vet/email/testing/capture-logger';
import { startTestSmtpServer, type TestSmtpServer } from '@vet/email/testing/test-smtp-server';
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { manageLinks } from '../../appointments/index.ts';
import { manageLinkKey, manageLinkUrl } from '../../appointments/manage-links/manage-link-token.ts';
import { buildTestApp } from '../../testing/test-app.ts';
import { queueDueReminders, reminderJobPriority } from './queue-reminders.ts';
import { reminderRulesSettingKey } from './reminder-rules.ts';
import { reminderTasks } from './reminder-tasks.ts';
import { startTwilioStandIn, type TwilioStandIn } from './testing/twilio-stand-in.ts';

/**
 * Appointment reminders (R2.40, decision 0085) on real PostgreSQL, a real SMTP server on
 * loopback and a loopback stand-in for Twilio's Messages API. Clocks are held: appointments are in 2030,
 * and the queue and the workers read the test's `now`.
 */
const database = useOwnDatabase('reminders_test');
const db = () => database.current.db;
const { logger, lines } = captureLogger();
const portalUrl = 'https://portal.example.test';
const linkSecret = 'reminders-test-secret-of-at-least-32-characters';
const reminderLinks = manageLinks(portalUrl, linkSecret);
/** The link of an appointment at a generation: a reminder sends generation 1 of a new appointment's. */
const linkAt = (appointmentId: number, generation = 1) =>
  manageLinkUrl(portalUrl, manageLinkKey(linkSecret), appointmentId, generation);
const bookingLink = (petId: number) => `${portalUrl}/appointments/book?petId=${petId}`;

type Channel = 'email' | 'sms';

async function scene(options: {
  startsAt: Date;
  channels?: Channel[];
  mobilePhone?: string | null;
  practiceRules?: string;
}) {
  const practice = await createPractice(
    db(),
    {},
    options.practiceRules === undefined ? {} : { [reminderRulesSettingKey]: options.practiceRules },
  );
  const clinician = await createClinician(db(), { practiceId: practice.id });
  const reason = await createReason(db());
  const client = await createClient(db(), {
    homePracticeId: practice.id,
    firstName: 'Olivia',
    mobilePhone: options.mobilePhone === undefined ? '07400 123456' : options.mobilePhone,
  });
  const pet = await createPet(db(), { clientId: client.id, name: 'Biscuit' });
  for (const channel of ['email', 'sms', 'phone'] as const) {
    await db()
      .insert(contactPreferences)
      .values({
        clientId: client.id,
        purpose: 'reminders',
        channel,
        optedIn: (options.channels ?? ['email', 'sms']).includes(channel as Channel),
      });
  }
  const appointment = await createAppointment(db(), {
    practiceId: practice.id,
    clinicianId: clinician.id,
    clientId: client.id,
    petId: pet.id,
    reasonId: reason.id,
    startsAt: options.startsAt,
    endsAt: new Date(options.startsAt.getTime() + 15 * 60_000),
  });
  return { practice, client, appointment };
}

async function remindersOf(appointmentId: number) {
  const { rows } = await database.current.pool.query<{
    kind: string;
    channel: string;
    status: string;
    skip_reason: string | null;
    email_outbox_id: string | null;
    sms_outbox_id: string | null;
  }>(
    `select kind, channel, status, skip_reason, email_outbox_id, sms_outbox_id from appointment_reminders
     where appointment_id = $1 order by kind, channel`,
    [appointmentId],
  );
  return rows;
}

/** The practice events saying a reminder of the appointment went out: channel, rule and when. */
async function reminderEventsOf(appointmentId: number) {
  const { rows } = await database.current.pool.query<{ data: Record<string, unknown> }>(
    `select data from practice_events where type = 'appointment.reminder_sent' and record_id = $1
     order by data->>'channel'`,
    [appointmentId],
  );
  return rows.map((row) => row.data);
}

const reminderJobs = async (appointmentId: number) => {
  const { rows } = await database.current.pool.query<{ count: number }>(
    `select count(*)::int as count from graphile_worker._private_jobs j
     join appointment_reminders r on j.payload::jsonb @> jsonb_build_array(jsonb_build_object('reminderId', r.id))
     where r.appointment_id = $1`,
    [appointmentId],
  );
  return rows[0]?.count ?? 0;
};

// Thursday 17 January 2030, 10:00 GMT; its default reminders: 10:00 on the 15th, 08:00 on the 17th.
const winterAppointment = new Date('2030-01-17T10:00:00Z');

describe('queueing appointment reminders', () => {
  it('queues the default reminders when their times come, on the channels the client chose', async () => {
    const { appointment } = await scene({ startsAt: winterAppointment });
    expect(await queueDueReminders(db(), new Date('2030-01-15T09:59:00Z'))).toBe(0);
    await queueDueReminders(db(), new Date('2030-01-15T10:00:00Z'));
    expect(await remindersOf(appointment.id)).toEqual([
      expect.objectContaining({ kind: 'd2', channel: 'email', status: 'queued' }),
      expect.objectContaining({ kind: 'd2', channel: 'sms', status: 'queued' }),
    ]);
    await queueDueReminders(db(), new Date('2030-01-17T08:00:00Z'));
    expect((await remindersOf(appointment.id)).map((row) => `${row.kind} ${row.channel}`)).toEqual([
      'd0@08:00 email',
      'd0@08:00 sms',
      'd2 email',
      'd2 sms',
    ]);
    expect(await reminderJobs(appointment.id)).toBe(4);
  });

  it("follows a practice's own times, in BST", async () => {
    // 10:00 BST on 18 July 2030; the practice reminds the evening before at 18:00 only.
    const { appointment } = await scene({
      startsAt: new Date('2030-07-18T09:00:00Z'),
      practiceRules: '[{"daysBefore":1,"at":"18:00"}]',
      channels: ['email'],
    });
    await queueDueReminders(db(), new Date('2030-07-16T09:00:00Z'));
    expect(await remindersOf(appointment.id)).toEqual([]);
    await queueDueReminders(db(), new Date('2030-07-17T16:59:00Z'));
    expect(await remindersOf(appointment.id)).toEqual([]);
    await queueDueReminders(db(), new Date('2030-07-17T17:00:00Z'));
    expect(await remindersOf(appointment.id)).toEqual([
      expect.objectContaining({ kind: 'd1@18:00', channel: 'email' }),
    ]);
  });

  it('queues nothing in quiet hours, nothing for a client who chose neither, a cancelled or a past appointment, or a pet that has died', async () => {
    const quiet = await scene({ startsAt: new Date('2030-01-17T21:30:00Z') });
    // Two days before is 21:30, quiet: nothing at 21:30, the reminder goes at 08:00 the next morning.
    expect(await queueDueReminders(db(), new Date('2030-01-15T21:31:00Z'))).toBe(0);
    await queueDueReminders(db(), new Date('2030-01-16T08:00:00Z'));
    expect((await remindersOf(quiet.appointment.id)).map((row) => row.kind)).toEqual(['d2', 'd2']);

    const none = await scene({ startsAt: winterAppointment, channels: [] });
    const cancelled = await scene({ startsAt: winterAppointment });
    await db()
      .update(appointments)
      .set({ status: 'Cancelled' })
      .where(eq(appointments.id, cancelled.appointment.id));
    const past = await scene({ startsAt: new Date('2030-01-15T09:00:00Z') });
    // Decision 0099: a pet that has died (as the practice's system may say, its appointment kept).
    const departed = await scene({ startsAt: winterAppointment });
    await db().update(pets).set({ status: 'Deceased' }).where(eq(pets.id, departed.appointment.petId));
    await queueDueReminders(db(), new Date('2030-01-15T10:00:00Z'));
    expect(await remindersOf(departed.appointment.id)).toEqual([]);
    expect(await remindersOf(none.appointment.id)).toEqual([]);
    expect(await remindersOf(cancelled.appointment.id)).toEqual([]);
    expect(await remindersOf(past.appointment.id)).toEqual([]);
  });

  it('queues each reminder once when several instances queue at the same moment', async () => {
    const { appointment } = await scene({ startsAt: winterAppointment });
    const now = new Date('2030-01-15T10:05:00Z');
    const queued = await Promise.all(Array.from({ length: 6 }, () => queueDueReminders(db(), now)));
    const rows = await remindersOf(appointment.id);
    expect(rows.map((row) => `${row.kind} ${row.channel}`)).toEqual(['d2 email', 'd2 sms']);
    expect(await reminderJobs(appointment.id)).toBe(2);
    // Other tests' appointments may be queued by the same runs: at least ours, and ours only once.
    expect(queued.reduce((sum, count) => sum + count, 0)).toBeGreaterThanOrEqual(2);
  });
  it("analyses the job table after a morning's burst, so the queue's plans see its size", async () => {
    await scene({ startsAt: winterAppointment });
    // The count of manual analyses (autovacuum's are counted apart): the analyse itself, whatever
    // ANALYZE's sampling estimates of the table's size.
    const analyses = async () =>
      (
        await database.current.pool.query<{ count: number }>(
          `select analyze_count::int as count from pg_stat_all_tables
           where relid = 'graphile_worker._private_jobs'::regclass`,
        )
      ).rows[0]!.count;
    const before = await analyses();
    await queueDueReminders(db(), new Date('2030-01-15T10:00:00Z'), undefined, { analyseAfter: 2 });
    expect(await analyses()).toBe(before + 1);
  });

  it('queues reminders behind e-mails and texts, even those written after them', async () => {
    const { appointment, client } = await scene({ startsAt: winterAppointment });
    await queueDueReminders(db(), new Date('2030-01-15T10:00:00Z'));
    // A confirmation written after a morning's reminders were queued: it must not wait for all of them.
    const emailId = await enqueueEmail(db(), {
      to: client.email!,
      subject: 'Your appointment is booked',
      text: 'Booked.',
      html: '<p>Booked.</p>',
    });
    const { rows } = await database.current.pool.query<{ key: string }>(
      // The order the queue takes jobs in (graphile-worker's get_job: priority, then run time).
      `select j.key from graphile_worker._private_jobs j
       where j.key = $2 or exists (
         select 1 from appointment_reminders r
         where r.appointment_id = $1
           and j.payload::jsonb @> jsonb_build_array(jsonb_build_object('reminderId', r.id)))
       order by j.priority, j.run_at`,
      [appointment.id, `email-outbox-${emailId}`],
    );
    // The e-mail's job, then the one batch job that carries both of the appointment's reminders.
    expect(rows).toHaveLength(2);
    expect(rows[0]?.key).toBe(`email-outbox-${emailId}`);
  });
});

describe('sending appointment reminders', () => {
  const workers: EmailWorker[] = [];
  let smtp: TestSmtpServer | undefined;
  let twilio: TwilioStandIn | undefined;
  let clock = new Date('2030-01-15T10:00:00Z');
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((worker) => worker.stop()));
    await smtp?.close();
    await twilio?.close();
    smtp = undefined;
    twilio = undefined;
  });

  /** Two API instances' workers, with the held clock, SMTP on loopback and the Twilio stand-in. */
  async function startWorkers() {
    smtp = await startTestSmtpServer();
    twilio = await startTwilioStandIn();
    for (let index = 0; index < 2; index += 1) {
      workers.push(
        await startEmailWorker({
          databaseUrl: database.current.url,
          delivery: smtpDelivery({
            smtpUrl: smtp.url,
            from: '"Harbour Vets" <no-reply@harbourvets.example>',
          }),
          sms: twilioSmsDelivery({
            accountSid: twilio.accountSid,
            authToken: twilio.authToken,
            from: '+447700900000',
            baseUrl: twilio.url,
          }),
          logger,
          pollInterval: 100,
          now: () => clock,
          tasks: reminderTasks({
            brandName: 'Harbour Vets',
            portalUrl,
            manageLinks: reminderLinks,
            bookingLink,
            smsEnabled: true,
            logger,
            now: () => clock,
          }),
        }),
      );
    }
  }

  const settled = (appointmentId: number) =>
    expect.poll(async () => (await remindersOf(appointmentId)).every((row) => row.status !== 'queued'), {
      timeout: 15_000,
    });

  it('e-mails and texts each reminder once, with the manage link, from two workers', async () => {
    clock = new Date('2030-01-15T10:00:00Z');
    const { appointment, client } = await scene({ startsAt: winterAppointment });
    await startWorkers();
    await queueDueReminders(db(), clock);
    await settled(appointment.id).toBe(true);
    const link = linkAt(appointment.id);
    // Reminders the queueing tests left in the queue go out too: ours are those with our link.
    const ours = () => twilio?.received.filter((sms) => sms.body.includes(link)) ?? [];
    await expect.poll(() => ours().length, { timeout: 15_000 }).toBe(1);
    expect(ours()[0]).toMatchObject({ to: '+447400123456', from: '+447700900000' });
    expect(ours()[0]?.body).toContain('Thursday 17 January 2030 at 10:00 GMT');
    await expect
      .poll(() => smtp?.received.filter((email) => email.to.includes(client.email!)).length, {
        timeout: 15_000,
      })
      .toBe(1);
    const email = smtp!.received.find((candidate) => candidate.to.includes(client.email!))!;
    expect(email.raw).toContain('Reminder of your appointment');
    expect(email.raw.replace(/=\r?\n/g, '')).toContain(link.split('#')[1]!.slice(0, 20));
    // Decision 0143: the layout's closing lines link the complaints page.
    expect(email.raw.replace(/=\r?\n/g, '')).toContain(`${portalUrl}/complaints`);
    // The practice is told once per channel, as it was sent.
    const told = {
      appointment_id: appointment.id,
      appointment_ref: appointment.pmsRef,
      client_id: client.id,
      client_ref: client.pmsRef,
      pet_id: appointment.petId,
      pet_ref: null,
      starts_at: winterAppointment.toISOString(),
      reminder: 'd2',
      sent_at: clock.toISOString(),
    };
    expect(await reminderEventsOf(appointment.id)).toEqual([
      { ...told, channel: 'email' },
      { ...told, channel: 'sms' },
    ]);
    // Queued again by another instance: nothing more is sent.
    await queueDueReminders(db(), clock);
    expect(await reminderJobs(appointment.id)).toBe(0);
    expect(ours()).toHaveLength(1);
    expect(await reminderEventsOf(appointment.id)).toHaveLength(2);
    // No personal data in the workers' log lines.
    expect(lines.join('\n')).not.toContain('07400');
    expect(lines.join('\n')).not.toContain('7400123456');
    expect(lines.join('\n')).not.toContain(client.email!);
  });

  it('names the vet the client chose, and no clinician for any other (decision 0141)', async () => {
    clock = new Date('2030-01-15T10:00:00Z');
    const named = await scene({ startsAt: winterAppointment, channels: ['email'] });
    const vet = named.appointment.clinicianId;
    await db()
      .update(clinicians)
      .set({ firstName: 'Kirsty', lastName: 'Doyle' })
      .where(eq(clinicians.id, vet));
    await db()
      .update(appointments)
      .set({ chosenClinicianId: vet })
      .where(eq(appointments.id, named.appointment.id));
    const any = await scene({ startsAt: winterAppointment, channels: ['email'] });
    await startWorkers();
    await queueDueReminders(db(), clock);
    await settled(named.appointment.id).toBe(true);
    await settled(any.appointment.id).toBe(true);
    const textOf = async (appointmentId: number) => {
      const { rows } = await database.current.pool.query<{ text: string }>(
        `select o.text_body as text from appointment_reminders r join email_outbox o on o.id = r.email_outbox_id
         where r.appointment_id = $1`,
        [appointmentId],
      );
      return rows[0]?.text ?? '';
    };
    expect(await textOf(named.appointment.id)).toMatch(
      /A reminder of Biscuit's appointment: .+ with Kirsty Doyle at .+\./,
    );
    const other = await textOf(any.appointment.id);
    expect(other).toContain("A reminder of Biscuit's appointment: ");
    expect(other).not.toMatch(/ with /);
  });

  it('ends the earlier links of the appointment, its e-mail and its text sharing one new link (decision 0095)', async () => {
    clock = new Date('2030-01-15T10:00:00Z');
    const { appointment, client } = await scene({ startsAt: winterAppointment });
    // The link the booking's confirmation carried.
    const confirmation = linkAt(appointment.id, 0).split('#')[1]!;
    const app = await buildTestApp(database.current, { env: { VERIFICATION_CODE_PEPPER: linkSecret } });
    try {
      const opens = async (token: string) =>
        (await app.inject({ method: 'POST', url: '/manage-link/appointment', payload: { token } }))
          .statusCode;
      expect(await opens(confirmation)).toBe(200);
      await startWorkers();
      await queueDueReminders(db(), clock);
      await settled(appointment.id).toBe(true);
      const tokenIn = (text: string) =>
        new RegExp(`/manage#(${appointment.id}\\.[\\w-]{43})`).exec(text)?.[1];
      await expect
        .poll(() => twilio?.received.find((sms) => tokenIn(sms.body)), { timeout: 15_000 })
        .toBeTruthy();
      await expect
        .poll(() => smtp?.received.find((email) => email.to.includes(client.email!)), { timeout: 15_000 })
        .toBeTruthy();
      const texted = tokenIn(twilio!.received.find((sms) => tokenIn(sms.body))!.body);
      const emailed = tokenIn(
        smtp!.received.find((email) => email.to.includes(client.email!))!.raw.replace(/=\r?\n/g, ''),
      );
      expect(emailed).toBe(texted);
      expect(texted).not.toBe(confirmation);
      expect(await opens(texted!)).toBe(200);
      expect(await opens(confirmation)).toBe(404);
    } finally {
      await app.close();
    }
  });

  it("sends a batch's reminders to their own clients, and retries alone one that another worker holds", async () => {
    clock = new Date('2030-01-15T10:00:00Z');
    const scenes = [
      await scene({ startsAt: winterAppointment }),
      await scene({ startsAt: winterAppointment }),
      await scene({ startsAt: winterAppointment }),
    ];
    await queueDueReminders(db(), clock);
    const [held] = (
      await database.current.pool.query<{ id: string }>(
        `select id from appointment_reminders where appointment_id = $1 and channel = 'email'`,
        [scenes[1]!.appointment.id],
      )
    ).rows;
    // Another worker's transaction holds the second client's e-mail reminder.
    const other = await database.current.pool.connect();
    try {
      await other.query('begin');
      await other.query('select id from appointment_reminders where id = $1 for update', [held!.id]);
      await startWorkers();
      await expect
        .poll(async () => (await remindersOf(scenes[0]!.appointment.id)).map((row) => row.status), {
          timeout: 15_000,
        })
        .toEqual(['sent', 'sent']);
      // The batch's job is back in the queue with the held reminder alone.
      await expect
        .poll(
          async () =>
            (
              await database.current.pool.query<{ payload: unknown }>(
                `select j.payload from graphile_worker._private_jobs j
                 where j.payload::jsonb @> jsonb_build_array(jsonb_build_object('reminderId', $1::bigint))`,
                [held!.id],
              )
            ).rows.map((row) => row.payload),
          { timeout: 15_000 },
        )
        .toEqual([[{ reminderId: Number(held!.id) }]]);
    } finally {
      await other.query('rollback');
      other.release();
    }
    for (const { appointment } of scenes) await settled(appointment.id).toBe(true);
    for (const { appointment, client } of scenes) {
      const link = linkAt(appointment.id);
      await expect
        .poll(() => smtp?.received.filter((email) => email.to.includes(client.email!)).length, {
          timeout: 15_000,
        })
        .toBe(1);
      const email = smtp!.received.find((candidate) => candidate.to.includes(client.email!))!;
      expect(email.raw.replace(/=\r?\n/g, '')).toContain(link.split('#')[1]!.slice(0, 20));
    }
    // Each text carries its own appointment's link: three texts, three links.
    const links = scenes.map(({ appointment }) => linkAt(appointment.id));
    await expect
      .poll(() => twilio?.received.filter((sms) => links.some((link) => sms.body.includes(link))).length)
      .toBe(3);
    const linked = (twilio?.received ?? []).flatMap((sms) => links.filter((link) => sms.body.includes(link)));
    expect(new Set(linked).size).toBe(3);
  });

  it('sends nothing for an appointment cancelled, moved, opted out of or whose pet left after it was queued', async () => {
    clock = new Date('2030-01-15T10:00:00Z');
    const cancelled = await scene({ startsAt: winterAppointment, channels: ['email'] });
    const moved = await scene({ startsAt: winterAppointment, channels: ['email'] });
    const optedOut = await scene({ startsAt: winterAppointment, channels: ['sms'] });
    const rehomed = await scene({ startsAt: winterAppointment, channels: ['email'] });
    await queueDueReminders(db(), clock);
    await db().update(pets).set({ status: 'Rehomed' }).where(eq(pets.id, rehomed.appointment.petId));
    await db()
      .update(appointments)
      .set({ status: 'Cancelled' })
      .where(eq(appointments.id, cancelled.appointment.id));
    await db()
      .update(appointments)
      .set({ startsAt: new Date('2030-01-24T10:00:00Z'), endsAt: new Date('2030-01-24T10:15:00Z') })
      .where(eq(appointments.id, moved.appointment.id));
    await db()
      .update(contactPreferences)
      .set({ optedIn: false })
      .where(and(eq(contactPreferences.clientId, optedOut.client.id), eq(contactPreferences.channel, 'sms')));
    await startWorkers();
    for (const { appointment } of [cancelled, moved, optedOut, rehomed]) {
      await settled(appointment.id).toBe(true);
    }
    expect(await remindersOf(rehomed.appointment.id)).toEqual([
      expect.objectContaining({ status: 'skipped', skip_reason: 'pet-not-active', email_outbox_id: null }),
    ]);
    expect(await remindersOf(cancelled.appointment.id)).toEqual([
      expect.objectContaining({ status: 'skipped', skip_reason: 'cancelled', email_outbox_id: null }),
    ]);
    expect(await remindersOf(moved.appointment.id)).toEqual([
      expect.objectContaining({ status: 'skipped', skip_reason: 'changed', email_outbox_id: null }),
    ]);
    expect(await remindersOf(optedOut.appointment.id)).toEqual([
      expect.objectContaining({ status: 'skipped', skip_reason: 'opted-out', sms_outbox_id: null }),
    ]);
    expect(twilio?.requests).toBe(0);
    for (const { appointment } of [cancelled, moved, optedOut])
      expect(await reminderEventsOf(appointment.id)).toEqual([]);
    // The moved appointment is reminded afresh for its new time, two days before it.
    clock = new Date('2030-01-22T10:00:00Z');
    await queueDueReminders(db(), clock);
    await settled(moved.appointment.id).toBe(true);
    expect((await remindersOf(moved.appointment.id)).map((row) => row.status).sort()).toEqual([
      'sent',
      'skipped',
    ]);
  });

  it('skips and records a number that cannot be made E.164, and never retries it', async () => {
    clock = new Date('2030-01-15T10:00:00Z');
    const { appointment } = await scene({
      startsAt: winterAppointment,
      channels: ['sms'],
      mobilePhone: '12345',
    });
    await startWorkers();
    await queueDueReminders(db(), clock);
    await settled(appointment.id).toBe(true);
    expect(await remindersOf(appointment.id)).toEqual([
      expect.objectContaining({ status: 'skipped', skip_reason: 'bad-number', sms_outbox_id: null }),
    ]);
    expect(await reminderJobs(appointment.id)).toBe(0);
    expect(twilio?.requests).toBe(0);
  });

  it('texts once the SMS provider, down at first, is back', async () => {
    clock = new Date('2030-01-15T10:00:00Z');
    const { appointment } = await scene({ startsAt: winterAppointment, channels: ['sms'] });
    await startWorkers();
    twilio!.failNext(2, 503);
    await queueDueReminders(db(), clock);
    await settled(appointment.id).toBe(true);
    const [reminder] = await remindersOf(appointment.id);
    const smsId = Number(reminder?.sms_outbox_id);
    const smsRow = async () =>
      (
        await database.current.pool.query<{
          status: string;
          attempts: number;
          provider_message_id: string | null;
        }>('select status, attempts, provider_message_id from sms_outbox where id = $1', [smsId])
      ).rows[0];
    // The queue's back-off: e^1 ≈ 2.7 s, then e^2 ≈ 7.4 s.
    await expect.poll(async () => (await smsRow())?.status, { timeout: 25_000, interval: 200 }).toBe('sent');
    const sent = await smsRow();
    expect(sent?.attempts).toBe(3);
    expect(sent?.provider_message_id).toMatch(/^SM/);
    expect(twilio?.received).toHaveLength(1);
    expect(twilio?.requests).toBe(3);
  }, 40_000);

  it('marks a message the provider refuses for good failed, without retrying', async () => {
    clock = new Date('2030-01-15T10:00:00Z');
    const { appointment } = await scene({ startsAt: winterAppointment, channels: ['sms'] });
    await startWorkers();
    twilio!.failNext(1, 400, 21610);
    await queueDueReminders(db(), clock);
    await settled(appointment.id).toBe(true);
    const smsId = Number((await remindersOf(appointment.id))[0]?.sms_outbox_id);
    await expect
      .poll(
        async () =>
          (
            await database.current.pool.query<{ status: string; last_error: string | null }>(
              'select status, last_error from sms_outbox where id = $1',
              [smsId],
            )
          ).rows[0],
        { timeout: 10_000 },
      )
      .toEqual({ status: 'failed', last_error: 'not sent: refused (HTTP 400 twilio 21610)' });
    expect(twilio?.requests).toBe(1);
  });

  it('holds a reminder that comes due in quiet hours until 08:00', async () => {
    clock = new Date('2030-01-15T10:00:00Z');
    const { appointment } = await scene({ startsAt: winterAppointment, channels: ['email'] });
    await queueDueReminders(db(), clock);
    // The workers start at 20:30: the job waits until 08:00 on the 16th.
    clock = new Date('2030-01-15T20:30:00Z');
    await startWorkers();
    await expect
      .poll(
        async () =>
          (
            await database.current.pool.query<{ run_at: Date; priority: number }>(
              `select j.run_at, j.priority from graphile_worker._private_jobs j
               join appointment_reminders r
                 on j.payload::jsonb @> jsonb_build_array(jsonb_build_object('reminderId', r.id))
               where r.appointment_id = $1`,
              [appointment.id],
            )
          ).rows.map((row) => ({ runAt: row.run_at.toISOString(), priority: row.priority }))[0],
        { timeout: 10_000 },
      )
      // Still behind the e-mails and texts at 08:00.
      .toEqual({ runAt: '2030-01-16T08:00:00.000Z', priority: reminderJobPriority });
    expect((await remindersOf(appointment.id))[0]?.status).toBe('queued');
  });
});
