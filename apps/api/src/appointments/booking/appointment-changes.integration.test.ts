import {
  appointmentDetailSchema,
  bookingConflictSchema,
  bookingMessages,
} from '@vet/contracts/appointment-booking';
import { apiErrorSchema } from '@vet/contracts/errors';
import { appointments } from '@vet/db/schema/appointments';
import { pets } from '@vet/db/schema/clients';
import { createAppointment, createCancellationReason, createPet } from '@vet/db/testing/factories';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useSignedInTestApp } from '../../testing/signed-in-app.ts';
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
const { book, reservationsOf, latestEmailTo } = bookingHelpers(context, db);

describe('one appointment: read, amend, cancel', () => {
  const call = (scene: BookingScene, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    context.app.inject({
      method,
      url,
      headers: { authorization: scene.authorization },
      ...(payload ? { payload } : {}),
    });

  it('answers 404 to every method for another client’s appointment, exactly like a missing one', async () => {
    const scene = await bookingScene(db, signedInClient);
    const other = await bookingScene(db, signedInClient);
    const theirs = appointmentDetailSchema.parse(
      (await book(other, localInstant(localDay(3), '10:00'))).json(),
    );
    const reason = await createCancellationReason(db);
    const startsAt = localInstant(localDay(3), '14:00').toISOString();
    for (const id of [theirs.appointmentId, 2_000_000_000]) {
      const responses = [
        await call(scene, 'GET', `/appointments/${id}`),
        await call(scene, 'POST', `/appointments/${id}`, { startsAt }),
        await call(scene, 'PATCH', `/appointments/${id}/cancel?reasonId=${reason.id}`),
      ];
      expect(responses.map((r) => r.statusCode)).toEqual([404, 404, 404]);
      expect(responses.map((r) => apiErrorSchema.parse(r.json()))).toEqual(
        Array(3).fill(apiErrorSchema.parse(responses[0]!.json())),
      );
    }
    expect((await call(other, 'GET', `/appointments/${theirs.appointmentId}`)).json()).toMatchObject({
      status: 'Booked',
    });
  });

  it('cancels: frees the time, keeps the record, e-mails a cancelling calendar entry', async () => {
    const scene = await bookingScene(db, signedInClient);
    const startsAt = localInstant(localDay(3), '10:00');
    const booked = appointmentDetailSchema.parse((await book(scene, startsAt)).json());
    const reason = await createCancellationReason(db);
    const response = await call(
      scene,
      'PATCH',
      `/appointments/${booked.appointmentId}/cancel?reasonId=${reason.id}`,
    );
    expect(response.statusCode).toBe(200);
    expect(appointmentDetailSchema.parse(response.json())).toMatchObject({
      status: 'Cancelled',
      cancellationReasonId: reason.id,
    });
    expect(await reservationsOf(scene.vets[0]!.id)).toHaveLength(0);
    const email = await latestEmailTo(scene.client.email!);
    expect(email?.subject).toBe('Your appointment is cancelled');
    expect(email?.attachments[0]?.content).toContain('METHOD:CANCEL');
    expect(
      (await call(scene, 'PATCH', `/appointments/${booked.appointmentId}/cancel?reasonId=${reason.id}`))
        .statusCode,
    ).toBe(409);
    expect((await book(scene, startsAt)).statusCode).toBe(201);
  });

  it('amends atomically: the new time is taken and the old freed; a taken time leaves it where it was', async () => {
    const scene = await bookingScene(db, signedInClient);
    const date = localDay(4);
    const at = (time: string) => localInstant(date, time);
    const booked = appointmentDetailSchema.parse((await book(scene, at('10:00'))).json());
    const moved = await call(scene, 'POST', `/appointments/${booked.appointmentId}`, {
      startsAt: at('10:15').toISOString(),
    });
    expect(moved.statusCode).toBe(200);
    expect(appointmentDetailSchema.parse(moved.json()).startsAt).toBe(at('10:15').toISOString());
    const reservations = await reservationsOf(scene.vets[0]!.id);
    expect(reservations).toHaveLength(1);
    const email = await latestEmailTo(scene.client.email!);
    expect(email?.subject).toBe('Your appointment has moved');
    expect(email?.attachments[0]?.content).toContain('METHOD:REQUEST');
    expect(email?.attachments[0]?.content).toContain(`UID:appointment-${booked.appointmentId}@client-portal`);

    const stranger = await signedInClient({ homePracticeId: scene.practice.id });
    const strangerPet = await createPet(db, { clientId: stranger.client.id, speciesId: scene.dog.id });
    expect((await book({ ...scene, ...stranger, pet: strangerPet }, at('14:00'))).statusCode).toBe(201);
    const refused = await call(scene, 'POST', `/appointments/${booked.appointmentId}`, {
      startsAt: at('14:00').toISOString(),
    });
    expect(refused.statusCode).toBe(409);
    expect(bookingConflictSchema.parse(refused.json()).alternatives?.length).toBeGreaterThan(0);
    expect((await call(scene, 'GET', `/appointments/${booked.appointmentId}`)).json()).toMatchObject({
      startsAt: at('10:15').toISOString(),
    });
  });

  it('refuses to move the appointment of a pet since rehomed, as a new booking is, and still cancels it', async () => {
    const scene = await bookingScene(db, signedInClient);
    const booked = appointmentDetailSchema.parse(
      (await book(scene, localInstant(localDay(3), '10:00'))).json(),
    );
    await db.update(pets).set({ status: 'Rehomed' }).where(eq(pets.id, scene.pet.id));
    const moved = await call(scene, 'POST', `/appointments/${booked.appointmentId}`, {
      startsAt: localInstant(localDay(3), '11:00').toISOString(),
    });
    expect(moved.statusCode).toBe(403);
    expect(apiErrorSchema.parse(moved.json()).message).toBe(bookingMessages.petRehomed);
    const reason = await createCancellationReason(db);
    const cancel = await call(
      scene,
      'PATCH',
      `/appointments/${booked.appointmentId}/cancel?reasonId=${reason.id}`,
    );
    expect(cancel.statusCode).toBe(200);
  });

  it('refuses to amend or cancel inside the practice’s cut-off', async () => {
    const scene = await bookingScene(db, signedInClient);
    const soon = new Date(Math.ceil((Date.now() + 60 * 60_000) / 900_000) * 900_000);
    const appointment = await createAppointment(db, {
      practiceId: scene.practice.id,
      clinicianId: scene.vets[0]!.id,
      clientId: scene.client.id,
      petId: scene.pet.id,
      reasonId: scene.reason.id,
      startsAt: soon,
      endsAt: new Date(soon.getTime() + 30 * 60_000),
    });
    const reason = await createCancellationReason(db);
    const cancel = await call(scene, 'PATCH', `/appointments/${appointment.id}/cancel?reasonId=${reason.id}`);
    expect(cancel.statusCode).toBe(409);
    expect(apiErrorSchema.parse(cancel.json()).message).toBe(bookingMessages.tooLateToChange);
    const amend = await call(scene, 'POST', `/appointments/${appointment.id}`, {
      startsAt: localInstant(localDay(3), '10:00').toISOString(),
    });
    expect(amend.statusCode).toBe(409);
    const [row] = await db
      .select({ status: appointments.status })
      .from(appointments)
      .where(and(eq(appointments.id, appointment.id)));
    expect(row?.status).toBe('Booked');
  });
});
