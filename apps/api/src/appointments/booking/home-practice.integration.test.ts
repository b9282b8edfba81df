import { bookingMessages } from '@vet/contracts/appointment-booking';
import { apiErrorSchema } from '@vet/contracts/errors';
import { featureKeys } from '@vet/contracts/practices';
import { appointments } from '@vet/db/schema/appointments';
import { createClinician, createPractice, createRotaShift } from '@vet/db/testing/factories';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useSignedInTestApp } from '../../testing/signed-in-app.ts';
import {
  bookingHelpers,
  bookingScene,
  localDay,
  localInstant,
  slotQuery,
  type BookingScene,
} from './testing/booking-fixtures.ts';

const database = useTestDatabase();
const { context, signedInClient } = useSignedInTestApp(database);
const { db } = database;
const { book, amend } = bookingHelpers(context, db);

/** Another practice of the group, taking bookings online, with a vet who works every day. */
async function otherPractice() {
  const practice = await createPractice(db, {}, { [featureKeys.onlineBooking]: 'True' });
  const vet = await createClinician(db, { practiceId: practice.id, type: 'Vet' });
  for (let dayOfWeek = 1; dayOfWeek <= 7; dayOfWeek += 1)
    await createRotaShift(db, { clinicianId: vet.id, dayOfWeek, startsAt: '09:00', endsAt: '17:00' });
  return { practice, vet };
}

const searchAt = (scene: BookingScene, practiceId: number) =>
  context.app.inject({
    url: `/practices/${practiceId}/appointment-slots?${slotQuery({
      appointmentReasonId: scene.reason.id,
      petId: scene.pet.id,
      fromDate: localDay(2),
      toDate: localDay(4),
    })}`,
    headers: { authorization: scene.authorization },
  });

function expectUnavailable(response: { statusCode: number; json: () => unknown }) {
  expect(response.statusCode).toBe(403);
  expect(apiErrorSchema.parse(response.json()).message).toBe(bookingMessages.bookingUnavailable);
}

/** R6.4: online booking belongs to the client's home practice; the group's other practices are closed to them online. */
describe('booking at the home practice only', () => {
  it('searches and books at the home practice, and refuses both at another practice that takes bookings', async () => {
    const scene = await bookingScene(db, signedInClient);
    const other = await otherPractice();
    const startsAt = localInstant(localDay(3), '10:00');

    expect((await searchAt(scene, scene.practice.id)).statusCode).toBe(200);
    expectUnavailable(await searchAt(scene, other.practice.id));

    expectUnavailable(await book({ ...scene, practice: other.practice }, startsAt));
    const written = await db
      .select({ id: appointments.id })
      .from(appointments)
      .where(eq(appointments.clientId, scene.client.id));
    expect(written).toEqual([]);

    expect((await book(scene, startsAt)).statusCode).toBe(201);
  });

  it('refuses another practice even when the home practice’s or the client’s setting is off', async () => {
    for (const options of [{ onlineBooking: 'False' }, { allowed: false }]) {
      const scene = await bookingScene(db, signedInClient, options);
      const other = await otherPractice();
      expectUnavailable(await searchAt(scene, other.practice.id));
      expectUnavailable(
        await book({ ...scene, practice: other.practice }, localInstant(localDay(3), '11:00')),
      );
    }
  });

  it('refuses to move an appointment held at another practice, which stays as it was', async () => {
    const scene = await bookingScene(db, signedInClient);
    const other = await otherPractice();
    const booked = await book(scene, localInstant(localDay(3), '10:00'));
    const { appointmentId } = booked.json<{ appointmentId: number }>();
    // As if the practice had booked it at another of its practices.
    await db
      .update(appointments)
      .set({ practiceId: other.practice.id, clinicianId: other.vet.id })
      .where(eq(appointments.id, appointmentId));

    expectUnavailable(await amend(scene, appointmentId, localInstant(localDay(4), '10:00')));
    const [stored] = await db
      .select({ startsAt: appointments.startsAt, practiceId: appointments.practiceId })
      .from(appointments)
      .where(eq(appointments.id, appointmentId));
    expect(stored).toEqual({
      startsAt: localInstant(localDay(3), '10:00'),
      practiceId: other.practice.id,
    });
  });
});
