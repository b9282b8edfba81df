import {
  appointmentDetailSchema,
  appointmentSlotsResponseSchema,
  bookingConflictSchema,
  bookingMessages,
  choosableCliniciansResponseSchema,
} from '@vet/contracts/appointment-booking';
import { apiErrorSchema } from '@vet/contracts/errors';
import { featureKeys } from '@vet/contracts/practices';
import { appointments } from '@vet/db/schema/appointments';
import { clinicians } from '@vet/db/schema/clinicians';
import { practiceFeatureSettings } from '@vet/db/schema/practices';
import {
  createAppointment,
  createClinician,
  createPet,
  createPractice,
  createReason,
} from '@vet/db/testing/factories';
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

/** Decision 0101: a client books a vet they name; a practice can switch naming off. */
const database = useTestDatabase({ max: 10 });
const { context, signedInClient } = useSignedInTestApp(database);
const { db } = database;
const { reservationsOf } = bookingHelpers(context, db);

const twoVets = async () => {
  const scene = await bookingScene(db, signedInClient, { vets: 2 });
  const [first, second] = scene.vets as [BookingScene['vets'][0], BookingScene['vets'][0]];
  return { scene, first, second };
};

const get = (scene: BookingScene, url: string) =>
  context.app.inject({ url, headers: { authorization: scene.authorization } });

const listClinicians = (scene: BookingScene, reasonId = scene.reason.id) =>
  get(scene, `/practices/${scene.practice.id}/clinicians?appointmentReasonId=${reasonId}`);

const search = (scene: BookingScene, date: string, clinicianId?: number) =>
  get(
    scene,
    `/practices/${scene.practice.id}/appointment-slots?${slotQuery({
      appointmentReasonId: scene.reason.id,
      petId: scene.pet.id,
      fromDate: date,
      toDate: date,
      clinicianId,
    })}`,
  );

const startsOf = (response: { json: () => unknown }) =>
  appointmentSlotsResponseSchema.parse(response.json()).slots.map((slot) => slot.startsAt);

const bookWith = (scene: BookingScene, startsAt: Date, clinicianId?: number, key?: string) =>
  context.app.inject({
    method: 'POST',
    url: '/appointments',
    headers: { authorization: scene.authorization, ...(key ? { 'idempotency-key': key } : {}) },
    payload: {
      practiceId: scene.practice.id,
      petId: scene.pet.id,
      appointmentReasonId: scene.reason.id,
      startsAt: startsAt.toISOString(),
      ...(clinicianId === undefined ? {} : { clinicianId }),
    },
  });

const clinicianOf = async (appointmentId: number) => {
  const [row] = await db
    .select({ clinicianId: appointments.clinicianId })
    .from(appointments)
    .where(eq(appointments.id, appointmentId));
  return row?.clinicianId;
};

const switchNamingOff = (practiceId: number, value = 'False') =>
  db
    .insert(practiceFeatureSettings)
    .values({ practiceId, featureKey: featureKeys.namedClinicianBooking, value });

/** A 400 naming clinicianId whose message asks the client to choose another vet. */
const expectChooseAnotherVet = (response: { statusCode: number; json: () => unknown }) => {
  expect(response.statusCode).toBe(400);
  const body = apiErrorSchema.parse(response.json());
  expect(body.message).toBe(bookingMessages.clinicianUnavailable);
  expect(body.message).toContain('choose another vet');
};

describe('GET /practices/{practiceId}/clinicians', () => {
  it('lists the practice’s active clinicians of the reason’s type by name, no other', async () => {
    const { scene } = await twoVets();
    const [amy, zoe] = await Promise.all([
      createClinician(db, { practiceId: scene.practice.id, firstName: 'Amy', lastName: 'Abbott' }),
      createClinician(db, { practiceId: scene.practice.id, firstName: 'Zoe', lastName: 'Zephyr' }),
    ]);
    await createClinician(db, { practiceId: scene.practice.id, lastName: 'Gone', active: false });
    await createClinician(db, { practiceId: (await createPractice(db)).id, lastName: 'Elsewhere' });

    const response = await listClinicians(scene);
    expect(response.statusCode).toBe(200);
    const listed = choosableCliniciansResponseSchema.parse(response.json());
    expect(listed[0]).toEqual({ clinicianId: amy.id, name: 'Amy Abbott' });
    expect(listed.at(-1)).toEqual({ clinicianId: zoe.id, name: 'Zoe Zephyr' });
    expect(listed.map((c) => c.clinicianId).sort((a, b) => a - b)).toEqual(
      [amy.id, zoe.id, ...scene.vets.map((v) => v.id)].sort((a, b) => a - b),
    );

    const nurseReason = await createReason(db, { clinicianType: 'Nurse' });
    const nurses = choosableCliniciansResponseSchema.parse(
      (await listClinicians(scene, nurseReason.id)).json(),
    );
    expect(nurses.map((c) => c.clinicianId)).toEqual([scene.nurse.id]);
  });

  it('lists none when the practice has switched naming off, and refuses another practice', async () => {
    const { scene } = await twoVets();
    await switchNamingOff(scene.practice.id, 'false');
    const response = await listClinicians(scene);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);

    const other = await createPractice(db, {}, { [featureKeys.onlineBooking]: 'True' });
    const elsewhere = await get(
      scene,
      `/practices/${other.id}/clinicians?appointmentReasonId=${scene.reason.id}`,
    );
    expect(elsewhere.statusCode).toBe(403);
    expect((await get(scene, `/practices/${scene.practice.id}/clinicians`)).statusCode).toBe(400);
  });
});

describe('a slot search for a named clinician', () => {
  it('offers only that clinician’s free starts; without one, any clinician’s', async () => {
    const { scene, first, second } = await twoVets();
    const date = localDay(3);
    const at = (time: string) => localInstant(date, time).toISOString();
    await createAppointment(db, {
      practiceId: scene.practice.id,
      clinicianId: first.id,
      clientId: scene.client.id,
      petId: scene.pet.id,
      reasonId: scene.reason.id,
      startsAt: localInstant(date, '10:00'),
      endsAt: localInstant(date, '10:30'),
    });
    await createAppointment(db, {
      practiceId: scene.practice.id,
      clinicianId: second.id,
      clientId: scene.client.id,
      petId: scene.pet.id,
      reasonId: scene.reason.id,
      startsAt: localInstant(date, '14:00'),
      endsAt: localInstant(date, '14:30'),
    });

    const any = await search(scene, date);
    expect(any.statusCode).toBe(200);
    expect(startsOf(any)).toEqual(expect.arrayContaining([at('10:00'), at('14:00')]));

    const firstOnly = startsOf(await search(scene, date, first.id));
    expect(firstOnly).not.toContain(at('10:00'));
    expect(firstOnly).not.toContain(at('09:45'));
    expect(firstOnly).toContain(at('14:00'));

    const secondOnly = startsOf(await search(scene, date, second.id));
    expect(secondOnly).toContain(at('10:00'));
    expect(secondOnly).not.toContain(at('14:00'));
    expect(secondOnly).not.toContain(at('13:45'));
  });

  it('refuses a nurse, another practice’s vet and a vet who has left with “choose another vet”', async () => {
    const { scene, second } = await twoVets();
    const date = localDay(3);
    const elsewhere = await createClinician(db, { practiceId: (await createPractice(db)).id, type: 'Vet' });
    expectChooseAnotherVet(await search(scene, date, scene.nurse.id));
    expectChooseAnotherVet(await search(scene, date, elsewhere.id));
    expectChooseAnotherVet(await search(scene, date, 2_000_000_000));
    await db.update(clinicians).set({ active: false }).where(eq(clinicians.id, second.id));
    expectChooseAnotherVet(await search(scene, date, second.id));
  });

  it('is refused when the practice has switched naming off; the search for any vet is not', async () => {
    const { scene, first } = await twoVets();
    await switchNamingOff(scene.practice.id);
    const date = localDay(3);
    const named = await search(scene, date, first.id);
    expect(named.statusCode).toBe(403);
    expect(apiErrorSchema.parse(named.json()).message).toBe(bookingMessages.namingOff);
    expect((await search(scene, date)).statusCode).toBe(200);
  });
});

describe('booking and amending with a named clinician', () => {
  it('books the named vet even when another is free first, and refuses their taken time with their own alternatives', async () => {
    const { scene, first, second } = await twoVets();
    const startsAt = localInstant(localDay(4), '10:00');
    const response = await bookWith(scene, startsAt, second.id);
    expect(response.statusCode).toBe(201);
    const booked = appointmentDetailSchema.strict().parse(response.json());
    expect(await clinicianOf(booked.appointmentId)).toBe(second.id);
    expect(await reservationsOf(first.id)).toHaveLength(0);

    // The named vet is busy now though the first is free: a 409, never the other vet.
    const other = await signedInClient({ homePracticeId: scene.practice.id });
    const otherScene = { ...scene, client: other.client, authorization: other.authorization };
    const otherPet = await createPet(db, { clientId: other.client.id, speciesId: scene.dog.id });
    const taken = await bookWith({ ...otherScene, pet: otherPet }, startsAt, second.id);
    expect(taken.statusCode).toBe(409);
    const conflict = bookingConflictSchema.parse(taken.json());
    expect(conflict.message).toBe(bookingMessages.slotTaken);
    const alternatives = conflict.alternatives?.map((a) => a.startsAt) ?? [];
    expect(alternatives.length).toBeGreaterThan(0);
    expect(alternatives).not.toContain(localInstant(localDay(4), '09:45').toISOString());
    expect(await reservationsOf(first.id)).toHaveLength(0);
    expect(await reservationsOf(second.id)).toHaveLength(1);
  });

  it('gives one of 20 concurrent bookings of one named vet’s time the time, the others a 409', async () => {
    const { scene, second } = await twoVets();
    const startsAt = localInstant(localDay(5), '11:00');
    const pets = await Promise.all(
      Array.from({ length: 20 }, () => createPet(db, { clientId: scene.client.id, speciesId: scene.dog.id })),
    );
    const responses = await Promise.all(pets.map((pet) => bookWith({ ...scene, pet }, startsAt, second.id)));
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    expect(await reservationsOf(second.id)).toHaveLength(1);
  });

  it('refuses a vet who has left, a nurse and another practice’s vet with “choose another vet”, booking nothing', async () => {
    const { scene, first, second } = await twoVets();
    const startsAt = localInstant(localDay(4), '11:00');
    const elsewhere = await createClinician(db, { practiceId: (await createPractice(db)).id, type: 'Vet' });
    await db.update(clinicians).set({ active: false }).where(eq(clinicians.id, second.id));
    for (const clinicianId of [second.id, scene.nurse.id, elsewhere.id]) {
      expectChooseAnotherVet(await bookWith(scene, startsAt, clinicianId));
    }
    expect(await reservationsOf(first.id)).toHaveLength(0);
    expect(await reservationsOf(second.id)).toHaveLength(0);
  });

  it('refuses a named vet when the practice has switched naming off, and books any vet', async () => {
    const { scene, first } = await twoVets();
    await switchNamingOff(scene.practice.id);
    const startsAt = localInstant(localDay(4), '11:00');
    const named = await bookWith(scene, startsAt, first.id);
    expect(named.statusCode).toBe(403);
    expect(apiErrorSchema.parse(named.json()).message).toBe(bookingMessages.namingOff);
    expect((await bookWith(scene, startsAt)).statusCode).toBe(201);
  });

  it('moves an appointment to the named vet, and refuses one who has left', async () => {
    const { scene, first, second } = await twoVets();
    const startsAt = localInstant(localDay(4), '10:00');
    const booked = appointmentDetailSchema.parse((await bookWith(scene, startsAt, first.id)).json());
    const amendTo = (clinicianId: number, time: string) =>
      context.app.inject({
        method: 'POST',
        url: `/appointments/${booked.appointmentId}`,
        headers: { authorization: scene.authorization },
        payload: { startsAt: localInstant(localDay(4), time).toISOString(), clinicianId },
      });
    const moved = await amendTo(second.id, '10:30');
    expect(moved.statusCode).toBe(200);
    expect(await clinicianOf(booked.appointmentId)).toBe(second.id);
    expect(await reservationsOf(first.id)).toHaveLength(0);

    await db.update(clinicians).set({ active: false }).where(eq(clinicians.id, first.id));
    expectChooseAnotherVet(await amendTo(first.id, '11:00'));
    expect(await clinicianOf(booked.appointmentId)).toBe(second.id);
  });

  it('takes the named vet as part of an idempotent booking: the same key for another vet is refused', async () => {
    const { scene, first, second } = await twoVets();
    const startsAt = localInstant(localDay(6), '09:30');
    const key = `key-${crypto.randomUUID()}`;
    const booked = await bookWith(scene, startsAt, first.id, key);
    expect(booked.statusCode).toBe(201);
    expect((await bookWith(scene, startsAt, first.id, key)).json()).toEqual(booked.json());
    expect((await bookWith(scene, startsAt, second.id, key)).statusCode).toBe(422);
  });
});
