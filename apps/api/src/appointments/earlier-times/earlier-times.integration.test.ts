import { practicePrices } from '@vet/db/schema/prices';
import { earlierTimeOfferMessages } from '@vet/contracts/earlier-times';
import { appointments, clinicianReservations, softBookings } from '@vet/db/schema/appointments';
import { earlierTimeOffers, earlierTimeRequests } from '@vet/db/schema/earlier-times';
import { practices } from '@vet/db/schema/practices';
import { emailOutbox } from '@vet/db/schema/system';
import {
  createAppointment,
  createCancellationReason,
  createClient,
  createPet,
  createReason,
} from '@vet/db/testing/factories';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { smtpDelivery } from '@vet/email/email-delivery';
import { lockOutboxEmail } from '@vet/email/outbox-repository';
import { mimeLeaves } from '@vet/email/testing/mime-parts';
import { startTestSmtpServer, type TestSmtpServer } from '@vet/email/testing/test-smtp-server';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  amendAppointment,
  cancelAppointment,
  createBookingDeps,
  MINUTE_MS,
  type Booker,
} from '../booking/index.ts';
import {
  bookingScene,
  localDay,
  localInstant,
  type BookingScene,
} from '../booking/testing/booking-fixtures.ts';
import { upsertPracticeAppointment } from '../../practice-system/desk-bookings/practice-booking-service.ts';
import {
  deskBody,
  practiceBookingDeps,
  withPracticeRefs,
} from '../../practice-system/desk-bookings/testing/practice-fixtures.ts';
import { useSignedInTestApp } from '../../testing/signed-in-app.ts';
import { readOffer, takeOffer } from './earlier-time-offers.ts';
import { earlierTimeMessages, type EarlierTimesDeps } from './earlier-times-common.ts';
import { runEarlierTimes } from './earlier-times-job.ts';
import { joinEarlierTimes, leaveEarlierTimes } from './earlier-times-line.ts';
import { offerFreedTime, offerFreedTimes } from './offer-freed-time.ts';

const database = useTestDatabase({ max: 20 });
const { signedInClient } = useSignedInTestApp(database);
const { db } = database;

let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startTestSmtpServer();
});
afterAll(() => smtp.close());

/** The service with a held clock: `clock.now` moves only when a test moves it. */
function heldDeps() {
  const clock = { now: new Date() };
  const deps: EarlierTimesDeps = {
    ...createBookingDeps(db, { brandName: 'Test Vets', portalUrl: 'http://portal.test' }),
    now: () => clock.now,
    offerLink: (token) => `http://portal.test/earlier-time#${token}`,
  };
  deps.timeFreed = async (spans) => {
    await offerFreedTimes(deps, spans);
  };
  deps.onTimeFreedError = (error) => {
    throw error;
  };
  return { deps, clock };
}

/** Another client of the scene's practice, with a dog, and an appointment with the scene's first vet. */
async function clientWithAppointment(
  scene: BookingScene,
  startsAt: Date,
  reasonId = scene.reason.id,
  clinicianId = scene.vets[0]!.id,
) {
  const client = await createClient(db, { homePracticeId: scene.practice.id });
  const pet = await createPet(db, { clientId: client.id, speciesId: scene.dog.id, name: `Pet${client.id}` });
  const appointment = await createAppointment(db, {
    practiceId: scene.practice.id,
    clinicianId,
    clientId: client.id,
    petId: pet.id,
    reasonId,
    startsAt,
    endsAt: new Date(startsAt.getTime() + 30 * MINUTE_MS),
  });
  const booker: Booker = {
    clientId: client.id,
    onlineBookingAllowed: true,
    homePracticeId: scene.practice.id,
    firstName: client.firstName,
    email: client.email,
  };
  return { client, pet, appointment, booker };
}

const at = (day: number, time: string) => localInstant(localDay(day), time);

async function requestOf(appointmentId: number) {
  const [row] = await db
    .select()
    .from(earlierTimeRequests)
    .where(eq(earlierTimeRequests.appointmentId, appointmentId))
    .orderBy(desc(earlierTimeRequests.id))
    .limit(1);
  return row;
}

async function offersOf(appointmentId: number) {
  return db
    .select({ offer: earlierTimeOffers, hold: softBookings })
    .from(earlierTimeOffers)
    .innerJoin(earlierTimeRequests, eq(earlierTimeRequests.id, earlierTimeOffers.requestId))
    .innerJoin(softBookings, eq(softBookings.id, earlierTimeOffers.softBookingId))
    .where(eq(earlierTimeRequests.appointmentId, appointmentId))
    .orderBy(earlierTimeOffers.createdAt);
}

async function emailsTo(to: string) {
  return db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to)).orderBy(emailOutbox.id);
}

/** The newest e-mail to the address, delivered through real SMTP on loopback, and its offer token. */
async function receivedOffer(to: string) {
  const [row] = await db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.subject, earlierTimeMessages.offerSubject)))
    .orderBy(desc(emailOutbox.id))
    .limit(1);
  const email = await db.transaction((tx) => lockOutboxEmail(tx, row!.id));
  const delivery = smtpDelivery({ smtpUrl: smtp.url, from: 'portal@example.com', timeoutMs: 5000 });
  await delivery.deliver(email!);
  delivery.close();
  const received = smtp.received.filter((message) => message.to.includes(to)).at(-1)!;
  const text = mimeLeaves(received.raw).find((leaf) => /^text\/plain/i.test(leaf.headers['content-type']!))!;
  const body = text.body.replace(/=\r?\n/g, '');
  const token = /http:\/\/portal\.test\/earlier-time#([A-Za-z0-9_-]+)/.exec(body)?.[1];
  return { subject: email!.subject, text: body, token: token! };
}

async function reservationsAt(clinicianId: number) {
  return db
    .select({
      during: clinicianReservations.during,
      appointmentId: clinicianReservations.appointmentId,
      softBookingId: clinicianReservations.softBookingId,
    })
    .from(clinicianReservations)
    .where(eq(clinicianReservations.clinicianId, clinicianId));
}

/** A practice where C's appointment (day 2, 10:00) will be cancelled, A and B wait (A first) for later ones. */
async function lineScene() {
  const scene = await bookingScene(db, signedInClient);
  const { deps, clock } = heldDeps();
  const cancelled = await clientWithAppointment(scene, at(2, '10:00'));
  const first = await clientWithAppointment(scene, at(5, '10:00'));
  const second = await clientWithAppointment(scene, at(6, '10:00'));
  await joinEarlierTimes(deps, first.client.id, first.appointment.id, localDay(5));
  clock.now = new Date(clock.now.getTime() + 1000);
  await joinEarlierTimes(deps, second.client.id, second.appointment.id, localDay(6));
  const reason = await createCancellationReason(db);
  const cancel = () => cancelAppointment(deps, cancelled.booker, cancelled.appointment.id, reason.id);
  return { scene, deps, clock, cancelled, first, second, cancel, reason };
}

describe('earlier times: joining the line', () => {
  it('takes the client’s own booked appointment and a latest date from today to its day', async () => {
    const scene = await bookingScene(db, signedInClient);
    const { deps } = heldDeps();
    const mine = await clientWithAppointment(scene, at(5, '10:00'));
    const theirs = await clientWithAppointment(scene, at(6, '10:00'));
    await expect(
      joinEarlierTimes(deps, mine.client.id, theirs.appointment.id, localDay(4)),
    ).rejects.toMatchObject({ kind: 'notFound' });
    for (const date of [localDay(6), localDay(-1)]) {
      await expect(joinEarlierTimes(deps, mine.client.id, mine.appointment.id, date)).rejects.toMatchObject({
        kind: 'badRequest',
      });
    }
    expect(await joinEarlierTimes(deps, mine.client.id, mine.appointment.id, localDay(4))).toEqual({
      appointmentId: mine.appointment.id,
      latestDate: localDay(4),
      status: 'Waiting',
    });
    // Again: the date changes, the place in the line stays.
    const before = await requestOf(mine.appointment.id);
    await joinEarlierTimes(deps, mine.client.id, mine.appointment.id, localDay(3));
    expect(await requestOf(mine.appointment.id)).toMatchObject({ id: before!.id, latestDate: localDay(3) });
    await db
      .update(appointments)
      .set({ status: 'Cancelled' })
      .where(eq(appointments.id, theirs.appointment.id));
    await expect(
      joinEarlierTimes(deps, theirs.client.id, theirs.appointment.id, localDay(4)),
    ).rejects.toMatchObject({ kind: 'conflict' });
  });
});

describe('earlier times: a freed time', () => {
  it('is offered to the first in line only, held for 15 minutes, e-mailed with its link', async () => {
    const { scene, clock, cancelled, first, second, cancel, deps } = await lineScene();
    await db
      .update(practices)
      .set({ ownerName: 'Harbour Vets Group Ltd' })
      .where(eq(practices.id, scene.practice.id));
    await cancel();
    const [offered] = await offersOf(first.appointment.id);
    expect(offered?.offer).toMatchObject({
      status: 'Offered',
      clinicianId: scene.vets[0]!.id,
      startsAt: at(2, '10:00'),
      expiresAt: new Date(clock.now.getTime() + 15 * MINUTE_MS),
    });
    expect(offered?.hold.status).toBe('Held');
    expect(await requestOf(first.appointment.id)).toMatchObject({ status: 'Offered' });
    expect(await requestOf(second.appointment.id)).toMatchObject({ status: 'Waiting' });
    expect(await offersOf(second.appointment.id)).toEqual([]);
    expect((await emailsTo(second.client.email!)).length).toBe(0);
    // The held time is one reservation, the hold's: nobody else is offered it, nobody can book it.
    const held = (await reservationsAt(scene.vets[0]!.id)).filter((r) => r.softBookingId !== null);
    expect(held).toEqual([expect.objectContaining({ softBookingId: offered!.hold.id })]);
    expect(
      await offerFreedTime(deps, { ...spanOf(cancelled.appointment), practiceId: scene.practice.id }),
    ).toBe(0);
    const email = await receivedOffer(first.client.email!);
    expect(email.subject).toBe('An earlier time has come up');
    expect(email.text).toContain(`Pet${first.client.id}`);
    expect(email.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    // The closing lines of every e-mail (decision 0143): the practice's owner and the complaints page.
    expect(email.text).toContain(`${scene.practice.name} is owned by Harbour Vets Group Ltd.`);
    expect(email.text).toContain('http://portal.test/complaints');
    // The link's page shows the offer; reading it changes nothing.
    expect(await readOffer(deps, email.token)).toMatchObject({
      offeredStartsAt: at(2, '10:00').toISOString(),
      currentStartsAt: at(5, '10:00').toISOString(),
    });
    expect((await offersOf(first.appointment.id))[0]?.offer.status).toBe('Offered');
  });

  it('one press moves the appointment there atomically, and its old time goes to the next in line', async () => {
    const { scene, first, second, cancel, deps } = await lineScene();
    await cancel();
    const { token } = await receivedOffer(first.client.email!);
    const moved = await takeOffer(deps, token);
    expect(moved).toMatchObject({
      appointmentId: first.appointment.id,
      startsAt: at(2, '10:00').toISOString(),
    });
    const [row] = await db.select().from(appointments).where(eq(appointments.id, first.appointment.id));
    expect(row).toMatchObject({ startsAt: at(2, '10:00'), status: 'Booked', calendarSequence: 1 });
    expect(await requestOf(first.appointment.id)).toMatchObject({ status: 'Taken' });
    const [taken] = await offersOf(first.appointment.id);
    expect([taken?.offer.status, taken?.hold.status]).toEqual(['Taken', 'Converted']);
    const mine = (await reservationsAt(scene.vets[0]!.id)).filter(
      (r) => r.appointmentId === first.appointment.id,
    );
    expect(mine.map((r) => r.during)).toEqual([
      `["${at(2, '10:00').toISOString().replace('T', ' ').replace('.000Z', '+00')}","${at(2, '10:30').toISOString().replace('T', ' ').replace('.000Z', '+00')}")`,
    ]);
    expect((await emailsTo(first.client.email!)).at(-1)?.subject).toBe('Your appointment has moved');
    expect((await emailsTo(first.client.email!)).at(-1)?.textBody).toContain('http://portal.test/complaints');
    // The old time (day 5, 10:00) is earlier than the second's: offered to them.
    expect((await offersOf(second.appointment.id)).map((o) => o.offer.startsAt)).toEqual([at(5, '10:00')]);
    // The link acts once.
    await expect(takeOffer(deps, token)).rejects.toMatchObject({ kind: 'notFound' });
    await expect(readOffer(deps, token)).rejects.toMatchObject({ kind: 'notFound' });
  });

  it('taken, it is re-quoted for its new day, and the e-mail says the price changed (issue 62)', async () => {
    const { scene, first, cancel, deps } = await lineScene();
    const price = (amountPence: number, effectiveFrom: string) => ({
      practiceId: scene.practice.id,
      reasonId: scene.reason.id,
      amountPence,
      effectiveFrom,
    });
    await db.insert(practicePrices).values([price(5100, localDay(-30)), price(5400, localDay(3))]);
    // Booked online for day 5, after the rise: quoted £54.
    await db
      .update(appointments)
      .set({ quotedPricePence: 5400 })
      .where(eq(appointments.id, first.appointment.id));
    await cancel();
    const { token } = await receivedOffer(first.client.email!);
    const moved = await takeOffer(deps, token);
    expect(moved.price).toEqual({ amountPence: 5100, includes: null });
    const [row] = await db.select().from(appointments).where(eq(appointments.id, first.appointment.id));
    expect(row?.quotedPricePence).toBe(5100);
    expect((await emailsTo(first.client.email!)).at(-1)?.textBody).toContain(
      'The price is now From £51.00 (was From £54.00).',
    );
  });

  it('not taken in 15 minutes, it lapses and the next in line is offered it', async () => {
    const { clock, first, second, cancel, deps } = await lineScene();
    const start = clock.now;
    await cancel();
    const { token } = await receivedOffer(first.client.email!);
    clock.now = new Date(start.getTime() + 15 * MINUTE_MS - 1000);
    await runEarlierTimes(deps);
    expect(await readOffer(deps, token)).toBeTruthy();
    expect((await offersOf(first.appointment.id))[0]?.offer.status).toBe('Offered');
    clock.now = new Date(start.getTime() + 15 * MINUTE_MS);
    await expect(takeOffer(deps, token)).rejects.toMatchObject({ kind: 'notFound' });
    await runEarlierTimes(deps);
    const [lapsed] = await offersOf(first.appointment.id);
    expect([lapsed?.offer.status, lapsed?.hold.status]).toEqual(['Lapsed', 'Expired']);
    // The first waits on for other times, and is not offered the one they let go again.
    expect(await requestOf(first.appointment.id)).toMatchObject({ status: 'Waiting' });
    const [next] = await offersOf(second.appointment.id);
    expect(next?.offer).toMatchObject({ status: 'Offered', startsAt: at(2, '10:00') });
    const { token: secondToken } = await receivedOffer(second.client.email!);
    expect((await takeOffer(deps, secondToken)).startsAt).toBe(at(2, '10:00').toISOString());
  });

  it('never double books: two presses of one offer, and a freed time offered twice at once', async () => {
    const { scene, first, cancel, deps, cancelled } = await lineScene();
    await cancel();
    const { token } = await receivedOffer(first.client.email!);
    const presses = await Promise.allSettled([takeOffer(deps, token), takeOffer(deps, token)]);
    expect(presses.map((p) => p.status).sort()).toEqual(['fulfilled', 'rejected']);
    const atTen = (
      await db
        .select()
        .from(appointments)
        .where(eq(appointments.startsAt, at(2, '10:00')))
    ).filter((a) => a.status === 'Booked' && a.practiceId === scene.practice.id);
    expect(atTen.map((a) => a.id)).toEqual([first.appointment.id]);
    // The freed span offered by two callers at once: one hold at most, never two.
    const third = await clientWithAppointment(scene, at(7, '10:00'));
    const fourth = await clientWithAppointment(scene, at(7, '11:00'));
    await joinEarlierTimes(deps, third.client.id, third.appointment.id, localDay(7));
    await joinEarlierTimes(deps, fourth.client.id, fourth.appointment.id, localDay(7));
    const late = await clientWithAppointment(scene, at(3, '14:00'));
    await db
      .delete(clinicianReservations)
      .where(eq(clinicianReservations.appointmentId, late.appointment.id));
    await db
      .update(appointments)
      .set({ status: 'Cancelled' })
      .where(eq(appointments.id, late.appointment.id));
    const span = { ...spanOf(late.appointment), practiceId: scene.practice.id };
    await Promise.all([offerFreedTime(deps, span), offerFreedTime(deps, span)]);
    const offers = [...(await offersOf(third.appointment.id)), ...(await offersOf(fourth.appointment.id))];
    expect(offers.map((o) => o.offer.startsAt)).toEqual([at(3, '14:00')]);
    const holdIds = (await reservationsAt(scene.vets[0]!.id)).map((r) => r.softBookingId);
    expect(holdIds).toContain(offers[0]!.hold.id);
    expect(cancelled).toBeTruthy();
  });
});

describe('earlier times: a hold released while the press waits', () => {
  it('takes nothing: the appointment stays where it was and the hold stays released', async () => {
    const { first, cancel, deps } = await lineScene();
    await cancel();
    const { token } = await receivedOffer(first.client.email!);
    const hold = (await offersOf(first.appointment.id))[0]!.hold;
    // The minute job that releases expired holds has the hold's row as the press arrives.
    const releaser = await database.pool.connect();
    try {
      await releaser.query('begin');
      await releaser.query('select id from soft_bookings where id = $1 for update', [hold.id]);
      const { rows: own } = await releaser.query<{ pid: number }>('select pg_backend_pid() as pid');
      const press = takeOffer(deps, token);
      press.catch(() => {});
      // The press waits for the releaser's lock (other files share this database: only ours counts).
      await expect
        .poll(
          async () => {
            const { rows } = await database.pool.query<{ waiting: number }>(
              'select count(*)::int as waiting from pg_stat_activity where $1 = any(pg_blocking_pids(pid))',
              [own[0]!.pid],
            );
            return rows[0]?.waiting;
          },
          { timeout: 10_000 },
        )
        .toBe(1);
      await releaser.query(`update soft_bookings set status = 'Released' where id = $1`, [hold.id]);
      await releaser.query('commit');
      await expect(press).rejects.toMatchObject({ kind: 'notFound' });
    } finally {
      // After the commit this only warns; after a failed wait it lets the press go before the pool has it.
      await releaser.query('rollback');
      releaser.release();
    }
    const [row] = await db.select().from(appointments).where(eq(appointments.id, first.appointment.id));
    expect(row?.startsAt).toEqual(first.appointment.startsAt);
    const [after] = await db.select().from(softBookings).where(eq(softBookings.id, hold.id));
    expect(after?.status).toBe('Released');
  });
});

describe('earlier times: a desk booking over a held time', () => {
  it('ends the offer at once: the page says so, the request is back in line for the next freed time', async () => {
    const { scene, deps, first, second, cancel } = await lineScene();
    await cancel();
    const { token } = await receivedOffer(first.client.email!);
    const practice = await withPracticeRefs(db, scene);
    const desk = { ...practiceBookingDeps(db, deps.now), timeFreed: deps.timeFreed };
    const ref = `DESK-${first.client.id}`;
    const body = deskBody(practice, at(2, '10:00'), at(2, '10:30'));
    const booked = await upsertPracticeAppointment(desk, ref, body);
    expect(booked.appointment.effects.released_holds).toBe(1);

    const [ended] = await offersOf(first.appointment.id);
    expect([ended?.offer.status, ended?.hold.status]).toEqual(['Lapsed', 'Released']);
    expect(await requestOf(first.appointment.id)).toMatchObject({ status: 'Waiting' });
    await expect(readOffer(deps, token)).rejects.toMatchObject({
      kind: 'notFound',
      message: earlierTimeOfferMessages.givenAway,
    });
    // The desk frees the time again: the first in line, who never let it go, is offered it again.
    await upsertPracticeAppointment(desk, ref, { ...body, status: 'Cancelled' });
    const offers = await offersOf(first.appointment.id);
    expect(offers.map((o) => [o.offer.status, o.offer.startsAt])).toEqual([
      ['Lapsed', at(2, '10:00')],
      ['Offered', at(2, '10:00')],
    ]);
    expect(await offersOf(second.appointment.id)).toEqual([]);
  });
});

const spanOf = (appointment: { clinicianId: number; startsAt: Date; endsAt: Date }) => ({
  clinicianId: appointment.clinicianId,
  startsAt: appointment.startsAt,
  endsAt: appointment.endsAt,
});

describe('earlier times: a request ends', () => {
  it('when its appointment is cancelled: the time held for it goes to the next in line', async () => {
    const { first, second, cancel, deps, reason } = await lineScene();
    await cancel();
    await cancelAppointment(deps, first.booker, first.appointment.id, reason.id);
    expect(await requestOf(first.appointment.id)).toMatchObject({ status: 'Ended' });
    expect((await offersOf(first.appointment.id))[0]?.offer.status).toBe('Lapsed');
    // Both the time held for the first and the first's own time are offered to the second: the earliest.
    expect((await offersOf(second.appointment.id)).map((o) => o.offer.startsAt)).toEqual([at(2, '10:00')]);
  });

  it('when its appointment is moved earlier, not later', async () => {
    const scene = await bookingScene(db, signedInClient);
    const { deps } = heldDeps();
    const earlier = await clientWithAppointment(scene, at(5, '10:00'));
    const later = await clientWithAppointment(scene, at(5, '11:00'));
    await joinEarlierTimes(deps, earlier.client.id, earlier.appointment.id, localDay(5));
    await joinEarlierTimes(deps, later.client.id, later.appointment.id, localDay(5));
    await amendAppointment(deps, later.booker, later.appointment.id, {
      startsAt: at(5, '14:00').toISOString(),
    });
    expect(await requestOf(later.appointment.id)).toMatchObject({ status: 'Waiting' });
    const outcome = await amendAppointment(deps, earlier.booker, earlier.appointment.id, {
      startsAt: at(4, '09:00').toISOString(),
    });
    expect(outcome.kind).toBe('booked');
    expect(await requestOf(earlier.appointment.id)).toMatchObject({ status: 'Ended' });
  });

  it('when its latest date has passed, or when the client leaves the line', async () => {
    const scene = await bookingScene(db, signedInClient);
    const { deps, clock } = heldDeps();
    const waiting = await clientWithAppointment(scene, at(5, '10:00'));
    const leaving = await clientWithAppointment(scene, at(6, '10:00'));
    await joinEarlierTimes(deps, waiting.client.id, waiting.appointment.id, localDay(2));
    await joinEarlierTimes(deps, leaving.client.id, leaving.appointment.id, localDay(6));
    await leaveEarlierTimes(deps, leaving.client.id, leaving.appointment.id);
    expect(await requestOf(leaving.appointment.id)).toMatchObject({ status: 'Ended' });
    clock.now = at(3, '00:00');
    await runEarlierTimes(deps);
    expect(await requestOf(waiting.appointment.id)).toMatchObject({ status: 'Ended' });
  });
});

describe('earlier times: only fitting requests are offered', () => {
  it('skips another clinician kind, a later latest date’s day, another practice, and a longer reason', async () => {
    const scene = await bookingScene(db, signedInClient);
    const { deps } = heldDeps();
    const other = await bookingScene(db, signedInClient);
    const nurseReason = await createReason(db, { durationMinutes: 30, clinicianType: 'Nurse' });
    const longReason = await createReason(db, { durationMinutes: 60, clinicianType: 'Vet' });
    const nurseVisit = await clientWithAppointment(scene, at(6, '09:00'), nurseReason.id);
    const tooLate = await clientWithAppointment(scene, at(6, '10:00'));
    const long = await clientWithAppointment(scene, at(6, '14:00'), longReason.id);
    const elsewhere = await clientWithAppointment(other, at(6, '10:00'));
    await joinEarlierTimes(deps, nurseVisit.client.id, nurseVisit.appointment.id, localDay(6));
    await joinEarlierTimes(deps, tooLate.client.id, tooLate.appointment.id, localDay(1));
    await joinEarlierTimes(deps, long.client.id, long.appointment.id, localDay(6));
    await joinEarlierTimes(deps, elsewhere.client.id, elsewhere.appointment.id, localDay(6));
    // 10:00–10:30 on day 2 comes free between two booked half hours: only 30 minutes long.
    await clientWithAppointment(scene, at(2, '09:30'));
    await clientWithAppointment(scene, at(2, '10:30'));
    const freed = {
      practiceId: scene.practice.id,
      clinicianId: scene.vets[0]!.id,
      startsAt: at(2, '10:00'),
      endsAt: at(2, '10:30'),
    };
    expect(await offerFreedTime(deps, freed)).toBe(0);
    // A vet's half hour, later in the line than all of them, is offered it.
    const fits = await clientWithAppointment(scene, at(6, '15:00'));
    await joinEarlierTimes(deps, fits.client.id, fits.appointment.id, localDay(6));
    expect(await offerFreedTime(deps, freed)).toBe(1);
    expect((await offersOf(fits.appointment.id)).map((o) => o.offer.startsAt)).toEqual([at(2, '10:00')]);
    for (const request of [nurseVisit, tooLate, long, elsewhere]) {
      expect(await offersOf(request.appointment.id)).toEqual([]);
    }
  });

  it('offers a booking with a vet the client named only that vet’s time (decision 0141)', async () => {
    const scene = await bookingScene(db, signedInClient, { vets: 2 });
    const { deps } = heldDeps();
    const [freedVet, otherVet] = scene.vets;
    const named = async (vetId: number, time: string) => {
      const request = await clientWithAppointment(scene, at(6, time), scene.reason.id, vetId);
      await db
        .update(appointments)
        .set({ chosenClinicianId: vetId })
        .where(eq(appointments.id, request.appointment.id));
      await joinEarlierTimes(deps, request.client.id, request.appointment.id, localDay(6));
      return request;
    };
    // First in line: named the other vet; then named the freed vet's.
    const withOther = await named(otherVet!.id, '09:00');
    const withFreed = await named(freedVet!.id, '10:00');
    await clientWithAppointment(scene, at(2, '09:30'));
    await clientWithAppointment(scene, at(2, '10:30'));
    const freed = {
      practiceId: scene.practice.id,
      clinicianId: freedVet!.id,
      startsAt: at(2, '10:00'),
      endsAt: at(2, '10:30'),
    };
    expect(await offerFreedTime(deps, freed)).toBe(1);
    expect(await offersOf(withOther.appointment.id)).toEqual([]);
    expect((await offersOf(withFreed.appointment.id)).map((o) => o.offer.startsAt)).toEqual([at(2, '10:00')]);
  });
});
