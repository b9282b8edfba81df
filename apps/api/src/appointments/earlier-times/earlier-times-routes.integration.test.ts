import { randomInt } from 'node:crypto';
import { appointmentDetailSchema } from '@vet/contracts/appointment-booking';
import {
  earlierTimeOfferMessages,
  earlierTimeOfferSchema,
  earlierTimeRequestAnswerSchema,
} from '@vet/contracts/earlier-times';
import { apiErrorSchema } from '@vet/contracts/errors';
import { integrationPathPrefix } from '@vet/contracts/machine-access';
import { appointments, clinicianReservations, softBookings } from '@vet/db/schema/appointments';
import { createCancellationReason, createPet } from '@vet/db/testing/factories';
import { earlierTimeOffers, earlierTimeRequests } from '@vet/db/schema/earlier-times';
import { emailOutbox } from '@vet/db/schema/system';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { smtpDelivery } from '@vet/email/email-delivery';
import { lockOutboxEmail } from '@vet/email/outbox-repository';
import { mimeLeaves } from '@vet/email/testing/mime-parts';
import { startTestSmtpServer, type TestSmtpServer } from '@vet/email/testing/test-smtp-server';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBookingDeps } from '../booking/index.ts';
import {
  bookingHelpers,
  bookingScene,
  localDay,
  localInstant,
  type BookingScene,
} from '../booking/testing/booking-fixtures.ts';
import { DEV_VERIFICATION_CODE_PEPPER } from '../../config/api-config.ts';
import { manageLinkKey, manageLinkToken } from '../manage-links/manage-link-token.ts';
import { deskBody, withPracticeRefs } from '../../practice-system/desk-bookings/testing/practice-fixtures.ts';
import { useSignedInTestApp } from '../../testing/signed-in-app.ts';
import { earlierTimeMessages, type EarlierTimesDeps } from './earlier-times-common.ts';
import { runEarlierTimes } from './earlier-times-job.ts';

const database = useTestDatabase({ max: 20 });
const { context, signedInClient, machineAuthorization } = useSignedInTestApp(database);
const { db } = database;
const { book } = bookingHelpers(context, db);

let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startTestSmtpServer();
});
afterAll(() => smtp.close());

const at = (day: number, time: string) => localInstant(localDay(day), time);

/** Another signed-in client of the scene's practice, with a dog: a scene of its own sharing the practice. */
async function neighbour(scene: BookingScene): Promise<BookingScene> {
  const { client, authorization } = await signedInClient({ homePracticeId: scene.practice.id });
  const pet = await createPet(db, { clientId: client.id, speciesId: scene.dog.id, name: 'Pepper' });
  return { ...scene, client, authorization, pet };
}

async function booked(scene: BookingScene, startsAt: Date) {
  const response = await book(scene, startsAt);
  expect(response.statusCode).toBe(201);
  return appointmentDetailSchema.parse(response.json());
}

const request = (scene: BookingScene, method: 'GET' | 'PUT' | 'DELETE', id: number, payload?: object) =>
  context.app.inject({
    method,
    url: `/appointments/${id}/earlier-times`,
    headers: { authorization: scene.authorization },
    ...(payload ? { payload } : {}),
  });

const address = `10.${randomInt(1, 255)}.${randomInt(1, 255)}.${randomInt(1, 255)}`;
const offerCall = (path: '' | '/take', token: string) =>
  context.app.inject({
    method: 'POST',
    url: `/earlier-time-offer${path}`,
    payload: { token },
    remoteAddress: address,
  });

/** The newest offer e-mail to the address, delivered through SMTP on loopback; its link's token. */
async function offerTokenTo(to: string) {
  const [row] = await db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.subject, earlierTimeMessages.offerSubject)))
    .orderBy(desc(emailOutbox.id))
    .limit(1);
  if (!row) return null;
  const email = await db.transaction((tx) => lockOutboxEmail(tx, row.id));
  const delivery = smtpDelivery({ smtpUrl: smtp.url, from: 'portal@example.com', timeoutMs: 5000 });
  await delivery.deliver(email!);
  delivery.close();
  const received = smtp.received.filter((message) => message.to.includes(to)).at(-1)!;
  const text = mimeLeaves(received.raw).find((leaf) => /^text\/plain/i.test(leaf.headers['content-type']!))!;
  return /\/earlier-time#([A-Za-z0-9_-]+)/.exec(text.body.replace(/=\r?\n/g, ''))?.[1] ?? null;
}

describe('earlier times through the API', () => {
  it('joins, reads and leaves the line for the client’s own appointment only', async () => {
    const scene = await bookingScene(db, signedInClient);
    const other = await neighbour(scene);
    const mine = await booked(scene, at(5, '10:00'));
    const theirs = await booked(other, at(5, '11:00'));
    expect((await request(scene, 'PUT', theirs.appointmentId, { latestDate: localDay(4) })).statusCode).toBe(
      404,
    );
    expect((await request(scene, 'GET', theirs.appointmentId)).statusCode).toBe(404);
    for (const latestDate of ['tomorrow', localDay(6), '2026-02-30']) {
      const response = await request(scene, 'PUT', mine.appointmentId, { latestDate });
      expect(response.statusCode).toBe(400);
      apiErrorSchema.parse(response.json());
    }
    const joined = await request(scene, 'PUT', mine.appointmentId, { latestDate: localDay(4) });
    expect(joined.statusCode).toBe(200);
    expect(joined.json()).toEqual({
      appointmentId: mine.appointmentId,
      latestDate: localDay(4),
      status: 'Waiting',
    });
    expect(
      earlierTimeRequestAnswerSchema.parse((await request(scene, 'GET', mine.appointmentId)).json()),
    ).toEqual({
      request: { appointmentId: mine.appointmentId, latestDate: localDay(4), status: 'Waiting' },
    });
    expect((await request(scene, 'DELETE', mine.appointmentId)).statusCode).toBe(204);
    expect((await request(scene, 'GET', mine.appointmentId)).json()).toEqual({ request: null });
  });

  it('a desk cancellation through the integration API offers the time; the link’s page, then one press', async () => {
    const scene = await bookingScene(db, signedInClient);
    const other = await neighbour(scene);
    const waiting = await booked(scene, at(5, '10:00'));
    const freed = await booked(other, at(2, '10:00'));
    await request(scene, 'PUT', waiting.appointmentId, { latestDate: localDay(5) });
    const cancelled = await context.app.inject({
      method: 'POST',
      url: `${integrationPathPrefix}/appointments/online/${freed.appointmentId}/cancel`,
      headers: { authorization: await machineAuthorization() },
    });
    expect(cancelled.statusCode).toBe(200);
    const token = await offerTokenTo(scene.client.email!);
    expect(token).toBeTruthy();
    const page = await offerCall('', token!);
    expect(page.statusCode).toBe(200);
    expect(earlierTimeOfferSchema.parse(page.json())).toMatchObject({
      offeredStartsAt: at(2, '10:00').toISOString(),
      currentStartsAt: at(5, '10:00').toISOString(),
    });
    // Opening the page changed nothing.
    const [still] = await db.select().from(appointments).where(eq(appointments.id, waiting.appointmentId));
    expect(still?.startsAt).toEqual(at(5, '10:00'));
    const taken = await offerCall('/take', token!);
    expect(taken.statusCode).toBe(200);
    expect(appointmentDetailSchema.parse(taken.json()).startsAt).toBe(at(2, '10:00').toISOString());
    const again = await offerCall('/take', token!);
    expect(again.statusCode).toBe(404);
    expect(apiErrorSchema.parse(again.json()).message).toBe(earlierTimeMessages.offerNotOpen);
    expect((await offerCall('', 'tampered-token')).statusCode).toBe(404);
    // The client's own cancellation through the portal ends nothing else and offers its time on.
    const reason = await createCancellationReason(db);
    const other2 = await booked(other, at(6, '10:00'));
    await request(other, 'PUT', other2.appointmentId, { latestDate: localDay(6) });
    const cancel = await context.app.inject({
      method: 'PATCH',
      url: `/appointments/${waiting.appointmentId}/cancel?reasonId=${reason.id}`,
      headers: { authorization: scene.authorization },
    });
    expect(cancel.statusCode).toBe(200);
    expect(await offerTokenTo(other.client.email!)).toBeTruthy();
  });

  it('a cancellation through the manage link offers the time too', async () => {
    const scene = await bookingScene(db, signedInClient);
    const other = await neighbour(scene);
    const waiting = await booked(scene, at(5, '10:00'));
    const freed = await booked(other, at(2, '11:00'));
    await request(scene, 'PUT', waiting.appointmentId, { latestDate: localDay(5) });
    const reason = await createCancellationReason(db);
    const token = manageLinkToken(manageLinkKey(DEV_VERIFICATION_CODE_PEPPER), freed.appointmentId, 0);
    const cancelled = await context.app.inject({
      method: 'POST',
      url: '/manage-link/cancellation',
      payload: { token, reasonId: reason.id },
      remoteAddress: address,
    });
    expect(cancelled.statusCode).toBe(200);
    const offerToken = await offerTokenTo(scene.client.email!);
    expect(earlierTimeOfferSchema.parse((await offerCall('', offerToken!)).json()).offeredStartsAt).toBe(
      at(2, '11:00').toISOString(),
    );
  });

  it('a guest hold that ran out is offered by the minute job', async () => {
    const scene = await bookingScene(db, signedInClient);
    const waiting = await booked(scene, at(5, '10:00'));
    await request(scene, 'PUT', waiting.appointmentId, { latestDate: localDay(5) });
    const now = new Date();
    const [hold] = await db
      .insert(softBookings)
      .values({
        practiceId: scene.practice.id,
        clinicianId: scene.vets[0]!.id,
        reasonId: scene.reason.id,
        startsAt: at(3, '10:00'),
        endsAt: at(3, '10:30'),
        expiresAt: new Date(now.getTime() + 60_000),
        firstName: 'Guest',
        lastName: 'Person',
        email: 'guest@example.test',
        petName: 'Rex',
        speciesId: scene.dog.id,
      })
      .returning();
    await db.insert(clinicianReservations).values({
      clinicianId: scene.vets[0]!.id,
      during: `[${at(3, '10:00').toISOString()},${at(3, '10:30').toISOString()})`,
      softBookingId: hold!.id,
      holdExpiresAt: hold!.expiresAt,
    });
    const clock = { now };
    const deps: EarlierTimesDeps = {
      ...createBookingDeps(db, { brandName: 'Test Vets' }),
      now: () => clock.now,
      offerLink: (token) => `http://portal.test/earlier-time#${token}`,
    };
    await runEarlierTimes(deps);
    expect(await offerTokenTo(scene.client.email!)).toBeNull();
    clock.now = new Date(now.getTime() + 60_000);
    await runEarlierTimes(deps);
    const [offer] = await db
      .select({ startsAt: earlierTimeOffers.startsAt })
      .from(earlierTimeOffers)
      .innerJoin(earlierTimeRequests, eq(earlierTimeRequests.id, earlierTimeOffers.requestId))
      .where(eq(earlierTimeRequests.appointmentId, waiting.appointmentId));
    expect(offer?.startsAt).toEqual(at(3, '10:00'));
    const [expired] = await db.select().from(softBookings).where(eq(softBookings.id, hold!.id));
    expect(expired?.status).toBe('Expired');
  });
});

/** A write of the desk's appointment `ref` through the integration API. */
const desk = (method: 'PUT' | 'PATCH', ref: string, payload: object) =>
  machineAuthorization().then((authorization) =>
    context.app.inject({
      method,
      url: `${integrationPathPrefix}/appointments/${ref}`,
      headers: { authorization },
      payload,
    }),
  );

/** A practice the desk knows by references, and a neighbour waiting for a time earlier than day 5. */
async function deskScene(options: { vets?: number } = {}) {
  const scene = await withPracticeRefs(db, await bookingScene(db, signedInClient, options));
  const other = await neighbour(scene);
  const waiting = await booked(other, at(5, '10:00'));
  await request(other, 'PUT', waiting.appointmentId, { latestDate: localDay(5) });
  return { scene, other, waiting, ref: `DESK-${randomInt(1, 1_000_000)}` };
}

const offeredTo = async (scene: BookingScene) => {
  const token = await offerTokenTo(scene.client.email!);
  return token === null ? null : earlierTimeOfferSchema.parse((await offerCall('', token)).json());
};

describe('earlier times and the desk', () => {
  it('a desk move through the integration API offers the time it left', async () => {
    const { scene, other, ref } = await deskScene();
    const stored = await desk('PUT', ref, deskBody(scene, at(2, '14:00'), at(2, '14:30')));
    expect(stored.statusCode).toBeLessThan(300);
    const moved = await desk('PATCH', ref, {
      starts_at: at(3, '15:00').toISOString(),
      ends_at: at(3, '15:30').toISOString(),
    });
    expect(moved.statusCode).toBe(200);
    expect((await offeredTo(other))?.offeredStartsAt).toBe(at(2, '14:00').toISOString());
  });

  it('a desk record rewritten by PUT to another time offers the time it left; created or kept, nothing', async () => {
    const { scene, other, ref } = await deskScene();
    expect((await desk('PUT', ref, deskBody(scene, at(2, '14:00'), at(2, '14:30')))).statusCode).toBe(201);
    const kept = deskBody(scene, at(2, '14:00'), at(2, '14:30'), { notes: 'Bring the lead' });
    expect((await desk('PUT', ref, kept)).statusCode).toBe(200);
    expect(await offerTokenTo(other.client.email!)).toBeNull();
    expect((await desk('PUT', ref, deskBody(scene, at(3, '15:00'), at(3, '15:30')))).statusCode).toBe(200);
    expect((await offeredTo(other))?.offeredStartsAt).toBe(at(2, '14:00').toISOString());
  });

  it('a desk record rewritten by PUT to another clinician, or Cancelled, offers its time', async () => {
    const { scene, other, ref } = await deskScene({ vets: 2 });
    await desk('PUT', ref, deskBody(scene, at(2, '14:00'), at(2, '14:30')));
    const otherVet = { clinician_ref: scene.refs.otherVet };
    expect(
      (await desk('PUT', ref, deskBody(scene, at(2, '14:00'), at(2, '14:30'), otherVet))).statusCode,
    ).toBe(200);
    expect((await offeredTo(other))?.offeredStartsAt).toBe(at(2, '14:00').toISOString());

    const second = await deskScene();
    await desk('PUT', second.ref, deskBody(second.scene, at(3, '11:00'), at(3, '11:30')));
    const cancelled = deskBody(second.scene, at(3, '11:00'), at(3, '11:30'), { status: 'Cancelled' });
    expect((await desk('PUT', second.ref, cancelled)).statusCode).toBe(200);
    expect((await offeredTo(second.other))?.offeredStartsAt).toBe(at(3, '11:00').toISOString());
  });

  it('an appointment the desk moves earlier by PUT leaves the line; its old time goes to the next', async () => {
    const { scene, other } = await deskScene();
    const mine = await booked(scene, at(4, '10:00'));
    await request(scene, 'PUT', mine.appointmentId, { latestDate: localDay(4) });
    const ref = `DESK-${randomInt(1, 1_000_000)}`;
    await db.update(appointments).set({ pmsRef: ref }).where(eq(appointments.id, mine.appointmentId));
    const earlier = deskBody(scene, at(3, '09:00'), at(3, '09:30'));
    expect((await desk('PUT', ref, earlier)).statusCode).toBe(200);
    const [row] = await db
      .select({ status: earlierTimeRequests.status })
      .from(earlierTimeRequests)
      .where(eq(earlierTimeRequests.appointmentId, mine.appointmentId));
    expect(row?.status).toBe('Ended');
    expect((await offeredTo(other))?.offeredStartsAt).toBe(at(4, '10:00').toISOString());
  });

  it('a desk booking over an offered time: the offer’s page answers that the practice booked it', async () => {
    const { scene, other, waiting, ref } = await deskScene();
    await desk('PUT', ref, deskBody(scene, at(2, '14:00'), at(2, '14:30')));
    await desk('PUT', ref, deskBody(scene, at(3, '15:00'), at(3, '15:30')));
    const token = await offerTokenTo(other.client.email!);
    expect((await offerCall('', token!)).statusCode).toBe(200);
    const over = await desk('PUT', `${ref}-B`, deskBody(scene, at(2, '14:00'), at(2, '14:30')));
    expect(over.json()).toMatchObject({ effects: { released_holds: 1 } });
    for (const path of ['', '/take'] as const) {
      const answer = await offerCall(path, token!);
      expect(answer.statusCode).toBe(404);
      expect(apiErrorSchema.parse(answer.json()).message).toBe(earlierTimeOfferMessages.givenAway);
    }
    // Back in the line: waiting for the next time that comes free.
    expect((await request(other, 'GET', waiting.appointmentId)).json()).toMatchObject({
      request: { status: 'Waiting' },
    });
  });
});
