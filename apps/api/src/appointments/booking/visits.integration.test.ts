import {
  appointmentSlotsResponseSchema,
  bookingConflictSchema,
  bookingMessages,
} from '@vet/contracts/appointment-booking';
import { visitDetailSchema } from '@vet/contracts/appointment-visits';
import { listedAppointmentSchema } from '@vet/contracts/appointments';
import { apiErrorSchema } from '@vet/contracts/errors';
import { createPet, createReason, createSpecies, linkReasonSpecies } from '@vet/db/testing/factories';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { describe, expect, it } from 'vitest';
import { useSignedInTestApp } from '../../testing/signed-in-app.ts';
import { bookingHelpers, localDay, localInstant, slotQuery } from './testing/booking-fixtures.ts';
import { visitHelpers } from './testing/visit-fixtures.ts';

/** Decision 0117: several pets in one visit, on real PostgreSQL through the API. */
const database = useTestDatabase({ max: 20 });
const { context, signedInClient } = useSignedInTestApp(database);
const { db } = database;
const { book, reservationsOf } = bookingHelpers(context, db);
const { twoPetScene, bookVisit, rowsOf, eventsOf, emailsTo } = visitHelpers(context, signedInClient, db);

describe('the slot search for a visit', () => {
  it('offers only starts where every pet’s appointment fits back to back with one clinician', async () => {
    const scene = await twoPetScene();
    const day = localDay(3);
    const search = (petCount?: number) =>
      context.app.inject({
        url: `/practices/${scene.practice.id}/appointment-slots?${slotQuery({
          appointmentReasonId: scene.reason.id,
          petId: scene.pet.id,
          fromDate: day,
          toDate: day,
          petCount,
        })}`,
        headers: { authorization: scene.authorization },
      });
    const one = appointmentSlotsResponseSchema.parse((await search()).json());
    const two = appointmentSlotsResponseSchema.parse((await search(2)).json());
    const starts = (answer: typeof one) => answer.slots.map((slot) => slot.startsAt);
    // 11:30 leaves 30 minutes before the 12:00 break: one pet, not two.
    expect(starts(one)).toContain(localInstant(day, '11:30').toISOString());
    expect(starts(two)).not.toContain(localInstant(day, '11:30').toISOString());
    expect(two.durationMinutes).toBe(60);
    expect(two.slots[0]).toEqual({
      startsAt: localInstant(day, '09:00').toISOString(),
      endsAt: localInstant(day, '10:00').toISOString(),
    });
    const tooMany = await search(9);
    expect(tooMany.statusCode).toBe(400);
    apiErrorSchema.parse(tooMany.json());
  });
});

describe('POST /appointments/visits', () => {
  it('books each pet back to back with one clinician, one event each, one e-mail and calendar entry', async () => {
    const scene = await twoPetScene();
    const startsAt = localInstant(localDay(3), '10:00');
    const response = await bookVisit(scene, [scene.second.id, scene.pet.id], startsAt);
    expect(response.statusCode, response.body).toBe(201);
    const visit = visitDetailSchema.parse(response.json());
    expect(visit.appointments.map((a) => [a.petName, a.startsAt, a.endsAt])).toEqual([
      ['Mango', startsAt.toISOString(), localInstant(localDay(3), '10:30').toISOString()],
      [
        'Biscuit',
        localInstant(localDay(3), '10:30').toISOString(),
        localInstant(localDay(3), '11:00').toISOString(),
      ],
    ]);
    expect(response.body).not.toContain(scene.vets[0]!.lastName);

    const rows = await rowsOf(scene.client.id);
    expect(rows.map((row) => row.visitId)).toEqual([visit.visitId, visit.visitId]);
    expect(new Set(rows.map((row) => row.clinicianId))).toEqual(new Set([scene.vets[0]!.id]));
    expect(await reservationsOf(scene.vets[0]!.id)).toHaveLength(2);

    const events = await eventsOf(scene.client.id);
    expect(events.map((event) => event.type)).toEqual(['appointment.booked', 'appointment.booked']);
    expect(events.map((event) => (event.data as { visit_id?: string }).visit_id)).toEqual([
      visit.visitId,
      visit.visitId,
    ]);

    const emails = await emailsTo(scene.client.email!);
    expect(emails).toHaveLength(1);
    const ics = emails[0]!.attachments[0]!.content;
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    expect(ics).toContain(`DTSTART:${startsAt.toISOString().replace(/[-:]|\.000/g, '')}`);
    expect(ics).toContain(
      `DTEND:${localInstant(localDay(3), '11:00')
        .toISOString()
        .replace(/[-:]|\.000/g, '')}`,
    );
    expect(ics).toContain('Mango and Biscuit');

    const list = await context.app.inject({
      url: '/appointments',
      headers: { authorization: scene.authorization },
    });
    const listed = listedAppointmentSchema.array().parse(list.json());
    expect(listed.map((entry) => entry.visitId)).toEqual([visit.visitId, visit.visitId]);
  });

  it('refuses the whole visit naming the pet and the reason when one pet cannot have it', async () => {
    const scene = await twoPetScene();
    const cat = await createSpecies(db, { code: 'Feline' });
    const dogsOnly = await createReason(db, {
      durationMinutes: 30,
      clinicianType: 'Vet',
      name: 'Kennel cough jab',
    });
    await linkReasonSpecies(db, { reasonId: dogsOnly.id, speciesId: scene.dog.id });
    const whiskers = await createPet(db, { clientId: scene.client.id, speciesId: cat.id, name: 'Whiskers' });
    const startsAt = localInstant(localDay(3), '10:00');
    const response = await bookVisit(scene, [scene.pet.id, whiskers.id], startsAt, { reasonId: dogsOnly.id });
    expect(response.statusCode).toBe(400);
    expect(apiErrorSchema.parse(response.json()).message).toMatch(
      /^Whiskers cannot be booked for Kennel cough jab/,
    );

    const died = await createPet(db, {
      clientId: scene.client.id,
      speciesId: scene.dog.id,
      name: 'Rex',
      status: 'Deceased',
    });
    const deceased = await bookVisit(scene, [scene.pet.id, died.id], startsAt);
    expect(deceased.statusCode).toBe(403);
    expect(apiErrorSchema.parse(deceased.json()).message).toContain(
      `Rex cannot be booked for ${scene.reason.name}`,
    );
    expect(await rowsOf(scene.client.id)).toEqual([]);
    expect(await eventsOf(scene.client.id)).toEqual([]);
  });

  it('refuses bad input with the error shape: one pet, a pet twice, another client’s pet', async () => {
    const scene = await twoPetScene();
    const other = await twoPetScene();
    const startsAt = localInstant(localDay(3), '10:00');
    for (const [petIds, status] of [
      [[scene.pet.id], 400],
      [[scene.pet.id, scene.pet.id], 400],
      [[scene.pet.id, other.pet.id], 404],
    ] as const) {
      const response = await bookVisit(scene, [...petIds], startsAt);
      expect(response.statusCode).toBe(status);
      apiErrorSchema.parse(response.json());
    }
    expect(await rowsOf(scene.client.id)).toEqual([]);
  });

  it('books nothing when the second pet’s time is taken, and offers the visit’s nearest starts', async () => {
    const scene = await twoPetScene();
    const pip = await createPet(db, { clientId: scene.client.id, speciesId: scene.dog.id, name: 'Pip' });
    const day = localDay(3);
    expect((await book(scene, localInstant(day, '10:30'), { petId: pip.id })).statusCode).toBe(201);
    const response = await bookVisit(scene, [scene.second.id, scene.pet.id], localInstant(day, '10:00'));
    expect(response.statusCode).toBe(409);
    const conflict = bookingConflictSchema.parse(response.json());
    expect(conflict.message).toBe(bookingMessages.slotTaken);
    const offered = conflict.alternatives?.map((slot) => slot.startsAt) ?? [];
    expect(offered).toContain(localInstant(day, '11:00').toISOString());
    expect(offered).toContain(localInstant(day, '09:30').toISOString());
    expect(offered).not.toContain(localInstant(day, '09:45').toISOString());

    // A pet of the visit already booked then is named, as a booking of its own names it.
    const busy = await bookVisit(scene, [scene.second.id, pip.id], localInstant(day, '10:00'));
    expect(busy.statusCode).toBe(409);
    expect(apiErrorSchema.parse(busy.json()).message).toBe(bookingMessages.petAlreadyBooked('Pip'));
    expect((await rowsOf(scene.client.id)).map((row) => row.visitId)).toEqual([null]);
  });

  it('never double-books: parallel visits for the one vet’s same time give exactly one 201', async () => {
    const scene = await twoPetScene();
    const startsAt = localInstant(localDay(5), '09:00');
    const others = [];
    for (let i = 0; i < 4; i += 1) {
      const { client, authorization } = await signedInClient({ homePracticeId: scene.practice.id });
      const pets = [];
      for (const name of ['Nova', 'Otis']) {
        pets.push(await createPet(db, { clientId: client.id, speciesId: scene.dog.id, name }));
      }
      others.push({ scene: { ...scene, client, authorization }, petIds: pets.map((pet) => pet.id) });
    }
    const answers = await Promise.all([
      bookVisit(scene, [scene.pet.id, scene.second.id], startsAt),
      ...others.map((other) => bookVisit(other.scene, other.petIds, startsAt)),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(await reservationsOf(scene.vets[0]!.id)).toHaveLength(2);
  });

  it('answers a repeated key with the same visit and another body with 422', async () => {
    const scene = await twoPetScene();
    const startsAt = localInstant(localDay(4), '14:00');
    const key = crypto.randomUUID();
    const first = await bookVisit(scene, [scene.pet.id, scene.second.id], startsAt, { key });
    const again = await bookVisit(scene, [scene.pet.id, scene.second.id], startsAt, { key });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    const other = await bookVisit(scene, [scene.second.id, scene.pet.id], startsAt, { key });
    expect(other.statusCode).toBe(422);
    expect(await rowsOf(scene.client.id)).toHaveLength(2);
  });
});
