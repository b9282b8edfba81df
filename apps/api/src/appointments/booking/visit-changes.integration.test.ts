import { bookingConflictSchema, bookingMessages } from '@vet/contracts/appointment-booking';
import { visitDetailSchema } from '@vet/contracts/appointment-visits';
import { apiErrorSchema } from '@vet/contracts/errors';
import { createCancellationReason, createPet } from '@vet/db/testing/factories';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { describe, expect, it } from 'vitest';
import { useSignedInTestApp } from '../../testing/signed-in-app.ts';
import { bookingHelpers, localDay, localInstant } from './testing/booking-fixtures.ts';
import { visitHelpers } from './testing/visit-fixtures.ts';

/** Decision 0117: a visit moved and cancelled as one, on real PostgreSQL through the API. */
const database = useTestDatabase({ max: 20 });
const { context, signedInClient } = useSignedInTestApp(database);
const { db } = database;
const { book, reservationsOf } = bookingHelpers(context, db);
const { twoPetScene, bookVisit, rowsOf, eventsOf, emailsTo, visitCall } = visitHelpers(
  context,
  signedInClient,
  db,
);

describe('PATCH /appointments/visits/{visitId}/cancel', () => {
  it('cancels the visit as one: times freed, an event per appointment, one e-mail', async () => {
    const scene = await twoPetScene();
    const reason = await createCancellationReason(db);
    const booked = await bookVisit(
      scene,
      [scene.pet.id, scene.second.id],
      localInstant(localDay(3), '10:00'),
    );
    const { visitId } = visitDetailSchema.parse(booked.json());

    const stranger = await twoPetScene();
    const refused = await context.app.inject({
      method: 'PATCH',
      url: `/appointments/visits/${visitId}/cancel?reasonId=${reason.id}`,
      headers: { authorization: stranger.authorization },
    });
    expect(refused.statusCode).toBe(404);
    const unknown = await context.app.inject({
      url: `/appointments/visits/${crypto.randomUUID()}`,
      headers: { authorization: scene.authorization },
    });
    expect(unknown.statusCode).toBe(404);
    expect(apiErrorSchema.parse(unknown.json())).toEqual(apiErrorSchema.parse(refused.json()));

    const response = await context.app.inject({
      method: 'PATCH',
      url: `/appointments/visits/${visitId}/cancel?reasonId=${reason.id}`,
      headers: { authorization: scene.authorization },
    });
    expect(response.statusCode, response.body).toBe(200);
    const visit = visitDetailSchema.parse(response.json());
    expect(visit.appointments.map((a) => a.status)).toEqual(['Cancelled', 'Cancelled']);
    expect(await reservationsOf(scene.vets[0]!.id)).toEqual([]);
    const events = await eventsOf(scene.client.id);
    expect(
      events
        .filter((e) => e.type === 'appointment.cancelled')
        .map((e) => (e.data as { visit_id?: string }).visit_id),
    ).toEqual([visitId, visitId]);
    const emails = await emailsTo(scene.client.email!);
    expect(emails.map((email) => email.subject)).toEqual([
      'Your appointment is booked',
      'Your appointment is cancelled',
    ]);
    expect(emails[1]!.attachments[0]!.content).toContain('METHOD:CANCEL');

    const twice = await context.app.inject({
      method: 'PATCH',
      url: `/appointments/visits/${visitId}/cancel?reasonId=${reason.id}`,
      headers: { authorization: scene.authorization },
    });
    expect(twice.statusCode).toBe(409);
  });
});

describe('POST /appointments/visits/{visitId}', () => {
  it('moves the whole visit, its pets in order, one event each and one e-mail', async () => {
    const scene = await twoPetScene();
    const day = localDay(3);
    const booked = await bookVisit(scene, [scene.pet.id, scene.second.id], localInstant(day, '10:00'));
    const { visitId } = visitDetailSchema.parse(booked.json());

    // Half its length later: the visit's own time counts as free, and its reservations do not collide.
    const response = await visitCall(scene, 'POST', visitId, {
      startsAt: localInstant(day, '10:30').toISOString(),
    });
    expect(response.statusCode, response.body).toBe(200);
    const visit = visitDetailSchema.parse(response.json());
    expect(visit.appointments.map((a) => [a.petName, a.startsAt])).toEqual([
      ['Biscuit', localInstant(day, '10:30').toISOString()],
      ['Mango', localInstant(day, '11:00').toISOString()],
    ]);
    const reservations = await reservationsOf(scene.vets[0]!.id);
    expect(reservations).toHaveLength(2);
    const amended = (await eventsOf(scene.client.id)).filter((e) => e.type === 'appointment.amended');
    expect(amended.map((e) => (e.data as { visit_id?: string }).visit_id)).toEqual([visitId, visitId]);
    const emails = await emailsTo(scene.client.email!);
    expect(emails.map((email) => email.subject)).toEqual([
      'Your appointment is booked',
      'Your appointment has moved',
    ]);
    expect(emails[1]!.attachments[0]!.content).toContain('SEQUENCE:1');
  });

  it('keeps the visit where it was when the new time is not free, and refuses moving one pet alone', async () => {
    const scene = await twoPetScene();
    const day = localDay(3);
    const booked = await bookVisit(scene, [scene.pet.id, scene.second.id], localInstant(day, '10:00'));
    const {
      visitId,
      appointments: [first],
    } = visitDetailSchema.parse(booked.json());
    const pip = await createPet(db, { clientId: scene.client.id, speciesId: scene.dog.id, name: 'Pip' });
    expect((await book(scene, localInstant(day, '15:30'), { petId: pip.id })).statusCode).toBe(201);

    const response = await visitCall(scene, 'POST', visitId, {
      startsAt: localInstant(day, '15:00').toISOString(),
    });
    expect(response.statusCode).toBe(409);
    expect(bookingConflictSchema.parse(response.json()).alternatives?.length).toBeGreaterThan(0);
    const rows = (await rowsOf(scene.client.id)).filter((row) => row.visitId === visitId);
    expect(rows.map((row) => row.startsAt.toISOString())).toEqual([
      localInstant(day, '10:00').toISOString(),
      localInstant(day, '10:30').toISOString(),
    ]);

    const alone = await context.app.inject({
      method: 'POST',
      url: `/appointments/${first!.appointmentId}`,
      headers: { authorization: scene.authorization },
      payload: { startsAt: localInstant(day, '14:00').toISOString() },
    });
    expect(alone.statusCode).toBe(409);
    expect(apiErrorSchema.parse(alone.json()).message).toBe(bookingMessages.visitMovesTogether);

    const stranger = await twoPetScene();
    const refused = await visitCall(stranger, 'POST', visitId, {
      startsAt: localInstant(day, '14:00').toISOString(),
    });
    expect(refused.statusCode).toBe(404);
  });
});
