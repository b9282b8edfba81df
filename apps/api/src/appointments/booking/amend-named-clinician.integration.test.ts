import {
  appointmentDetailSchema,
  appointmentSlotsResponseSchema,
  bookingMessages,
} from '@vet/contracts/appointment-booking';
import { apiErrorSchema } from '@vet/contracts/errors';
import { featureKeys } from '@vet/contracts/practices';
import { appointments } from '@vet/db/schema/appointments';
import { practiceFeatureSettings } from '@vet/db/schema/practices';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useSignedInTestApp } from '../../testing/signed-in-app.ts';
import {
  bookingScene,
  localDay,
  localInstant,
  slotQuery,
  type BookingScene,
} from './testing/booking-fixtures.ts';

/**
 * Decision 0101 on the change page: moving a booking offers the same named-vet choice as booking, "any
 * vet" by default. The slot search for a change counts the appointment's own time as free for the vet
 * named, and the change itself obeys the practice's switch.
 */
const database = useTestDatabase({ max: 10 });
const { context, signedInClient } = useSignedInTestApp(database);
const { db } = database;

const twoVets = async () => {
  const scene = await bookingScene(db, signedInClient, { vets: 2 });
  const [first, second] = scene.vets as [BookingScene['vets'][0], BookingScene['vets'][0]];
  return { scene, first, second };
};

const bookWith = async (scene: BookingScene, startsAt: Date, clinicianId: number) => {
  const response = await context.app.inject({
    method: 'POST',
    url: '/appointments',
    headers: { authorization: scene.authorization },
    payload: {
      practiceId: scene.practice.id,
      petId: scene.pet.id,
      appointmentReasonId: scene.reason.id,
      startsAt: startsAt.toISOString(),
      clinicianId,
    },
  });
  expect(response.statusCode).toBe(201);
  return appointmentDetailSchema.parse(response.json());
};

const amend = (scene: BookingScene, appointmentId: number, startsAt: Date, clinicianId?: number) =>
  context.app.inject({
    method: 'POST',
    url: `/appointments/${appointmentId}`,
    headers: { authorization: scene.authorization },
    payload: { startsAt: startsAt.toISOString(), ...(clinicianId === undefined ? {} : { clinicianId }) },
  });

const changeSearch = async (
  scene: BookingScene,
  date: string,
  appointmentId: number,
  clinicianId?: number,
) => {
  const response = await context.app.inject({
    url: `/practices/${scene.practice.id}/appointment-slots?${slotQuery({
      appointmentReasonId: scene.reason.id,
      petId: scene.pet.id,
      fromDate: date,
      toDate: date,
      existingAppointmentId: appointmentId,
      clinicianId,
    })}`,
    headers: { authorization: scene.authorization },
  });
  expect(response.statusCode).toBe(200);
  return appointmentSlotsResponseSchema.parse(response.json()).slots.map((slot) => slot.startsAt);
};

const clinicianOf = async (appointmentId: number) => {
  const [row] = await db
    .select({ clinicianId: appointments.clinicianId, startsAt: appointments.startsAt })
    .from(appointments)
    .where(eq(appointments.id, appointmentId));
  return row;
};

describe('changing a booking with a named vet', () => {
  it('offers the named vet’s times, the booking’s own counted free, and moves it to that vet', async () => {
    const { scene, first, second } = await twoVets();
    const date = localDay(4);
    const at = (time: string) => localInstant(date, time);
    const booked = await bookWith(scene, at('10:00'), first.id);

    // The first vet's own 10:00 is free for this change (it is the booking's); the second vet's too.
    expect(await changeSearch(scene, date, booked.appointmentId, first.id)).toContain(
      at('10:00').toISOString(),
    );
    const withSecond = await changeSearch(scene, date, booked.appointmentId, second.id);
    expect(withSecond).toContain(at('11:00').toISOString());

    const moved = await amend(scene, booked.appointmentId, at('11:00'), second.id);
    expect(moved.statusCode).toBe(200);
    expect(await clinicianOf(booked.appointmentId)).toEqual({
      clinicianId: second.id,
      startsAt: at('11:00'),
    });
  });

  it('keeps "any vet" the default: a change naming none keeps the vet when they are free', async () => {
    const { scene, first } = await twoVets();
    const date = localDay(5);
    const booked = await bookWith(scene, localInstant(date, '09:30'), first.id);

    const moved = await amend(scene, booked.appointmentId, localInstant(date, '11:00'));
    expect(moved.statusCode).toBe(200);
    expect((await clinicianOf(booked.appointmentId))?.clinicianId).toBe(first.id);
  });

  it('refuses a named vet once the practice has switched naming off, and changes with any vet', async () => {
    const { scene, first, second } = await twoVets();
    const date = localDay(6);
    const booked = await bookWith(scene, localInstant(date, '10:00'), first.id);
    await db.insert(practiceFeatureSettings).values({
      practiceId: scene.practice.id,
      featureKey: featureKeys.namedClinicianBooking,
      value: 'False',
    });

    const named = await amend(scene, booked.appointmentId, localInstant(date, '11:00'), second.id);
    expect(named.statusCode).toBe(403);
    expect(apiErrorSchema.parse(named.json()).message).toBe(bookingMessages.namingOff);
    expect((await clinicianOf(booked.appointmentId))?.startsAt).toEqual(localInstant(date, '10:00'));

    expect((await amend(scene, booked.appointmentId, localInstant(date, '11:00'))).statusCode).toBe(200);
  });
});
