import {
  appointmentDetailSchema,
  bookingConflictSchema,
  bookingMessages,
} from '@vet/contracts/appointment-booking';
import { apiErrorSchema } from '@vet/contracts/errors';
import { appointments, clinicianReservations, softBookings } from '@vet/db/schema/appointments';
import { practicePrices } from '@vet/db/schema/prices';
import { createPet, createReason, createSpecies, linkReasonSpecies } from '@vet/db/testing/factories';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useSignedInTestApp } from '../../testing/signed-in-app.ts';
import { bookingHelpers, bookingScene, localDay, localInstant } from './testing/booking-fixtures.ts';

const database = useTestDatabase({ max: 20 });
const { context, signedInClient } = useSignedInTestApp(database);
const { db } = database;
const { book, amend, reservationsOf, latestEmailTo } = bookingHelpers(context, db);

describe('POST /appointments', () => {
  it('books a free start with a vet, answers 201 with the appointment, and e-mails a calendar entry', async () => {
    const scene = await bookingScene(db, signedInClient);
    const startsAt = localInstant(localDay(3), '10:00');
    const response = await book(scene, startsAt, { notes: 'Limping on the left' });
    expect(response.statusCode).toBe(201);
    const body = appointmentDetailSchema.strict().parse(response.json());
    expect(body).toMatchObject({
      petId: scene.pet.id,
      clinicianType: 'Vet',
      startsAt: startsAt.toISOString(),
      endsAt: new Date(startsAt.getTime() + 30 * 60_000).toISOString(),
      status: 'Booked',
      notes: 'Limping on the left',
      changeableUntil: new Date(startsAt.getTime() - 120 * 60_000).toISOString(),
    });
    expect(response.body).not.toContain(scene.vets[0]!.lastName);
    expect(await reservationsOf(scene.vets[0]!.id)).toHaveLength(1);

    const read = await context.app.inject({
      url: `/appointments/${body.appointmentId}`,
      headers: { authorization: scene.authorization },
    });
    expect(read.json()).toEqual(body);

    const email = await latestEmailTo(scene.client.email!);
    expect(email?.subject).toBe('Your appointment is booked');
    expect(email?.text).toMatch(/When: .* at \d\d:\d\d (GMT|BST) \(UK time\)\./);
    expect(email?.text).toContain('Price not yet published.');
    expect(email?.attachments[0]?.filename).toBe('appointment.ics');
    expect(email?.attachments[0]?.content).toContain(`UID:appointment-${body.appointmentId}@client-portal`);
  });

  it("names the reason's price in force on the appointment's day in the confirmation (issue 62)", async () => {
    const scene = await bookingScene(db, signedInClient);
    await db.insert(practicePrices).values([
      {
        practiceId: scene.practice.id,
        reasonId: scene.reason.id,
        amountPence: 4500,
        effectiveFrom: localDay(-1),
        includes: 'The examination.',
      },
      {
        practiceId: scene.practice.id,
        reasonId: scene.reason.id,
        amountPence: 120000,
        effectiveFrom: localDay(2),
      },
    ]);
    // The £1,200 in force from the day before the appointment is its price, not today's £45.
    const response = await book(scene, localInstant(localDay(3), '10:00'));
    expect(response.statusCode).toBe(201);
    const email = await latestEmailTo(scene.client.email!);
    expect(email?.text).toContain('Price: From £1,200.00.');
  });

  it('gives one of 200 concurrent bookings of one slot the time and the other 199 a 409 with alternatives', async () => {
    const scene = await bookingScene(db, signedInClient);
    const startsAt = localInstant(localDay(5), '11:00');
    // A pet each: one pet's overlapping bookings are refused for the pet's sake (pet-overlap test).
    const pets = await Promise.all(
      Array.from({ length: 200 }, () =>
        createPet(db, { clientId: scene.client.id, speciesId: scene.dog.id }),
      ),
    );
    const responses = await Promise.all(pets.map((pet) => book(scene, startsAt, { petId: pet.id })));
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(199);
    const messages = new Set(
      responses.filter((r) => r.statusCode === 409).map((r) => bookingConflictSchema.parse(r.json()).message),
    );
    expect([...messages]).toEqual([bookingMessages.slotTaken]);
    const conflict = bookingConflictSchema.parse(responses.find((r) => r.statusCode === 409)!.json());
    expect(conflict.message).toBe(bookingMessages.slotTaken);
    expect(conflict.alternatives?.length).toBeGreaterThan(0);
    expect(conflict.alternatives?.map((a) => a.startsAt)).not.toContain(startsAt.toISOString());
    expect(await reservationsOf(scene.vets[0]!.id)).toHaveLength(1);
  });

  it('makes one booking of 10 parallel requests with one Idempotency-Key, and refuses the key with another body', async () => {
    const scene = await bookingScene(db, signedInClient, { vets: 3 });
    const startsAt = localInstant(localDay(6), '09:30');
    const key = `key-${crypto.randomUUID()}`;
    const responses = await Promise.all(Array.from({ length: 10 }, () => book(scene, startsAt, { key })));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
    const ids = new Set(responses.map((r) => appointmentDetailSchema.parse(r.json()).appointmentId));
    expect(ids.size).toBe(1);
    const rows = await db
      .select({ id: appointments.id })
      .from(appointments)
      .where(eq(appointments.idempotencyKey, key));
    expect(rows).toHaveLength(1);
    const retry = await book(scene, startsAt, { key });
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(responses[0]!.json());

    const other = await book(scene, localInstant(localDay(6), '10:30'), { key });
    expect(other.statusCode).toBe(422);
    expect(apiErrorSchema.parse(other.json()).message).toBe(bookingMessages.idempotencyKeyReused);
  });

  it('never lets a guest hold, a longer booking or a move overlap one clinician', async () => {
    const scene = await bookingScene(db, signedInClient);
    const vet = scene.vets[0]!;
    const date = localDay(7);
    const at = (time: string) => localInstant(date, time);
    // A live guest hold at 09:00 blocks; an expired one at 14:00 is released by the booking that needs it.
    for (const [time, expiresAt] of [
      ['09:00', new Date(Date.now() + 15 * 60_000)],
      ['14:00', new Date(Date.now() - 60_000)],
    ] as const) {
      const [hold] = await db
        .insert(softBookings)
        .values({
          practiceId: scene.practice.id,
          clinicianId: vet.id,
          reasonId: scene.reason.id,
          startsAt: at(time),
          endsAt: new Date(at(time).getTime() + 30 * 60_000),
          expiresAt,
          firstName: 'Guest',
          lastName: 'Person',
          email: 'guest@example.test',
          petName: 'Rex',
          speciesId: scene.dog.id,
        })
        .returning({ id: softBookings.id });
      await db.insert(clinicianReservations).values({
        clinicianId: vet.id,
        during: `[${at(time).toISOString()},${new Date(at(time).getTime() + 30 * 60_000).toISOString()})`,
        softBookingId: hold!.id,
        holdExpiresAt: expiresAt,
      });
    }
    expect((await book(scene, at('09:00'))).statusCode).toBe(409);
    expect((await book(scene, at('14:00'))).statusCode).toBe(201);

    // A 60-minute reason at 10:00 and a 30-minute one at 10:30, at once: one clinician, one of them.
    const long = await createReason(db, { clinicianType: 'Vet', durationMinutes: 60 });
    const booked = await book(scene, at('11:00'));
    const mine = appointmentDetailSchema.parse(booked.json());
    const [a, b, c] = await Promise.all([
      book(scene, at('10:00'), { reasonId: long.id }),
      book(scene, at('10:30')),
      amend(scene, mine.appointmentId, at('10:15')),
    ]);
    expect([a.statusCode, b.statusCode, c.statusCode].filter((s) => s === 201 || s === 200)).toHaveLength(1);
    const overlaps = await db.execute<{ n: number }>(sql`
      select count(*)::int as n from ${clinicianReservations} x join ${clinicianReservations} y
        on x.clinician_id = y.clinician_id and x.id < y.id and x.during && y.during
      where x.clinician_id = ${vet.id}`);
    expect(overlaps.rows[0]?.n).toBe(0);
  });

  it('refuses another client’s pet like a missing one, and applies the booking rules', async () => {
    const scene = await bookingScene(db, signedInClient);
    const other = await bookingScene(db, signedInClient);
    const startsAt = localInstant(localDay(3), '10:00');
    const theirs = await book(scene, startsAt, { petId: other.pet.id });
    const missing = await book(scene, startsAt, { petId: 2_000_000_000 });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual(missing.json());

    const off = await bookingScene(db, signedInClient, { onlineBooking: null });
    expect(apiErrorSchema.parse((await book(off, startsAt)).json()).message).toBe(
      bookingMessages.bookingUnavailable,
    );
    const blocked = await bookingScene(db, signedInClient, { allowed: false });
    expect((await book(blocked, startsAt)).statusCode).toBe(403);
    const awaiting = await createPet(db, {
      clientId: scene.client.id,
      speciesId: scene.dog.id,
      awaitingInitialConsultation: true,
    });
    const refused = await book(scene, startsAt, { petId: awaiting.id });
    expect(refused.statusCode).toBe(403);
    expect(apiErrorSchema.parse(refused.json()).message).toBe(bookingMessages.awaitingInitialConsultation);
    const deceased = await createPet(db, {
      clientId: scene.client.id,
      speciesId: scene.dog.id,
      status: 'Deceased',
    });
    expect((await book(scene, startsAt, { petId: deceased.id })).statusCode).toBe(403);
    const rehomed = await createPet(db, {
      clientId: scene.client.id,
      speciesId: scene.dog.id,
      status: 'Rehomed',
    });
    const refusedRehomed = await book(scene, startsAt, { petId: rehomed.id });
    expect(refusedRehomed.statusCode).toBe(403);
    expect(apiErrorSchema.parse(refusedRehomed.json()).message).toBe(bookingMessages.petRehomed);
    const cat = await createSpecies(db, { code: 'Feline' });
    const catsOnly = await createReason(db, { clinicianType: 'Vet', durationMinutes: 30 });
    await linkReasonSpecies(db, { reasonId: catsOnly.id, speciesId: cat.id });
    const wrongSpecies = await book(scene, startsAt, { reasonId: catsOnly.id });
    expect(wrongSpecies.statusCode).toBe(400);
    expect(apiErrorSchema.parse(wrongSpecies.json()).message).toBe(bookingMessages.reasonNotForSpecies);
    // Off the grid or inside the notice: not a slot.
    expect((await book(scene, localInstant(localDay(3), '10:05'))).statusCode).toBe(409);
    expect((await book(scene, new Date(Date.now() + 30 * 60_000))).statusCode).toBe(409);
  });
});
