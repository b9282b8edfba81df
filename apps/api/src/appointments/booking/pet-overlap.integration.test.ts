import {
  appointmentDetailSchema,
  bookingConflictSchema,
  bookingMessages,
} from '@vet/contracts/appointment-booking';
import { appointments } from '@vet/db/schema/appointments';
import { createPet } from '@vet/db/testing/factories';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useSignedInTestApp } from '../../testing/signed-in-app.ts';
import { bookingHelpers, bookingScene, localDay, localInstant } from './testing/booking-fixtures.ts';

/** One pet, one booked appointment at a time (migration 0008), whichever clinicians are free. */
const database = useTestDatabase({ max: 10 });
const { context, signedInClient } = useSignedInTestApp(database);
const { db } = database;
const { book, amend } = bookingHelpers(context, db);

describe('a pet is never booked twice at once', () => {
  it('refuses an overlapping booking of the same pet with another free vet, in plain words', async () => {
    const scene = await bookingScene(db, signedInClient, { vets: 2 });
    expect((await book(scene, localInstant(localDay(3), '10:00'))).statusCode).toBe(201);

    const second = await book(scene, localInstant(localDay(3), '10:15'));
    expect(second.statusCode).toBe(409);
    expect(bookingConflictSchema.parse(second.json()).message).toBe(
      bookingMessages.petAlreadyBooked(scene.pet.name),
    );

    // Back to back is not an overlap (the 30-minute reason ends at 10:30).
    expect((await book(scene, localInstant(localDay(3), '10:30'))).statusCode).toBe(201);
  });

  it('gives one of five parallel bookings of one pet the time, with three vets free', async () => {
    const scene = await bookingScene(db, signedInClient, { vets: 3 });
    const startsAt = localInstant(localDay(4), '09:00');
    const responses = await Promise.all(Array.from({ length: 5 }, () => book(scene, startsAt)));
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    const rows = await db
      .select({ id: appointments.id })
      .from(appointments)
      .where(eq(appointments.petId, scene.pet.id));
    expect(rows).toHaveLength(1);
  });

  it('tells every loser of a rush of bookings of one pet that the pet is booked, not that the time went', async () => {
    // Parallel inserts of one pet's overlapping appointments used to wait for each other on the pet's
    // exclusion constraint: a deadlock, which PostgreSQL broke after a second by aborting one, answered
    // as a time taken by someone else (here, with one vet, there is no other to try).
    const scene = await bookingScene(db, signedInClient, { vets: 1 });
    const startsAt = localInstant(localDay(2), '09:00');
    const responses = await Promise.all(Array.from({ length: 12 }, () => book(scene, startsAt)));
    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(1);
    const messages = responses
      .filter((r) => r.statusCode !== 201)
      .map((r) => bookingConflictSchema.parse(r.json()).message);
    expect(messages).toEqual(
      Array.from({ length: 11 }, () => bookingMessages.petAlreadyBooked(scene.pet.name)),
    );
  });

  it('refuses to move an appointment onto another of the same pet, and leaves it where it was', async () => {
    const scene = await bookingScene(db, signedInClient, { vets: 2 });
    const afternoon = localInstant(localDay(5), '11:00');
    expect((await book(scene, localInstant(localDay(5), '10:00'))).statusCode).toBe(201);
    const later = appointmentDetailSchema.parse((await book(scene, afternoon)).json());

    const moved = await amend(scene, later.appointmentId, localInstant(localDay(5), '10:15'));
    expect(moved.statusCode).toBe(409);
    expect(bookingConflictSchema.parse(moved.json()).message).toBe(
      bookingMessages.petAlreadyBooked(scene.pet.name),
    );
    const [row] = await db
      .select({ startsAt: appointments.startsAt })
      .from(appointments)
      .where(eq(appointments.id, later.appointmentId));
    expect(row?.startsAt.toISOString()).toBe(afternoon.toISOString());
  });

  it('names the pet, not a taken time, when the only vet is busy with that very pet', async () => {
    const scene = await bookingScene(db, signedInClient, { vets: 1 });
    const first = localInstant(localDay(7), '10:00');
    expect((await book(scene, first)).statusCode).toBe(201);
    const again = await book(scene, first);
    expect(bookingConflictSchema.parse(again.json()).message).toBe(
      bookingMessages.petAlreadyBooked(scene.pet.name),
    );

    const later = appointmentDetailSchema.parse(
      (await book(scene, localInstant(localDay(7), '11:00'))).json(),
    );
    const moved = await amend(scene, later.appointmentId, localInstant(localDay(7), '10:15'));
    expect(moved.statusCode).toBe(409);
    expect(bookingConflictSchema.parse(moved.json()).message).toBe(
      bookingMessages.petAlreadyBooked(scene.pet.name),
    );

    // Another client's pet at the same time is no business of this one: a plain taken time.
    const other = await bookingScene(db, signedInClient, { vets: 1 });
    const { statusCode } = await book(other, localInstant(localDay(7), '10:00'));
    expect(statusCode).toBe(201);
    const taken = await book(other, localInstant(localDay(7), '10:00'), {
      petId: (await createPet(db, { clientId: other.client.id, speciesId: other.dog.id })).id,
    });
    expect(bookingConflictSchema.parse(taken.json()).message).toBe(bookingMessages.slotTaken);
  });

  it('lets a cancelled appointment’s time be booked again for the pet', async () => {
    const scene = await bookingScene(db, signedInClient, { vets: 2 });
    const startsAt = localInstant(localDay(6), '10:00');
    const first = appointmentDetailSchema.parse((await book(scene, startsAt)).json());
    // Cancelled in the database only: the first vet's reservation stays, the second vet is free.
    await db
      .update(appointments)
      .set({ status: 'Cancelled', cancelledAt: new Date() })
      .where(eq(appointments.id, first.appointmentId));
    expect((await book(scene, startsAt)).statusCode).toBe(201);
  });
});
