import { bookingMessages } from '@vet/contracts/appointment-booking';
import { visitDetailSchema } from '@vet/contracts/appointment-visits';
import { apiErrorSchema } from '@vet/contracts/errors';
import { clinicians } from '@vet/db/schema/clinicians';
import { createCancellationReason } from '@vet/db/testing/factories';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useSignedInTestApp } from '../../testing/signed-in-app.ts';
import { bookingHelpers, localDay, localInstant } from './testing/booking-fixtures.ts';
import { visitHelpers } from './testing/visit-fixtures.ts';

/**
 * Decision 0117: a visit moved to a vet the client names (decision 0101), and one pet removed from it, on
 * real PostgreSQL through the API.
 */
const database = useTestDatabase({ max: 10 });
const { context, signedInClient } = useSignedInTestApp(database);
const { db } = database;
const { reservationsOf } = bookingHelpers(context, db);
const { twoPetScene, bookVisit, rowsOf, visitCall } = visitHelpers(context, signedInClient, db);

describe('POST /appointments/visits/{visitId} with a named vet', () => {
  it('moves every pet to the vet named, and refuses one who has left', async () => {
    const scene = await twoPetScene({ vets: 2 });
    const [first, second] = scene.vets;
    const day = localDay(4);
    const booked = await bookVisit(scene, [scene.pet.id, scene.second.id], localInstant(day, '10:00'));
    const { visitId } = visitDetailSchema.parse(booked.json());
    const bookedWith = (await rowsOf(scene.client.id))[0]!.clinicianId;
    const other = bookedWith === first!.id ? second! : first!;

    const moved = await visitCall(scene, 'POST', visitId, {
      startsAt: localInstant(day, '11:00').toISOString(),
      clinicianId: other.id,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const rows = await rowsOf(scene.client.id);
    expect(rows.map((row) => row.clinicianId)).toEqual([other.id, other.id]);
    expect(await reservationsOf(bookedWith)).toEqual([]);

    await db.update(clinicians).set({ active: false }).where(eq(clinicians.id, bookedWith));
    const refused = await visitCall(scene, 'POST', visitId, {
      startsAt: localInstant(day, '12:00').toISOString(),
      clinicianId: bookedWith,
    });
    expect(refused.statusCode).toBe(400);
    // As booking a visit says it (book-visit.ts petContext): the pet, then the single booking's words.
    expect(apiErrorSchema.parse(refused.json()).message).toContain(bookingMessages.clinicianUnavailable);
    const kept = await rowsOf(scene.client.id);
    expect(kept.map((row) => row.startsAt.toISOString())).toEqual([
      localInstant(day, '11:00').toISOString(),
      localInstant(day, '11:30').toISOString(),
    ]);
  });
});

describe('PATCH /appointments/{appointmentId}/cancel on a visit', () => {
  it('removes one pet: the others keep their times, and a visit of one still moves as a visit', async () => {
    const scene = await twoPetScene();
    const reason = await createCancellationReason(db);
    const day = localDay(3);
    const booked = await bookVisit(scene, [scene.pet.id, scene.second.id], localInstant(day, '10:00'));
    const { visitId, appointments } = visitDetailSchema.parse(booked.json());

    const removed = await context.app.inject({
      method: 'PATCH',
      url: `/appointments/${appointments[0]!.appointmentId}/cancel?reasonId=${reason.id}`,
      headers: { authorization: scene.authorization },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const visit = visitDetailSchema.parse((await visitCall(scene, 'GET', visitId)).json());
    expect(visit.appointments.map((a) => [a.petName, a.status, a.startsAt])).toEqual([
      ['Biscuit', 'Cancelled', localInstant(day, '10:00').toISOString()],
      ['Mango', 'Booked', localInstant(day, '10:30').toISOString()],
    ]);
    expect(await reservationsOf(scene.vets[0]!.id)).toHaveLength(1);

    // A visit of one stays a visit: its own change refuses, the visit's moves it (decision 0117).
    const alone = await context.app.inject({
      method: 'POST',
      url: `/appointments/${appointments[1]!.appointmentId}`,
      headers: { authorization: scene.authorization },
      payload: { startsAt: localInstant(day, '14:00').toISOString() },
    });
    expect(apiErrorSchema.parse(alone.json()).message).toBe(bookingMessages.visitMovesTogether);
    const moved = await visitCall(scene, 'POST', visitId, {
      startsAt: localInstant(day, '14:00').toISOString(),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const rows = (await rowsOf(scene.client.id)).filter((row) => row.status === 'Booked');
    expect(rows.map((row) => [row.petId, row.startsAt.toISOString(), row.visitId])).toEqual([
      [scene.second.id, localInstant(day, '14:00').toISOString(), visitId],
    ]);
  });
});
