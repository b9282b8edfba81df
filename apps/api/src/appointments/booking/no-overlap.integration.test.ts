import { appointmentDetailSchema } from '@vet/contracts/appointment-booking';
import { clinicianReservations } from '@vet/db/schema/appointments';
import { createPet, createReason } from '@vet/db/testing/factories';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useSignedInTestApp } from '../../testing/signed-in-app.ts';
import { bookingHelpers, bookingScene, localDay, localInstant } from './testing/booking-fixtures.ts';

const database = useTestDatabase({ max: 20 });
const { context, signedInClient } = useSignedInTestApp(database);
const { book } = bookingHelpers(context, database.db);

describe('no clinician is ever double-booked', () => {
  it('keeps 60 concurrent bookings of 15, 30 and 60 minutes at random starts apart on two vets', async () => {
    const scene = await bookingScene(database.db, signedInClient, { vets: 2 });
    const reasons = [
      await createReason(database.db, { clinicianType: 'Vet', durationMinutes: 15 }),
      scene.reason,
      await createReason(database.db, { clinicianType: 'Vet', durationMinutes: 60 }),
    ];
    // A pet each: one pet's overlapping bookings are refused by the pet's own rule (pet-overlap tests),
    // which would leave the clinicians' rule little to do here.
    const pets = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        createPet(database.db, { clientId: scene.client.id, speciesId: scene.dog.id, name: `Pet ${i}` }),
      ),
    );
    const date = localDay(9);
    // A seeded pick, so a failure can be replayed: starts 09:00–11:00 on the 15-minute grid.
    let seed = 20_261_025;
    const next = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % n;
    };
    const requests = pets.map((pet) => {
      const minutes = 9 * 60 + next(9) * 15;
      const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
      return { startsAt: localInstant(date, time), reason: reasons[next(3)]!, pet };
    });
    const responses = await Promise.all(
      requests.map((r) => book(scene, r.startsAt, { reasonId: r.reason.id, petId: r.pet.id })),
    );
    expect(responses.every((r) => r.statusCode === 201 || r.statusCode === 409)).toBe(true);
    const booked = responses.filter((r) => r.statusCode === 201);
    expect(booked.length).toBeGreaterThan(1);

    const overlaps = await database.db.execute<{ n: number }>(sql`
      select count(*)::int as n from ${clinicianReservations} x join ${clinicianReservations} y
        on x.clinician_id = y.clinician_id and x.id < y.id and x.during && y.during
      where x.clinician_id in (${scene.vets[0]!.id}, ${scene.vets[1]!.id})`);
    expect(overlaps.rows[0]?.n).toBe(0);
    const reserved = await database.db.execute<{ appointment_id: number }>(sql`
      select appointment_id from ${clinicianReservations}
      where clinician_id in (${scene.vets[0]!.id}, ${scene.vets[1]!.id})`);
    const ids = booked
      .map((r) => appointmentDetailSchema.parse(r.json()).appointmentId)
      .sort((a, b) => a - b);
    expect(reserved.rows.map((row) => Number(row.appointment_id)).sort((a, b) => a - b)).toEqual(ids);
  });
});
