import { randomInt } from 'node:crypto';
import { appointmentDetailSchema, bookingMessages } from '@vet/contracts/appointment-booking';
import { apiErrorSchema } from '@vet/contracts/errors';
import { manageLinkAppointmentSchema, manageLinkMessages } from '@vet/contracts/manage-link';
import { appointments } from '@vet/db/schema/appointments';
import { practiceEvents } from '@vet/db/schema/practice-events';
import { emailOutbox } from '@vet/db/schema/system';
import { createAppointment, createCancellationReason } from '@vet/db/testing/factories';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { smtpDelivery } from '@vet/email/email-delivery';
import { lockOutboxEmail } from '@vet/email/outbox-repository';
import { mimeLeaves } from '@vet/email/testing/mime-parts';
import { startTestSmtpServer, type TestSmtpServer } from '@vet/email/testing/test-smtp-server';
import { and, count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEV_VERIFICATION_CODE_PEPPER } from '../../config/api-config.ts';
import { bookingHelpers, bookingScene, localDay, localInstant } from '../booking/testing/booking-fixtures.ts';
import { useSignedInTestApp } from '../../testing/signed-in-app.ts';
import { manageLinkKey, manageLinkToken } from './manage-link-token.ts';

const database = useTestDatabase({ max: 20 });
const { context, signedInClient } = useSignedInTestApp(database);
const { db } = database;
const { book } = bookingHelpers(context, db);
const key = manageLinkKey(DEV_VERIFICATION_CODE_PEPPER);

let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startTestSmtpServer();
});
afterAll(() => smtp.close());

/** The newest e-mail to the address, sent through real SMTP on loopback, as its recipient reads it. */
async function receivedLatestEmailTo(to: string) {
  const [row] = await db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(eq(emailOutbox.toAddress, to))
    .orderBy(desc(emailOutbox.id))
    .limit(1);
  const email = await db.transaction((tx) => lockOutboxEmail(tx, row!.id));
  const delivery = smtpDelivery({ smtpUrl: smtp.url, from: 'portal@example.com', timeoutMs: 5000 });
  await delivery.deliver(email!);
  delivery.close();
  const received = smtp.received.filter((message) => message.to.includes(to)).at(-1)!;
  const text = mimeLeaves(received.raw).find((leaf) => /^text\/plain/i.test(leaf.headers['content-type']!));
  return { subject: email!.subject, text: text!.body };
}

const manageLinkIn = (text: string) => {
  const match = /https?:\/\/\S+\/manage#(\S+)/.exec(text);
  return match ? { url: match[0], token: match[1]! } : null;
};

/** Each test from its own address, under the per-address limits; `from` to count one address's calls. */
let address = '';
beforeEach(() => {
  address = `10.${randomInt(1, 255)}.${randomInt(1, 255)}.${randomInt(1, 255)}`;
});
const post = (path: string, payload: object, from = address) =>
  context.app.inject({ method: 'POST', url: `/manage-link/${path}`, payload, remoteAddress: from });

/** What a press may change: the appointment's row, and the e-mails waiting to go. */
async function stateOf(appointmentId: number) {
  const [row] = await db.select().from(appointments).where(eq(appointments.id, appointmentId));
  const [emails] = await db.select({ n: count() }).from(emailOutbox);
  return { row, emails: emails!.n };
}

/** The practice events telling that the client will come to this appointment. */
const attendanceEvents = async (appointmentId: number) =>
  (
    await db
      .select({ data: practiceEvents.data })
      .from(practiceEvents)
      .where(
        and(
          eq(practiceEvents.type, 'appointment.attendance_confirmed'),
          eq(practiceEvents.recordId, appointmentId),
        ),
      )
  ).map((row) => row.data);

async function bookedWithLink(day = 3, time = '10:00') {
  const scene = await bookingScene(db, signedInClient);
  const response = await book(scene, localInstant(localDay(day), time));
  expect(response.statusCode).toBe(201);
  const booked = appointmentDetailSchema.parse(response.json());
  const email = await receivedLatestEmailTo(scene.client.email!);
  const link = manageLinkIn(email.text);
  return { scene, booked, email, link: link! };
}

const notValidBody = async () =>
  apiErrorSchema.parse((await post('appointment', { token: manageLinkToken(key, 2_000_000_000, 0) })).json());

describe('an appointment’s manage link', () => {
  it('comes in the booking confirmation, delivered over SMTP, and opening it changes nothing', async () => {
    const { scene, booked, email, link } = await bookedWithLink();
    const scenePractice = scene.practice;
    expect(email.subject).toBe('Your appointment is booked');
    expect(link.url).toMatch(/^http:\/\/localhost:3000\/manage#\d+\.[\w-]+$/);
    const before = await stateOf(booked.appointmentId);

    for (let i = 0; i < 3; i += 1) {
      const opened = await post('appointment', { token: link.token });
      expect(opened.statusCode).toBe(200);
      expect(manageLinkAppointmentSchema.parse(opened.json())).toEqual({
        appointmentId: booked.appointmentId,
        petName: booked.petName,
        reasonName: booked.reasonName,
        clinicianType: booked.clinicianType,
        clinicianName: null,
        practiceName: booked.practiceName,
        practiceAddress: [
          scenePractice.addressLine1,
          scenePractice.addressLine2,
          scenePractice.town,
          scenePractice.postcode,
        ]
          .filter(Boolean)
          .join(', '),
        practicePhone: scenePractice.phone,
        startsAt: booked.startsAt,
        endsAt: booked.endsAt,
        status: 'Booked',
        attendanceConfirmed: false,
        changeableUntil: booked.changeableUntil,
        // The quote kept on it (issue 62): none published in this scene.
        price: booked.price,
        petStatus: 'Active',
        // No fee of its own: the cap in force today (decision 0148).
        writtenPrescriptionFees: { firstPence: 2100, furtherPence: 1250 },
      });
    }
    expect(await stateOf(booked.appointmentId)).toEqual(before);
  });

  it('has no GET: a link opened by a scanner cannot act', async () => {
    const { link } = await bookedWithLink();
    for (const path of ['appointment', 'attendance', 'cancellation']) {
      const response = await context.app.inject({
        method: 'GET',
        url: `/manage-link/${path}?token=${encodeURIComponent(link.token)}`,
        remoteAddress: address,
      });
      expect(response.statusCode).toBe(404);
    }
  });

  it('"I’ll be there" is recorded once, sends the client nothing and tells the practice once', async () => {
    const { booked, link } = await bookedWithLink();
    const before = await stateOf(booked.appointmentId);
    const pressed = await post('attendance', { token: link.token });
    expect(pressed.statusCode).toBe(200);
    expect(manageLinkAppointmentSchema.parse(pressed.json())).toMatchObject({
      status: 'Booked',
      attendanceConfirmed: true,
    });
    const after = await stateOf(booked.appointmentId);
    expect(after.emails).toBe(before.emails);
    expect(after.row!.attendanceConfirmedAt).toBeInstanceOf(Date);
    expect({ ...after.row, attendanceConfirmedAt: null }).toEqual(before.row);

    expect(await attendanceEvents(booked.appointmentId)).toEqual([
      {
        appointment_id: booked.appointmentId,
        appointment_ref: null,
        client_id: after.row!.clientId,
        client_ref: null,
        pet_id: after.row!.petId,
        pet_ref: null,
        starts_at: after.row!.startsAt.toISOString(),
        confirmed_at: after.row!.attendanceConfirmedAt!.toISOString(),
      },
    ]);

    expect((await post('attendance', { token: link.token })).statusCode).toBe(200);
    expect((await stateOf(booked.appointmentId)).row!.attendanceConfirmedAt).toEqual(
      after.row!.attendanceConfirmedAt,
    );
    expect(await attendanceEvents(booked.appointmentId)).toHaveLength(1);
    expect(manageLinkAppointmentSchema.parse((await post('appointment', link)).json())).toMatchObject({
      attendanceConfirmed: true,
    });
  });

  it('tells the practice once when two presses come at the same moment', async () => {
    const { booked, link } = await bookedWithLink(4);
    const presses = await Promise.all([1, 2, 3].map(() => post('attendance', { token: link.token })));
    expect(presses.map((press) => press.statusCode)).toEqual([200, 200, 200]);
    expect(await attendanceEvents(booked.appointmentId)).toHaveLength(1);
  });

  it('cancels with a reason, as the portal does; the used link then answers the plain refusal', async () => {
    const { scene, booked, link } = await bookedWithLink();
    const reason = await createCancellationReason(db);
    const unknownReason = await post('cancellation', { token: link.token, reasonId: 2_000_000_000 });
    expect(unknownReason.statusCode).toBe(400);
    expect((await stateOf(booked.appointmentId)).row!.status).toBe('Booked');

    const cancelled = await post('cancellation', { token: link.token, reasonId: reason.id });
    expect(cancelled.statusCode).toBe(200);
    expect(manageLinkAppointmentSchema.parse(cancelled.json())).toMatchObject({ status: 'Cancelled' });
    const { row } = await stateOf(booked.appointmentId);
    expect(row).toMatchObject({ status: 'Cancelled', cancellationReasonId: reason.id });
    const email = await receivedLatestEmailTo(scene.client.email!);
    expect(email.subject).toBe('Your appointment is cancelled');
    expect(manageLinkIn(email.text)).toBeNull();

    const before = await stateOf(booked.appointmentId);
    const expected = await notValidBody();
    expect(expected.message).toBe(manageLinkMessages.notValid);
    for (const [path, payload] of [
      ['cancellation', { token: link.token, reasonId: reason.id }],
      ['attendance', { token: link.token }],
      ['appointment', { token: link.token }],
    ] as const) {
      const replayed = await post(path, payload);
      expect(replayed.statusCode).toBe(404);
      expect(replayed.json()).toEqual(expected);
    }
    expect(await stateOf(booked.appointmentId)).toEqual(before);
  });

  it('answers a tampered token exactly like a missing one, and changes nothing', async () => {
    const { booked, link } = await bookedWithLink();
    const reason = await createCancellationReason(db);
    const [id, mac] = link.token.split('.') as [string, string];
    const flipped = `${mac.slice(0, 5)}${mac[5] === 'A' ? 'B' : 'A'}${mac.slice(6)}`;
    const before = await stateOf(booked.appointmentId);
    const expected = await notValidBody();
    for (const token of [`${id}.${flipped}`, `${Number(id) + 1}.${mac}`, id, 'x', `${link.token}x`]) {
      address = `10.0.${randomInt(1, 255)}.${randomInt(1, 255)}`;
      for (const [path, payload] of [
        ['appointment', { token }],
        ['attendance', { token }],
        ['cancellation', { token, reasonId: reason.id }],
      ] as const) {
        const response = await post(path, payload);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual(expected);
      }
    }
    expect(await stateOf(booked.appointmentId)).toEqual(before);
    expect((await post('appointment', { token: '' })).statusCode).toBe(400);
    expect((await post('appointment', {})).statusCode).toBe(400);
  });

  it('is refused once the appointment has started; cancelling past the cut-off is the portal’s 409', async () => {
    const scene = await bookingScene(db, signedInClient);
    const reason = await createCancellationReason(db);
    const at = (minutesFromNow: number) => new Date(Date.now() + minutesFromNow * 60_000);
    const values = {
      practiceId: scene.practice.id,
      clinicianId: scene.vets[0]!.id,
      clientId: scene.client.id,
      petId: scene.pet.id,
      reasonId: scene.reason.id,
    };
    const started = await createAppointment(db, { ...values, startsAt: at(-5), endsAt: at(25) });
    const startedToken = manageLinkToken(key, started.id, 0);
    const expected = await notValidBody();
    for (const path of ['appointment', 'attendance'])
      expect((await post(path, { token: startedToken })).json()).toEqual(expected);
    expect((await stateOf(started.id)).row!.attendanceConfirmedAt).toBeNull();

    // Within the practice's cut-off (hours before the start): seen and confirmed, not cancelled online.
    const soon = await createAppointment(db, { ...values, startsAt: at(60), endsAt: at(90) });
    const soonToken = manageLinkToken(key, soon.id, 0);
    expect(
      manageLinkAppointmentSchema.parse((await post('appointment', { token: soonToken })).json()),
    ).toMatchObject({
      status: 'Booked',
    });
    const late = await post('cancellation', { token: soonToken, reasonId: reason.id });
    expect(late.statusCode).toBe(409);
    expect(apiErrorSchema.parse(late.json()).message).toBe(bookingMessages.tooLateToChange);
    expect((await stateOf(soon.id)).row!.status).toBe('Booked');
    expect((await post('attendance', { token: soonToken })).statusCode).toBe(200);
  });

  it('only for the appointment it names: another client’s appointment is untouched', async () => {
    const mine = await bookedWithLink();
    const theirs = await bookedWithLink();
    const before = await stateOf(theirs.booked.appointmentId);
    const [, myMac] = mine.link.token.split('.') as [string, string];
    const forged = `${theirs.booked.appointmentId}.${myMac}`;
    expect((await post('attendance', { token: forged })).statusCode).toBe(404);
    expect(await stateOf(theirs.booked.appointmentId)).toEqual(before);
    expect(
      await db
        .select({ id: appointments.id })
        .from(appointments)
        .where(and(eq(appointments.id, theirs.booked.appointmentId), eq(appointments.status, 'Booked'))),
    ).toHaveLength(1);
  });

  it('counts the presses of one address: past ten in ten minutes, 429 and nothing changed', async () => {
    const { booked, link } = await bookedWithLink();
    for (let i = 0; i < 10; i += 1) expect((await post('attendance', { token: 'x' })).statusCode).toBe(404);
    const before = await stateOf(booked.appointmentId);
    const limited = await post('attendance', { token: link.token });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(await stateOf(booked.appointmentId)).toEqual(before);
    expect((await post('attendance', { token: link.token }, '10.255.0.1')).statusCode).toBe(200);
  });
});
