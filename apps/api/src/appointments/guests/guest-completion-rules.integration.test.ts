import { appointmentDetailSchema, bookingConflictSchema } from '@vet/contracts/appointment-booking';
import { apiErrorSchema } from '@vet/contracts/errors';
import { guestHoldCompletionHours, guestMessages } from '@vet/contracts/guest-bookings';
import { appointments, clinicianReservations, softBookings } from '@vet/db/schema/appointments';
import { clinicianRotaShifts } from '@vet/db/schema/clinicians';
import { pets } from '@vet/db/schema/clients';
import { createPet } from '@vet/db/testing/factories';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useSignedInTestApp } from '../../testing/signed-in-app.ts';
import {
  bookingHelpers,
  bookingScene,
  closePractice,
  localDay,
  localInstant,
  type BookingScene,
} from '../booking/testing/booking-fixtures.ts';
import { guestHelpers } from './testing/guest-fixtures.ts';

const database = useTestDatabase({ max: 20 });
const { context, signedInClient } = useSignedInTestApp(database);
const { db } = database;
const { book } = bookingHelpers(context, db);
const { held, expire, holdRow } = guestHelpers(context, db);
const HOUR_MS = 60 * 60_000;

const complete = (id: string, authorization: string, startsAt?: Date) =>
  context.app.inject({
    method: 'POST',
    url: `/guest/soft-bookings/${id}/complete`,
    headers: { authorization },
    payload: { petSex: 'Female', ...(startsAt ? { startsAt: startsAt.toISOString() } : {}) },
  });

/** Moves an ended hold (and what is left of its reservation) to another time, as if it were made long ago. */
async function heldAt(id: string, startsAt: Date, createdAt = new Date(Date.now() - 2 * HOUR_MS)) {
  const endsAt = new Date(startsAt.getTime() + 30 * 60_000);
  await db.update(softBookings).set({ startsAt, endsAt, createdAt }).where(eq(softBookings.id, id));
  await db
    .update(clinicianReservations)
    .set({ during: `[${startsAt.toISOString()},${endsAt.toISOString()})` })
    .where(eq(clinicianReservations.softBookingId, id));
}

/** The client's appointments and the pets the guest flow registered for them. */
async function madeFor(scene: BookingScene) {
  const booked = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(eq(appointments.clientId, scene.client.id));
  const registered = await db.select({ id: pets.id }).from(pets).where(eq(pets.clientId, scene.client.id));
  return { appointments: booked.length, pets: registered.length - 1 };
}

function expectGone(response: Awaited<ReturnType<typeof complete>>) {
  expect(response.statusCode).toBe(409);
  const body = bookingConflictSchema.parse(response.json());
  expect(body.message).toBe(guestMessages.slotGone);
  return body;
}

/** Finding 7 of the ASVS review: an ended hold was completed without the slot rules (decision 0057). */
describe('completing a hold that has ended', () => {
  it('re-runs the slot rules: a closure now over the held time answers 409 with the nearest free times', async () => {
    const scene = await bookingScene(db, signedInClient);
    const date = localDay(3);
    const hold = await held(scene, localInstant(date, '10:00'));
    await expire(hold.softBookingId);
    await closePractice(db, scene.practice.id, localInstant(date, '09:30'), localInstant(date, '11:00'));

    const body = expectGone(await complete(hold.softBookingId, scene.authorization));
    expect(body.alternatives?.length).toBeGreaterThan(0);
    expect(await madeFor(scene)).toEqual({ appointments: 0, pets: 0 });
    expect((await holdRow(hold.softBookingId))?.status).toBe('Held');
  });

  it('refuses a held time that has passed, or no longer leaves the minimum notice', async () => {
    const scene = await bookingScene(db, signedInClient);
    const past = await held(scene, localInstant(localDay(3), '09:00'));
    await expire(past.softBookingId);
    await heldAt(past.softBookingId, new Date(Date.now() - HOUR_MS));
    expectGone(await complete(past.softBookingId, scene.authorization));

    const soon = await held(scene, localInstant(localDay(3), '09:30'));
    await expire(soon.softBookingId);
    await heldAt(soon.softBookingId, new Date(Date.now() + HOUR_MS));
    expectGone(await complete(soon.softBookingId, scene.authorization));
    expect(await madeFor(scene)).toEqual({ appointments: 0, pets: 0 });
  });

  it('refuses a held time its clinician no longer works (the rota changed)', async () => {
    const scene = await bookingScene(db, signedInClient);
    const hold = await held(scene, localInstant(localDay(4), '14:00'));
    await expire(hold.softBookingId);
    await db.delete(clinicianRotaShifts).where(eq(clinicianRotaShifts.clinicianId, scene.vets[0]!.id));
    expectGone(await complete(hold.softBookingId, scene.authorization));
    expect(await madeFor(scene)).toEqual({ appointments: 0, pets: 0 });
  });

  it(`refuses a hold made more than ${guestHoldCompletionHours} hours ago, even at a free time (409 in plain words)`, async () => {
    const scene = await bookingScene(db, signedInClient);
    const startsAt = localInstant(localDay(5), '11:00');
    const hold = await held(scene, startsAt);
    await expire(hold.softBookingId);
    await heldAt(
      hold.softBookingId,
      startsAt,
      new Date(Date.now() - (guestHoldCompletionHours + 1) * HOUR_MS),
    );

    const response = await complete(hold.softBookingId, scene.authorization);
    expect(response.statusCode).toBe(409);
    expect(apiErrorSchema.parse(response.json()).message).toBe(guestMessages.holdTooOld);
    expect(await madeFor(scene)).toEqual({ appointments: 0, pets: 0 });
  });

  it('books one of the nearest free times the 409 offered instead (startsAt), and only a free one', async () => {
    const scene = await bookingScene(db, signedInClient);
    const date = localDay(6);
    const hold = await held(scene, localInstant(date, '10:00'));
    await expire(hold.softBookingId);
    const other = await signedInClient({ homePracticeId: scene.practice.id });
    const otherPet = await createPet(db, { clientId: other.client.id, speciesId: scene.dog.id });
    const taken = await book({ ...scene, authorization: other.authorization }, localInstant(date, '10:00'), {
      petId: otherPet.id,
    });
    expect(taken.statusCode).toBe(201);
    const { alternatives } = expectGone(await complete(hold.softBookingId, scene.authorization));

    // A start that is not free (the time the other client took) is refused like the held one.
    expectGone(await complete(hold.softBookingId, scene.authorization, localInstant(date, '10:00')));
    const chosen = alternatives![0]!;
    const response = await complete(hold.softBookingId, scene.authorization, new Date(chosen.startsAt));
    expect(response.statusCode).toBe(201);
    const appointment = appointmentDetailSchema.parse(response.json());
    expect(appointment.startsAt).toBe(chosen.startsAt);
    expect((await holdRow(hold.softBookingId))?.status).toBe('Converted');
    const reserved = await db
      .select({ appointmentId: clinicianReservations.appointmentId })
      .from(clinicianReservations)
      .where(eq(clinicianReservations.appointmentId, appointment.appointmentId));
    expect(reserved).toHaveLength(1);
  });

  it('moves a live hold’s completion to a free start the client chose, releasing the held time', async () => {
    const scene = await bookingScene(db, signedInClient);
    const date = localDay(7);
    const hold = await held(scene, localInstant(date, '15:00'));
    const response = await complete(hold.softBookingId, scene.authorization, localInstant(date, '16:00'));
    expect(response.statusCode).toBe(201);
    expect(appointmentDetailSchema.parse(response.json()).startsAt).toBe(
      localInstant(date, '16:00').toISOString(),
    );
    const left = await db
      .select({ id: clinicianReservations.id })
      .from(clinicianReservations)
      .where(eq(clinicianReservations.softBookingId, hold.softBookingId));
    expect(left).toEqual([]);
    expect((await book(scene, localInstant(date, '15:00'))).statusCode).toBe(201);
  });
});
