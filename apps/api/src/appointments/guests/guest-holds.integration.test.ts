import { appointmentSlotsResponseSchema, bookingConflictSchema } from '@vet/contracts/appointment-booking';
import { apiErrorSchema } from '@vet/contracts/errors';
import { guestHoldMaxExtensions, guestMessages, softBookingSchema } from '@vet/contracts/guest-bookings';
import { expireGuestHolds } from '@vet/clinician-time/expire-guest-holds';
import { clinicianReservations } from '@vet/db/schema/appointments';
import { createReason, createSpecies, linkReasonSpecies } from '@vet/db/testing/factories';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useSignedInTestApp } from '../../testing/signed-in-app.ts';
import { bookingHelpers, bookingScene, localDay, localInstant } from '../booking/testing/booking-fixtures.ts';
import { guestHelpers, newAddress } from './testing/guest-fixtures.ts';

const database = useTestDatabase({ max: 20 });
const { context, signedInClient } = useSignedInTestApp(database);
const { db } = database;
const { book } = bookingHelpers(context, db);
const { hold, held, extend, guestSearch, expire, holdRow, holdReservations } = guestHelpers(context, db);

const startsOf = (body: unknown) => appointmentSlotsResponseSchema.parse(body).slots.map((s) => s.startsAt);

describe('POST /guest/soft-bookings', () => {
  it('holds a free start for 15 minutes with an unguessable id, and the hold blocks the time for others', async () => {
    const scene = await bookingScene(db, signedInClient);
    const date = localDay(3);
    const startsAt = localInstant(date, '10:00');
    const before = Date.now();
    const response = await hold(scene, startsAt);
    expect(response.statusCode).toBe(201);
    const body = softBookingSchema.strict().parse(response.json());
    expect(body.slot).toEqual({
      startsAt: startsAt.toISOString(),
      endsAt: new Date(startsAt.getTime() + 30 * 60_000).toISOString(),
    });
    const expiresIn = new Date(body.expiresAt).getTime() - before;
    expect(expiresIn).toBeGreaterThanOrEqual(15 * 60_000 - 1000);
    expect(expiresIn).toBeLessThanOrEqual(15 * 60_000 + 5000);
    expect(body.extensionsLeft).toBe(guestHoldMaxExtensions);
    expect(body.softBookingId).toMatch(/^[0-9a-f-]{36}$/);
    const row = await holdRow(body.softBookingId);
    expect(row).toMatchObject({ status: 'Held', phone: '+447400123456', petName: 'Pepper' });
    expect(row?.clientAddressHash).not.toContain('10.');

    // The guest search, the client search and the client booking all see the time as taken.
    const search = await guestSearch(scene, { fromDate: date, toDate: date });
    expect(search.statusCode).toBe(200);
    expect(startsOf(search.json())).not.toContain(startsAt.toISOString());
    const clientSearch = await context.app.inject({
      url: `/practices/${scene.practice.id}/appointment-slots?appointmentReasonId=${scene.reason.id}&petId=${scene.pet.id}&fromDate=${date}&toDate=${date}`,
      headers: { authorization: scene.authorization },
    });
    expect(startsOf(clientSearch.json())).not.toContain(startsAt.toISOString());
    const booking = await book(scene, startsAt);
    expect(booking.statusCode).toBe(409);
    expect(bookingConflictSchema.parse(booking.json()).alternatives?.length).toBeGreaterThan(0);
    const second = await hold(scene, startsAt);
    expect(second.statusCode).toBe(409);

    // The guest's own search, naming the hold, sees it as free.
    const own = await guestSearch(scene, {
      fromDate: date,
      toDate: date,
      existingSoftBookingId: body.softBookingId,
    });
    expect(startsOf(own.json())).toContain(startsAt.toISOString());
  });

  it('lets an expired hold block nothing: search, booking and another hold take the time', async () => {
    const scene = await bookingScene(db, signedInClient);
    const date = localDay(4);
    const startsAt = localInstant(date, '11:00');
    const first = await held(scene, startsAt);
    await expire(first.softBookingId);

    const search = await guestSearch(scene, { fromDate: date, toDate: date });
    expect(startsOf(search.json())).toContain(startsAt.toISOString());
    const again = await hold(scene, startsAt);
    expect(again.statusCode).toBe(201);
    await expire(softBookingSchema.parse(again.json()).softBookingId);
    const booking = await book(scene, startsAt);
    expect(booking.statusCode).toBe(201);
    // The booking deleted the expired holds' reservations in its way; only the appointment's is left.
    const rows = await holdReservations([scene.vets[0]!.id]);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.appointmentId).not.toBeNull();
  });

  it('gives one of 20 parallel holds and bookings of one slot the time, and the rest a 409', async () => {
    const scene = await bookingScene(db, signedInClient);
    const startsAt = localInstant(localDay(8), '15:30');
    const responses = await Promise.all([
      ...Array.from({ length: 15 }, () => hold(scene, startsAt)),
      ...Array.from({ length: 5 }, () => book(scene, startsAt)),
    ]);
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    expect(await holdReservations([scene.vets[0]!.id])).toHaveLength(1);
  });

  it('refuses a reason limited to another species (400), an unknown species (400) and a practice with online booking off (403)', async () => {
    const scene = await bookingScene(db, signedInClient);
    const cat = await createSpecies(db, { code: 'Feline' });
    const catsOnly = await createReason(db, { durationMinutes: 15, clinicianType: 'Vet' });
    await linkReasonSpecies(db, { reasonId: catsOnly.id, speciesId: cat.id });
    const startsAt = localInstant(localDay(3), '14:00');
    const wrongSpecies = await hold(scene, startsAt, { reasonId: catsOnly.id });
    expect(wrongSpecies.statusCode).toBe(400);
    expect(apiErrorSchema.parse(wrongSpecies.json()).message).toBe(guestMessages.reasonNotForSpecies);
    const search = await guestSearch(scene, { appointmentReasonId: catsOnly.id });
    expect(search.statusCode).toBe(400);
    const unknown = await hold(scene, startsAt, { speciesId: 2_000_000_000 });
    expect(unknown.statusCode).toBe(400);

    const closed = await bookingScene(db, signedInClient, { onlineBooking: 'False' });
    expect((await hold(closed, startsAt)).statusCode).toBe(403);
    expect((await guestSearch(closed, {})).statusCode).toBe(403);
  });

  it('refuses a mobile that is not a UK one (400 on mobile)', async () => {
    const scene = await bookingScene(db, signedInClient);
    const response = await context.app.inject({
      method: 'POST',
      url: '/guest/soft-bookings',
      remoteAddress: newAddress(),
      payload: {
        practiceId: scene.practice.id,
        appointmentReasonId: scene.reason.id,
        speciesId: scene.dog.id,
        startsAt: localInstant(localDay(3), '15:00').toISOString(),
        petName: 'Pepper',
        firstName: 'Ada',
        lastName: 'Guest',
        email: 'ada@example.test',
        mobile: '020 7946 0000',
      },
    });
    expect(response.statusCode).toBe(400);
    expect(apiErrorSchema.parse(response.json()).issues?.[0]?.path).toBe('mobile');
  });

  it('allows 2 live holds per e-mail and 5 per address, then answers 429 in plain words', async () => {
    const scene = await bookingScene(db, signedInClient, { vets: 2 });
    const date = localDay(5);
    const email = `limit-${crypto.randomUUID()}@example.test`;
    await held(scene, localInstant(date, '09:00'), { email });
    await held(scene, localInstant(date, '09:30'), { email: email.toUpperCase() });
    const third = await hold(scene, localInstant(date, '10:00'), { email });
    expect(third.statusCode).toBe(429);
    expect(apiErrorSchema.parse(third.json()).message).toBe(guestMessages.tooManyHoldsForEmail);

    const address = newAddress();
    for (const time of ['13:00', '13:30', '14:00', '14:30', '15:00']) {
      await held(scene, localInstant(date, time), { address });
    }
    const sixth = await hold(scene, localInstant(date, '15:30'), { address });
    expect(sixth.statusCode).toBe(429);
    expect(apiErrorSchema.parse(sixth.json()).message).toBe(guestMessages.tooManyHoldsForAddress);
  });

  it('counts the e-mail limit under a lock: of 6 parallel holds for one e-mail, exactly 2 succeed', async () => {
    const scene = await bookingScene(db, signedInClient, { vets: 2 });
    const date = localDay(6);
    const email = `parallel-${crypto.randomUUID()}@example.test`;
    const times = ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30'];
    const responses = await Promise.all(
      times.map((time) => hold(scene, localInstant(date, time), { email })),
    );
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 201, 429, 429, 429, 429]);
  });
});

describe('what a guest reads anonymously', () => {
  it('reads the online practices, online reasons and species without signing in', async () => {
    for (const url of ['/online-practices', '/lookup/online-appointment-reasons', '/v2/species']) {
      const response = await context.app.inject({ url, remoteAddress: newAddress() });
      expect(response.statusCode, url).toBe(200);
    }
  });

  it('searches a practice’s slots without dates and without signing in', async () => {
    const scene = await bookingScene(db, signedInClient);
    const response = await guestSearch(scene, {});
    expect(response.statusCode).toBe(200);
    expect(appointmentSlotsResponseSchema.parse(response.json()).slots.length).toBeGreaterThan(0);
  });
});

describe('POST /guest/soft-bookings/{id}/extend', () => {
  it(`gives another 15 minutes from now, ${guestHoldMaxExtensions} times, then 409`, async () => {
    const scene = await bookingScene(db, signedInClient);
    const first = await held(scene, localInstant(localDay(3), '09:00'));
    for (let left = guestHoldMaxExtensions - 1; left >= 0; left -= 1) {
      const response = await extend(first.softBookingId);
      expect(response.statusCode).toBe(200);
      const body = softBookingSchema.parse(response.json());
      expect(body.extensionsLeft).toBe(left);
      const [reservation] = await db
        .select({ holdExpiresAt: clinicianReservations.holdExpiresAt })
        .from(clinicianReservations)
        .where(eq(clinicianReservations.softBookingId, first.softBookingId));
      expect(reservation?.holdExpiresAt?.toISOString()).toBe(body.expiresAt);
    }
    const refused = await extend(first.softBookingId);
    expect(refused.statusCode).toBe(409);
    expect(apiErrorSchema.parse(refused.json()).message).toBe(guestMessages.noMoreExtensions);
  });

  it('does not extend an expired hold (409)', async () => {
    const scene = await bookingScene(db, signedInClient);
    const first = await held(scene, localInstant(localDay(3), '09:30'));
    await expire(first.softBookingId);
    const response = await extend(first.softBookingId);
    expect(response.statusCode).toBe(409);
    expect(apiErrorSchema.parse(response.json()).message).toBe(guestMessages.holdExpired);
  });

  it('answers an unknown id, a malformed one and a missing one alike (404, same body)', async () => {
    const unknown = await extend(crypto.randomUUID());
    const malformed = await extend('not-a-token');
    const enumerated = await extend('1');
    for (const response of [unknown, malformed, enumerated]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(unknown.json());
    }
    expect(apiErrorSchema.parse(unknown.json()).message).toBe(guestMessages.holdNotFound);
  });
});

describe('the per-address limit of hold writes', () => {
  it('answers the 21st hold write from one address in 10 minutes with 429 and Retry-After', async () => {
    const address = newAddress();
    const write = () =>
      context.app.inject({
        method: 'POST',
        url: `/guest/soft-bookings/${crypto.randomUUID()}/extend`,
        remoteAddress: address,
      });
    for (let i = 0; i < 20; i += 1) expect((await write()).statusCode).toBe(404);
    const limited = await write();
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(apiErrorSchema.parse(limited.json()).message).toMatch(/^Too many attempts\. Please try again in/);
  });
});

describe('expireGuestHolds (the job queue’s recurring task)', () => {
  it('marks expired holds Expired and deletes their reservations, leaving live holds alone', async () => {
    const scene = await bookingScene(db, signedInClient);
    const date = localDay(7);
    const live = await held(scene, localInstant(date, '09:00'));
    const old = await held(scene, localInstant(date, '10:00'));
    await expire(old.softBookingId);
    expect(await expireGuestHolds(db)).toBeGreaterThanOrEqual(1);
    expect((await holdRow(old.softBookingId))?.status).toBe('Expired');
    expect((await holdRow(live.softBookingId))?.status).toBe('Held');
    const rows = await holdReservations([scene.vets[0]!.id]);
    expect(rows.map((r) => r.softBookingId)).toEqual([live.softBookingId]);
  });
});
