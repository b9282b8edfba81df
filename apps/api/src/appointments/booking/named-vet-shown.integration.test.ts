import { appointmentDetailSchema } from '@vet/contracts/appointment-booking';
import { visitDetailSchema } from '@vet/contracts/appointment-visits';
import { appointmentsResponseSchema } from '@vet/contracts/appointments';
import { appointments } from '@vet/db/schema/appointments';
import { clinicians } from '@vet/db/schema/clinicians';
import { createAppointment, createPet } from '@vet/db/testing/factories';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useSignedInTestApp } from '../../testing/signed-in-app.ts';
import {
  bookingHelpers,
  bookingScene,
  localDay,
  localInstant,
  type BookingScene,
} from './testing/booking-fixtures.ts';

/**
 * Decision 0141: the vet a client named is named wherever the booking appears (the booking's answer, the
 * list, the appointment, its e-mails); "any vet" and the practice's own bookings stay "a vet".
 */
const database = useTestDatabase({ max: 10 });
const { context, signedInClient } = useSignedInTestApp(database);
const { db } = database;
const { amend, latestEmailTo } = bookingHelpers(context, db);

/** Two vets with names of their own, the second the one the client names. */
async function scene() {
  const base = await bookingScene(db, signedInClient, { vets: 2 });
  const [other, second] = base.vets as [BookingScene['vets'][0], BookingScene['vets'][0]];
  const [kirsty] = await db
    .update(clinicians)
    .set({ firstName: 'Kirsty', lastName: 'Doyle' })
    .where(eq(clinicians.id, second.id))
    .returning();
  return { ...base, kirsty: kirsty!, other };
}

const book = (s: BookingScene, startsAt: Date, clinicianId?: number) =>
  context.app.inject({
    method: 'POST',
    url: '/appointments',
    headers: { authorization: s.authorization },
    payload: {
      practiceId: s.practice.id,
      petId: s.pet.id,
      appointmentReasonId: s.reason.id,
      startsAt: startsAt.toISOString(),
      ...(clinicianId === undefined ? {} : { clinicianId }),
    },
  });

const get = (s: BookingScene, url: string) =>
  context.app.inject({ url, headers: { authorization: s.authorization } });

async function shown(s: BookingScene, appointmentId: number) {
  const listed = appointmentsResponseSchema
    .parse((await get(s, '/appointments')).json())
    .find((a) => a.appointmentId === appointmentId);
  const detail = appointmentDetailSchema
    .strict()
    .parse((await get(s, `/appointments/${appointmentId}`)).json());
  return { listed: listed?.clinicianName, detail: detail.clinicianName };
}

const chosenOf = async (appointmentId: number) => {
  const [row] = await db
    .select({ chosen: appointments.chosenClinicianId, clinician: appointments.clinicianId })
    .from(appointments)
    .where(eq(appointments.id, appointmentId));
  return row;
};

describe('the vet a client named, shown wherever the booking appears', () => {
  it('records the choice, answers the name in the booking, list and detail, and e-mails it', async () => {
    const s = await scene();
    const response = await book(s, localInstant(localDay(4), '10:00'), s.kirsty.id);
    expect(response.statusCode).toBe(201);
    const booked = appointmentDetailSchema.strict().parse(response.json());
    expect(booked.clinicianName).toBe('Kirsty Doyle');
    expect(await chosenOf(booked.appointmentId)).toEqual({ chosen: s.kirsty.id, clinician: s.kirsty.id });
    expect(await shown(s, booked.appointmentId)).toEqual({ listed: 'Kirsty Doyle', detail: 'Kirsty Doyle' });
    const email = await latestEmailTo(s.client.email!);
    expect(email?.subject).toBe('Your appointment is booked');
    expect(email?.text).toContain('with Kirsty Doyle at');
    expect(email?.text).not.toContain('with a vet');

    // Moved with "any vet" (the change page's default), the same vet first: still hers, still named.
    const moved = await amend(s, booked.appointmentId, localInstant(localDay(4), '11:00'));
    expect(moved.statusCode).toBe(200);
    expect(appointmentDetailSchema.parse(moved.json()).clinicianName).toBe('Kirsty Doyle');
    expect((await latestEmailTo(s.client.email!))?.text).toContain('with Kirsty Doyle at');
  });

  it('answers no name for "any vet", and e-mails "a vet"', async () => {
    const s = await scene();
    const response = await book(s, localInstant(localDay(4), '10:00'));
    expect(response.statusCode).toBe(201);
    const booked = appointmentDetailSchema.strict().parse(response.json());
    expect(booked.clinicianName).toBeNull();
    expect((await chosenOf(booked.appointmentId))?.chosen).toBeNull();
    expect(await shown(s, booked.appointmentId)).toEqual({ listed: null, detail: null });
    const email = await latestEmailTo(s.client.email!);
    expect(email?.text).toContain('with a vet at');
    expect(email?.text).not.toContain('Kirsty');
  });

  it('names nobody once the appointment is another clinician’s, nor for the practice’s own booking', async () => {
    const s = await scene();
    const booked = appointmentDetailSchema.parse(
      (await book(s, localInstant(localDay(5), '10:00'), s.kirsty.id)).json(),
    );
    // The practice gives it to another vet (as its system's rewrite does): the client did not choose them.
    await db
      .update(appointments)
      .set({ clinicianId: s.other.id })
      .where(eq(appointments.id, booked.appointmentId));
    expect(await shown(s, booked.appointmentId)).toEqual({ listed: null, detail: null });

    const desk = await createAppointment(db, {
      practiceId: s.practice.id,
      clinicianId: s.kirsty.id,
      clientId: s.client.id,
      petId: s.pet.id,
      reasonId: s.reason.id,
      startsAt: localInstant(localDay(6), '10:00'),
      endsAt: localInstant(localDay(6), '10:30'),
    });
    await db.update(appointments).set({ source: 'Practice' }).where(eq(appointments.id, desk.id));
    expect(await shown(s, desk.id)).toEqual({ listed: null, detail: null });
  });

  it('names her for every pet of a visit booked with her, and in its one e-mail (decision 0117)', async () => {
    const s = await scene();
    const mango = await createPet(db, { clientId: s.client.id, speciesId: s.dog.id, name: 'Mango' });
    const response = await context.app.inject({
      method: 'POST',
      url: '/appointments/visits',
      headers: { authorization: s.authorization },
      payload: {
        practiceId: s.practice.id,
        petIds: [s.pet.id, mango.id],
        appointmentReasonId: s.reason.id,
        startsAt: localInstant(localDay(4), '10:00').toISOString(),
        clinicianId: s.kirsty.id,
      },
    });
    expect(response.statusCode).toBe(201);
    const visit = visitDetailSchema.parse(response.json());
    expect(visit.appointments.map((a) => a.clinicianName)).toEqual(['Kirsty Doyle', 'Kirsty Doyle']);
    expect((await latestEmailTo(s.client.email!))?.text).toMatch(
      /booked: Biscuit and Mango: .+ with Kirsty Doyle at /,
    );
  });

  it('names the vet named when moving a booking made for any vet', async () => {
    const s = await scene();
    const booked = appointmentDetailSchema.parse((await book(s, localInstant(localDay(4), '10:00'))).json());
    const moved = await context.app.inject({
      method: 'POST',
      url: `/appointments/${booked.appointmentId}`,
      headers: { authorization: s.authorization },
      payload: { startsAt: localInstant(localDay(4), '14:00').toISOString(), clinicianId: s.kirsty.id },
    });
    expect(moved.statusCode).toBe(200);
    expect(appointmentDetailSchema.parse(moved.json()).clinicianName).toBe('Kirsty Doyle');
    expect((await latestEmailTo(s.client.email!))?.text).toContain('has moved: Biscuit: ');
    expect((await latestEmailTo(s.client.email!))?.text).toContain('with Kirsty Doyle at');
  });
});
