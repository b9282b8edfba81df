import { appointments } from '@vet/db/schema/appointments';
import { contactPreferences, pets } from '@vet/db/schema/clients';
import { vaccinations } from '@vet/db/schema/vaccinations';
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
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { JobHelpers } from 'graphile-worker';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reminderTasks } from './reminder-tasks.ts';
import { startTwilioStandIn, type TwilioStandIn } from './testing/twilio-stand-in.ts';
import { createSendVaccinationReminderTask, queueVaccinationReminders } from './vaccination-reminders.ts';

/**
 * Vaccination reminders (R2.40, decision 0085): four weeks before a due date and on it, unless
 * the pet has a vaccination booked or is no longer active; the message links to booking with the pet
 * chosen. Held clocks in 2030; real PostgreSQL, SMTP on loopback, the Twilio stand-in.
 */
const database = useOwnDatabase('vaccination_reminders_test');
const db = () => database.current.db;
const { logger } = captureLogger();
const portalUrl = 'https://portal.example.test';
const bookingLink = (petId: number) => `${portalUrl}/appointments/book?petId=${petId}`;
const both = ['email', 'sms'] as const;

// Due on Tuesday 12 February 2030: four weeks before is Tuesday 15 January.
const dueOn = '2030-02-12';
const fourWeeksBefore = new Date('2030-01-15T10:00:00Z');

async function petScene(options: { channels?: ('email' | 'sms')[]; vaccine?: string } = {}) {
  const practice = await createPractice(db());
  const client = await createClient(db(), {
    homePracticeId: practice.id,
    firstName: 'Olivia',
    mobilePhone: '07400 123456',
  });
  const pet = await createPet(db(), { clientId: client.id, name: 'Biscuit' });
  for (const channel of both) {
    await db()
      .insert(contactPreferences)
      .values({
        clientId: client.id,
        purpose: 'reminders',
        channel,
        optedIn: (options.channels ?? ['email', 'sms']).includes(channel),
      });
  }
  const vaccine = options.vaccine ?? `Rabies ${randomUUID().slice(0, 6)}`;
  await db()
    .insert(vaccinations)
    .values({ pmsRef: `vac-${randomUUID()}`, petId: pet.id, vaccine, givenOn: '2029-02-12', dueOn });
  return { practice, client, pet, vaccine };
}

async function book(scene: Awaited<ReturnType<typeof petScene>>, reasonName: string) {
  const clinician = await createClinician(db(), { practiceId: scene.practice.id });
  const reason = await createReason(db(), { name: `${reasonName} ${randomUUID().slice(0, 6)}` });
  return createAppointment(db(), {
    practiceId: scene.practice.id,
    clinicianId: clinician.id,
    clientId: scene.client.id,
    petId: scene.pet.id,
    reasonId: reason.id,
    startsAt: new Date('2030-02-05T10:00:00Z'),
    endsAt: new Date('2030-02-05T10:15:00Z'),
  });
}

async function remindersOf(petId: number) {
  const { rows } = await database.current.pool.query<{
    kind: string;
    channel: string;
    status: string;
    skip_reason: string | null;
  }>(
    `select kind, channel, status, skip_reason from vaccination_reminders where pet_id = $1
     order by kind desc, channel`,
    [petId],
  );
  return rows;
}

describe('queueing vaccination reminders', () => {
  it('queues four weeks before the due date and on it, on the channels the client chose', async () => {
    const { pet } = await petScene({ channels: ['email'] });
    await queueVaccinationReminders(db(), new Date('2030-01-14T10:00:00Z'), both);
    expect(await remindersOf(pet.id)).toEqual([]);
    await queueVaccinationReminders(db(), fourWeeksBefore, both);
    expect(await remindersOf(pet.id)).toEqual([expect.objectContaining({ kind: 'd28', channel: 'email' })]);
    await queueVaccinationReminders(db(), new Date('2030-02-12T08:00:00Z'), both);
    expect((await remindersOf(pet.id)).map((row) => row.kind)).toEqual(['d28', 'd0']);
  });

  it('queues none in quiet hours, for a pet no longer active, a later dose, or a vaccination booked', async () => {
    const quiet = await petScene();
    expect(await queueVaccinationReminders(db(), new Date('2030-01-15T20:30:00Z'), both)).toBe(0);
    expect(await remindersOf(quiet.pet.id)).toEqual([]);

    const deceased = await petScene();
    await db().update(pets).set({ status: 'Deceased' }).where(eq(pets.id, deceased.pet.id));
    const boosted = await petScene();
    await db()
      .insert(vaccinations)
      .values({
        pmsRef: `vac-${randomUUID()}`,
        petId: boosted.pet.id,
        vaccine: boosted.vaccine,
        givenOn: '2030-01-10',
        dueOn: '2031-01-10',
      });
    const booked = await petScene();
    await book(booked, 'Vaccination');
    const otherBooking = await petScene();
    await book(otherBooking, 'Nail clip');

    await queueVaccinationReminders(db(), fourWeeksBefore, both);
    expect(await remindersOf(deceased.pet.id)).toEqual([]);
    expect(await remindersOf(boosted.pet.id)).toEqual([]);
    expect(await remindersOf(booked.pet.id)).toEqual([]);
    expect((await remindersOf(otherBooking.pet.id)).map((row) => row.channel)).toEqual(['email', 'sms']);
  });

  it('queues each once when several instances queue at the same moment', async () => {
    const { pet } = await petScene();
    await Promise.all(
      Array.from({ length: 6 }, () => queueVaccinationReminders(db(), fourWeeksBefore, both)),
    );
    expect((await remindersOf(pet.id)).map((row) => `${row.kind} ${row.channel}`)).toEqual([
      'd28 email',
      'd28 sms',
    ]);
  });
  it('queues them behind e-mails and texts, even those written after them (decision 0087)', async () => {
    const { pet, client } = await petScene();
    await queueVaccinationReminders(db(), fourWeeksBefore, both);
    const emailId = await enqueueEmail(db(), {
      to: client.email!,
      subject: 'Your appointment is booked',
      text: 'Booked.',
      html: '<p>Booked.</p>',
    });
    const { rows } = await database.current.pool.query<{ key: string }>(
      // The order the queue takes jobs in (graphile-worker's get_job: priority, then run time).
      `select j.key from graphile_worker.jobs j
       where j.key = $2 or j.key in (select 'vaccination-reminder-' || r.id from vaccination_reminders r
                                     where r.pet_id = $1)
       order by j.priority, j.run_at`,
      [pet.id, `email-outbox-${emailId}`],
    );
    expect(rows.map((row) => row.key)).toEqual([
      `email-outbox-${emailId}`,
      expect.stringMatching(/^vaccination-reminder-\d+$/),
      expect.stringMatching(/^vaccination-reminder-\d+$/),
    ]);
  });
});

describe('sending vaccination reminders', () => {
  const workers: EmailWorker[] = [];
  let smtp: TestSmtpServer | undefined;
  let twilio: TwilioStandIn | undefined;
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((worker) => worker.stop()));
    await smtp?.close();
    await twilio?.close();
  });

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
          now: () => fourWeeksBefore,
          tasks: reminderTasks({
            brandName: 'Harbour Vets',
            portalUrl,
            manageLinks: { forReminders: () => Promise.resolve(new Map()) },
            bookingLink,
            smsEnabled: true,
            logger,
            now: () => fourWeeksBefore,
          }),
        }),
      );
    }
  }

  it('e-mails and texts the reminder once, linking to booking with the pet chosen', async () => {
    const { pet, client, vaccine } = await petScene();
    await startWorkers();
    await queueVaccinationReminders(db(), fourWeeksBefore, both);
    const link = bookingLink(pet.id);
    const ours = () => twilio?.received.filter((sms) => sms.body.includes(link)) ?? [];
    await expect.poll(() => ours().length, { timeout: 15_000 }).toBe(1);
    expect(ours()[0]?.body).toBe(
      `Harbour Vets: Biscuit's ${vaccine} vaccination is due on 12 February 2030. Book: ${link}`,
    );
    const emails = () => smtp?.received.filter((email) => email.to.includes(client.email!)) ?? [];
    await expect.poll(() => emails().length, { timeout: 15_000 }).toBe(1);
    // Quoted-printable: soft line breaks and '=' written =3D.
    const raw = emails()[0]
      ?.raw.replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=');
    expect(raw).toContain(`${link}`);
    expect(raw).toContain("Biscuit's vaccination is due");
    // Decision 0143: the layout's closing lines link the complaints page.
    expect(raw).toContain(`${portalUrl}/complaints`);
    expect((await remindersOf(pet.id)).map((row) => row.status)).toEqual(['sent', 'sent']);
  });

  it('sends nothing once a vaccination is booked after the reminder was queued', async () => {
    const scene = await petScene({ channels: ['email'] });
    await queueVaccinationReminders(db(), fourWeeksBefore, both);
    await book(scene, 'Vaccination');
    await startWorkers();
    await expect
      .poll(async () => (await remindersOf(scene.pet.id))[0]?.status, { timeout: 15_000 })
      .toBe('skipped');
    expect((await remindersOf(scene.pet.id))[0]?.skip_reason).toBe('changed');
    expect(smtp?.received.filter((email) => email.to.includes(scene.client.email!))).toEqual([]);
    // The appointment is kept: only the reminder is skipped.
    expect((await db().select().from(appointments).where(eq(appointments.petId, scene.pet.id))).length).toBe(
      1,
    );
  });
});

/** Issue 62 (decisions 0143, 0148): the reminder names the home practice's owner and the notice. */
describe('a vaccination reminder e-mail', () => {
  it('carries the written prescription notice at the practice’s fee, and its owner', async () => {
    const scene = await petScene({ channels: ['email'] });
    await database.current.pool.query(
      `update practices set owner_name = 'Harbour Vets Group Ltd', written_prescription_fee_pence = 1500,
         written_prescription_further_fee_pence = 500 where id = $1`,
      [scene.practice.id],
    );
    await queueVaccinationReminders(db(), fourWeeksBefore, both);
    const { rows } = await database.current.pool.query<{ id: string }>(
      'select id from vaccination_reminders where pet_id = $1',
      [scene.pet.id],
    );
    const send = createSendVaccinationReminderTask({
      db: db(),
      brandName: 'Harbour Vets',
      portalUrl,
      bookingLink,
      logger,
      now: () => fourWeeksBefore,
    });
    await send({ reminderId: Number(rows[0]!.id) }, { addJob: vi.fn() } as unknown as JobHelpers);
    const sent = await database.current.pool.query<{ text_body: string }>(
      'select text_body from email_outbox where to_address = $1',
      [scene.client.email],
    );
    const text = sent.rows[0]?.text_body;
    expect(text).toContain(
      'The practice’s fee for a written prescription is £15.00 for the first medicine and £5.00 for each further medicine',
    );
    expect(text).toContain(`${scene.practice.name} is owned by Harbour Vets Group Ltd.`);
    expect(text).toContain(`${portalUrl}/complaints`);
  });
});
