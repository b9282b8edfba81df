import { apiErrorSchema } from '@vet/contracts/errors';
import { appointmentSlotsResponseSchema, bookingMessages } from '@vet/contracts/appointment-booking';
import {
  createAppointment,
  createClient,
  createPet,
  createReason,
  createSpecies,
  linkReasonSpecies,
} from '@vet/db/testing/factories';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { clinicianReservations, softBookings } from '@vet/db/schema/appointments';
import { describe, expect, it } from 'vitest';
import { useSignedInTestApp } from '../../testing/signed-in-app.ts';
import {
  bookingScene,
  closePractice,
  firstBookableDay,
  localDay,
  localInstant,
  minNoticeMs,
  slotQuery,
} from './testing/booking-fixtures.ts';

const database = useTestDatabase();
const { context, signedInClient } = useSignedInTestApp(database);

const search = async (
  scene: { practice: { id: number }; authorization: string },
  query: Record<string, string | number | undefined>,
  v2 = false,
) =>
  context.app.inject({
    url: `${v2 ? '/v2' : ''}/practices/${scene.practice.id}/appointment-slots?${slotQuery(query)}`,
    headers: { authorization: scene.authorization },
  });

describe('GET /practices/{practiceId}/appointment-slots', () => {
  it('offers the free starts of the reason’s clinician type on the 15-minute grid, never a clinician', async () => {
    const scene = await bookingScene(database.db, signedInClient);
    const date = localDay(3);
    const response = await search(scene, {
      appointmentReasonId: scene.reason.id,
      petId: scene.pet.id,
      fromDate: date,
      toDate: date,
    });
    expect(response.statusCode).toBe(200);
    const body = appointmentSlotsResponseSchema.strict().parse(response.json());
    // The 200 is written without the schema's check (slotAnswerSerializer): each slot is exactly this.
    const written = response.json<{ slots: object[] }>().slots.map((slot) => Object.keys(slot).join());
    expect(new Set(written)).toEqual(new Set(['startsAt,endsAt']));
    const starts = body.slots.map((s) => s.startsAt);
    // 09:00–11:30 and 13:00–16:30, every 15 minutes: 11 + 15.
    expect(starts).toHaveLength(26);
    expect(starts[0]).toBe(localInstant(date, '09:00').toISOString());
    expect(starts).not.toContain(localInstant(date, '11:45').toISOString());
    expect(body).toMatchObject({ clinicianType: 'Vet', durationMinutes: 30, timeZone: 'Europe/London' });
    expect(response.body).not.toContain(scene.vets[0]!.lastName);
  });

  it('leaves out booked time and closures; the client’s own appointment counts as free, another’s does not', async () => {
    const scene = await bookingScene(database.db, signedInClient);
    const date = localDay(4);
    const at = (time: string) => localInstant(date, time);
    const booked = await createAppointment(database.db, {
      practiceId: scene.practice.id,
      clinicianId: scene.vets[0]!.id,
      clientId: scene.client.id,
      petId: scene.pet.id,
      reasonId: scene.reason.id,
      startsAt: at('10:00'),
      endsAt: at('10:30'),
    });
    await closePractice(database.db, scene.practice.id, at('15:00'), at('17:00'));
    const query = { appointmentReasonId: scene.reason.id, fromDate: date, toDate: date };
    const starts = async (extra: Record<string, number> = {}) =>
      appointmentSlotsResponseSchema
        .parse((await search(scene, { ...query, ...extra })).json())
        .slots.map((s) => s.startsAt);

    const plain = await starts();
    for (const taken of ['09:45', '10:00', '10:15', '14:45', '15:00', '16:30'])
      expect(plain).not.toContain(at(taken).toISOString());
    expect(plain).toContain(at('09:30').toISOString());
    expect(plain).toContain(at('10:30').toISOString());
    expect(await starts({ existingAppointmentId: booked.id })).toContain(at('10:00').toISOString());

    // A guest's live hold blocks like a booking; its own id (the guest moving it) frees it.
    const [hold] = await database.db
      .insert(softBookings)
      .values({
        practiceId: scene.practice.id,
        clinicianId: scene.vets[0]!.id,
        reasonId: scene.reason.id,
        startsAt: at('13:00'),
        endsAt: at('13:30'),
        expiresAt: new Date(Date.now() + 15 * 60_000),
        firstName: 'Guest',
        lastName: 'Person',
        email: 'guest@example.test',
        petName: 'Rex',
        speciesId: scene.dog.id,
      })
      .returning({ id: softBookings.id });
    await database.db.insert(clinicianReservations).values({
      clinicianId: scene.vets[0]!.id,
      during: `[${at('13:00').toISOString()},${at('13:30').toISOString()})`,
      softBookingId: hold!.id,
      holdExpiresAt: new Date(Date.now() + 15 * 60_000),
    });
    expect(await starts()).not.toContain(at('13:00').toISOString());
    const asGuest = await search(scene, { ...query, existingSoftBookingId: hold!.id });
    expect(appointmentSlotsResponseSchema.parse(asGuest.json()).slots.map((s) => s.startsAt)).toContain(
      at('13:00').toISOString(),
    );

    // Another client's appointment id frees nothing.
    const other = await signedInClient({ homePracticeId: scene.practice.id });
    const theirs = await search(
      { ...scene, authorization: other.authorization },
      { ...query, existingAppointmentId: booked.id },
    );
    expect(appointmentSlotsResponseSchema.parse(theirs.json()).slots.map((s) => s.startsAt)).not.toContain(
      at('10:00').toISOString(),
    );
  });

  it('answers the whole horizon on /v2 (no dates), after the minimum notice', async () => {
    const scene = await bookingScene(database.db, signedInClient);
    const response = await search(scene, { appointmentReasonId: scene.reason.id }, true);
    expect(response.statusCode).toBe(200);
    const body = appointmentSlotsResponseSchema.parse(response.json());
    expect(body.fromDate).toBe(firstBookableDay());
    const first = Date.parse(body.slots[0]!.startsAt);
    expect(first).toBeGreaterThanOrEqual(Date.now() + minNoticeMs - 5_000);
    const last = Date.parse(body.slots.at(-1)!.startsAt);
    expect(last).toBeLessThan(Date.now() + 56 * 24 * 60 * 60_000);
    expect(last).toBeGreaterThan(Date.now() + 54 * 24 * 60 * 60_000);
  });

  it('refuses with the dialogs’ words: booking off, client not allowed, awaiting pet, deceased pet, other species', async () => {
    const date = localDay(3);
    const off = await bookingScene(database.db, signedInClient, { onlineBooking: 'False' });
    const offResponse = await search(off, {
      appointmentReasonId: off.reason.id,
      fromDate: date,
      toDate: date,
    });
    expect(offResponse.statusCode).toBe(403);
    expect(apiErrorSchema.parse(offResponse.json()).message).toBe(bookingMessages.bookingUnavailable);

    const blocked = await bookingScene(database.db, signedInClient, { allowed: false });
    expect(
      (await search(blocked, { appointmentReasonId: blocked.reason.id, fromDate: date, toDate: date }))
        .statusCode,
    ).toBe(403);

    const scene = await bookingScene(database.db, signedInClient);
    const awaiting = await createPet(database.db, {
      clientId: scene.client.id,
      speciesId: scene.dog.id,
      awaitingInitialConsultation: true,
    });
    const refused = await search(scene, {
      appointmentReasonId: scene.reason.id,
      petId: awaiting.id,
      fromDate: date,
      toDate: date,
    });
    expect(refused.statusCode).toBe(403);
    expect(apiErrorSchema.parse(refused.json()).message).toBe(bookingMessages.awaitingInitialConsultation);
    const initial = await createReason(database.db, { clinicianType: 'Vet', isInitialConsultation: true });
    expect(
      (
        await search(scene, {
          appointmentReasonId: initial.id,
          petId: awaiting.id,
          fromDate: date,
          toDate: date,
        })
      ).statusCode,
    ).toBe(200);

    const deceased = await createPet(database.db, {
      clientId: scene.client.id,
      speciesId: scene.dog.id,
      status: 'Deceased',
    });
    const dead = await search(scene, {
      appointmentReasonId: scene.reason.id,
      petId: deceased.id,
      fromDate: date,
      toDate: date,
    });
    expect(dead.statusCode).toBe(403);
    expect(apiErrorSchema.parse(dead.json()).message).toBe(bookingMessages.petDeceased);

    const rehomed = await createPet(database.db, {
      clientId: scene.client.id,
      speciesId: scene.dog.id,
      status: 'Rehomed',
    });
    const gone = await search(scene, {
      appointmentReasonId: scene.reason.id,
      petId: rehomed.id,
      fromDate: date,
      toDate: date,
    });
    expect(gone.statusCode).toBe(403);
    expect(apiErrorSchema.parse(gone.json()).message).toBe(bookingMessages.petRehomed);

    const cat = await createSpecies(database.db, { code: 'Feline' });
    const catsOnly = await createReason(database.db, { clinicianType: 'Vet' });
    await linkReasonSpecies(database.db, { reasonId: catsOnly.id, speciesId: cat.id });
    const wrong = await search(scene, {
      appointmentReasonId: catsOnly.id,
      petId: scene.pet.id,
      fromDate: date,
      toDate: date,
    });
    expect(wrong.statusCode).toBe(400);
    expect(apiErrorSchema.parse(wrong.json()).message).toBe(bookingMessages.reasonNotForSpecies);
  });

  it('answers 404 for another client’s pet exactly as for a missing one, and for an unknown practice', async () => {
    const scene = await bookingScene(database.db, signedInClient);
    const stranger = await createClient(database.db);
    const theirPet = await createPet(database.db, { clientId: stranger.id, speciesId: scene.dog.id });
    const date = localDay(3);
    const query = { appointmentReasonId: scene.reason.id, fromDate: date, toDate: date };
    const theirs = await search(scene, { ...query, petId: theirPet.id });
    const missing = await search(scene, { ...query, petId: 2_000_000_000 });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual(missing.json());
    expect((await search({ ...scene, practice: { id: 2_000_000_000 } }, query)).statusCode).toBe(404);
  });

  it('validates the dates, and trims a wide request to the horizon', async () => {
    const scene = await bookingScene(database.db, signedInClient);
    const response = await search(scene, {
      appointmentReasonId: scene.reason.id,
      fromDate: localDay(3),
      toDate: localDay(2),
    });
    expect(response.statusCode).toBe(400);
    // A century costs no more than the horizon: the answer names the dates it really searched.
    const wide = await search(scene, {
      appointmentReasonId: scene.reason.id,
      fromDate: '2000-01-01',
      toDate: '2099-12-31',
    });
    expect(wide.statusCode).toBe(200);
    const body = appointmentSlotsResponseSchema.parse(wide.json());
    expect(body.fromDate).toBe(firstBookableDay());
    expect(body.toDate <= localDay(56)).toBe(true);
  });
});
