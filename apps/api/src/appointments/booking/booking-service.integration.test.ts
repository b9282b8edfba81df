import { createAppointmentsRepository } from './appointment-records.ts';
import { bookAppointment, type Booker, type BookingDeps } from './book-appointment.ts';
import { bookingCaps } from './booking-caps.ts';
import { createBookingRepository } from './booking-repository.ts';
import { bookingScene, localDay, localInstant } from './testing/booking-fixtures.ts';
import { searchAppointmentSlots } from './slot-search.ts';
import { createClinician, createPet, createRotaShift } from '@vet/db/testing/factories';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { drizzle } from 'drizzle-orm/node-postgres';
import { describe, expect, it } from 'vitest';
import { useSignedInTestApp } from '../../testing/signed-in-app.ts';

/** The services without HTTP, as the guest flow will call them. */
const database = useTestDatabase();
const { signedInClient } = useSignedInTestApp(database);

function loggingDatabase() {
  const statements: { query: string; params: unknown[] }[] = [];
  const db = drizzle(database.pool, {
    logger: { logQuery: (query, params) => statements.push({ query, params }) },
  });
  return { db, statements };
}

describe('slot search statements', () => {
  it('takes three statements whatever the number of clinicians, each served by an index', async () => {
    const scene = await bookingScene(database.db, signedInClient, { vets: 2 });
    for (let i = 0; i < 6; i += 1) {
      const vet = await createClinician(database.db, { practiceId: scene.practice.id, type: 'Vet' });
      await createRotaShift(database.db, {
        clinicianId: vet.id,
        dayOfWeek: 3,
        startsAt: '08:00',
        endsAt: '12:00',
      });
    }
    const { db, statements } = loggingDatabase();
    const deps = { repository: createBookingRepository(db), now: () => new Date() };
    const found = await searchAppointmentSlots(
      deps,
      { clientId: scene.client.id, onlineBookingAllowed: true, homePracticeId: scene.practice.id },
      {
        practiceId: scene.practice.id,
        appointmentReasonId: scene.reason.id,
        petId: scene.pet.id,
        existingAppointmentId: 1,
      },
    );
    expect(found.slots.length).toBeGreaterThan(100);
    expect(statements).toHaveLength(3);

    // With sequential scans priced out, a table no index can serve still shows one: there must be none.
    const client = await database.pool.connect();
    try {
      await client.query('begin');
      await client.query('set local enable_seqscan = off');
      for (const { query, params } of statements) {
        const { rows } = await client.query<{ 'QUERY PLAN': unknown }>(
          `explain (format json) ${query}`,
          params,
        );
        const plan = JSON.stringify(rows[0]?.['QUERY PLAN']);
        expect(plan, query).not.toContain('"Seq Scan"');
      }
    } finally {
      await client.query('rollback');
      client.release();
    }
  });
});

describe('bookAppointment', () => {
  it('leaves the last word to the exclusion constraint: a stale search cannot double-book', async () => {
    const scene = await bookingScene(database.db, signedInClient);
    const startsAt = localInstant(localDay(3), '10:00');
    const repository = createBookingRepository(database.db);
    const deps: BookingDeps = {
      db: database.db,
      appointments: createAppointmentsRepository(database.db),
      brandName: 'Harbour Vets',
      organizerEmail: 'no-reply@harbourvets.example',
      caps: bookingCaps(true),
      now: () => new Date(),
      repository,
    };
    const booker: Booker = {
      clientId: scene.client.id,
      onlineBookingAllowed: true,
      homePracticeId: scene.practice.id,
      firstName: 'Sam',
      email: null,
    };
    const body = {
      practiceId: scene.practice.id,
      petId: scene.pet.id,
      appointmentReasonId: scene.reason.id,
      startsAt: startsAt.toISOString(),
    };
    expect((await bookAppointment(deps, booker, body)).kind).toBe('booked');
    // A search that has not seen the booking yet offers the time again (for another of the client's
    // pets); the database refuses it.
    const stale = { ...deps, repository: { ...repository, listBusy: () => Promise.resolve([]) } };
    const otherPet = await createPet(database.db, { clientId: scene.client.id, speciesId: scene.dog.id });
    const outcome = await bookAppointment(stale, booker, { ...body, petId: otherPet.id });
    expect(outcome.kind).toBe('taken');
  });
});
