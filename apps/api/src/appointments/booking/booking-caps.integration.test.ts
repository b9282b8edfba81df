import { bookingLimits, bookingMessages } from '@vet/contracts/appointment-booking';
import { apiErrorSchema } from '@vet/contracts/errors';
import { appointments } from '@vet/db/schema/appointments';
import { pets } from '@vet/db/schema/clients';
import { createAppointment, createPet, createReason } from '@vet/db/testing/factories';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { and, eq, gt } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useSignedInTestApp } from '../../testing/signed-in-app.ts';
import { guestHelpers } from '../guests/testing/guest-fixtures.ts';
import {
  bookingHelpers,
  bookingScene,
  localDay,
  localInstant,
  type BookingScene,
} from './testing/booking-fixtures.ts';

const database = useTestDatabase({ max: 20 });
const { context, signedInClient } = useSignedInTestApp(database);
const { db } = database;
const { book } = bookingHelpers(context, db);
const { held, complete } = guestHelpers(context, db);
const { futureAppointmentsPerClient: perClient, futureAppointmentsPerPet: perPet } = bookingLimits;

/**
 * Upcoming appointments made as the practice's system makes them, one a day at 09:00 from day 10 on
 * (clear of the times the tests book), shared out over the pets in turn.
 */
async function upcoming(scene: BookingScene, count: number, petIds: number[] = [scene.pet.id]) {
  for (let i = 0; i < count; i += 1) {
    const startsAt = localInstant(localDay(10 + i), '09:00');
    await createAppointment(db, {
      practiceId: scene.practice.id,
      clinicianId: scene.vets[0]!.id,
      clientId: scene.client.id,
      petId: petIds[i % petIds.length]!,
      reasonId: scene.reason.id,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 30 * 60_000),
    });
  }
}

const petsOf = (scene: BookingScene, count: number) =>
  Promise.all(
    Array.from({ length: count }, () =>
      createPet(db, { clientId: scene.client.id, speciesId: scene.dog.id }),
    ),
  );

const futureOf = async (scene: BookingScene) =>
  (
    await db
      .select({ id: appointments.id })
      .from(appointments)
      .where(
        and(
          eq(appointments.clientId, scene.client.id),
          eq(appointments.status, 'Booked'),
          gt(appointments.startsAt, new Date()),
        ),
      )
  ).length;

/** Thirty free starts over days 3 to 5, clear of the seeded 09:00s. */
const freeStarts = [
  '09:30',
  '10:00',
  '10:30',
  '11:00',
  '11:30',
  '13:00',
  '13:30',
  '14:00',
  '14:30',
  '15:00',
].flatMap((time) => [3, 4, 5].map((day) => localInstant(localDay(day), time)));

const expectRefused = (response: Awaited<ReturnType<typeof book>>, message: string) => {
  expect(response.statusCode).toBe(403);
  expect(apiErrorSchema.parse(response.json()).message).toBe(message);
};

/** Finding 4 of the ASVS review: bookings had no cap (decision 0057). */
describe('caps on upcoming appointments', () => {
  it(`refuses a client’s booking past ${perClient} upcoming appointments, in plain words (403)`, async () => {
    const scene = await bookingScene(db, signedInClient, { vets: 2 });
    const owned = await petsOf(scene, 3);
    await upcoming(
      scene,
      perClient - 1,
      owned.map((pet) => pet.id),
    );
    // Past and cancelled ones do not count.
    const past = localInstant(localDay(-3), '09:00');
    await createAppointment(db, {
      practiceId: scene.practice.id,
      clinicianId: scene.vets[1]!.id,
      clientId: scene.client.id,
      petId: scene.pet.id,
      reasonId: scene.reason.id,
      startsAt: past,
      endsAt: new Date(past.getTime() + 30 * 60_000),
    });
    expect((await book(scene, freeStarts[0]!)).statusCode).toBe(201);
    expect(await futureOf(scene)).toBe(perClient);

    expectRefused(await book(scene, freeStarts[1]!), bookingMessages.tooManyForClient);
    expect(await futureOf(scene)).toBe(perClient);
  });

  it(`refuses a pet’s booking past ${perPet} upcoming appointments, naming the pet; another pet still books`, async () => {
    const scene = await bookingScene(db, signedInClient);
    await upcoming(scene, perPet);
    expectRefused(await book(scene, freeStarts[0]!), bookingMessages.tooManyForPet(scene.pet.name));
    const [other] = await petsOf(scene, 1);
    expect((await book(scene, freeStarts[0]!, { petId: other!.id })).statusCode).toBe(201);
  });

  it('books a pet awaiting its initial consultation that one consultation, and not a second (403 with the dialog’s words)', async () => {
    const scene = await bookingScene(db, signedInClient);
    const initial = await createReason(db, {
      durationMinutes: 30,
      clinicianType: 'Vet',
      isInitialConsultation: true,
    });
    const [puppy] = await petsOf(scene, 1);
    await db.update(pets).set({ awaitingInitialConsultation: true }).where(eq(pets.id, puppy!.id));
    const first = await book(scene, freeStarts[0]!, { petId: puppy!.id, reasonId: initial.id });
    expect(first.statusCode).toBe(201);
    expectRefused(
      await book(scene, freeStarts[3]!, { petId: puppy!.id, reasonId: initial.id }),
      bookingMessages.awaitingInitialConsultation,
    );
  });

  it('counts under the client’s lock: of parallel bookings for eight pets one short of the cap, one passes', async () => {
    const scene = await bookingScene(db, signedInClient, { vets: 2 });
    const seeded = await petsOf(scene, 3);
    await upcoming(
      scene,
      perClient - 1,
      seeded.map((pet) => pet.id),
    );
    const eight = await petsOf(scene, 8);
    const responses = await Promise.all(
      eight.map((pet, i) => book(scene, freeStarts[i]!, { petId: pet.id })),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 403, 403, 403, 403, 403, 403, 403]);
    expect(await futureOf(scene)).toBe(perClient);
  });

  it('counts under the pet’s lock: of parallel bookings of one pet one short of its cap, one passes', async () => {
    const scene = await bookingScene(db, signedInClient, { vets: 2 });
    await upcoming(scene, perPet - 1);
    const responses = await Promise.all(freeStarts.slice(0, 6).map((startsAt) => book(scene, startsAt)));
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 403, 403, 403, 403, 403]);
    expect(await futureOf(scene)).toBe(perPet);
  });

  it('counts a completed guest hold toward the client’s cap: nothing is made past it', async () => {
    const scene = await bookingScene(db, signedInClient, { vets: 2 });
    const owned = await petsOf(scene, 3);
    await upcoming(
      scene,
      perClient,
      owned.map((pet) => pet.id),
    );
    const hold = await held(scene, freeStarts[0]!);
    expectRefused(await complete(hold.softBookingId, scene.authorization), bookingMessages.tooManyForClient);
    expect(await futureOf(scene)).toBe(perClient);
  });
});
