import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from './connection.ts';
import { appointments, clinicianReservations, softBookings } from './schema/appointments.ts';
import {
  createAppointment,
  createClient,
  createClinician,
  createPet,
  createPractice,
  createReason,
} from './testing/factories.ts';
import { useTestDatabase } from './testing/test-database.ts';

/**
 * R4.21: no clinician is ever double-booked, whatever the concurrency, and the database enforces it,
 * not only the code. These tests hold the database to that, with no application code in between.
 */
const CONCURRENCY = 10;
const EXCLUSION_VIOLATION = '23P01';
const DEADLOCK_DETECTED = '40P01';
/**
 * How the database refuses a booking that lost the race. Two inserts that overlap each find the other's
 * uncommitted row under the exclusion constraint and wait for it; when they wait for each other,
 * PostgreSQL breaks the deadlock by aborting one (40P01), the others get 23P01 once the winner commits.
 * Which one a loser gets depends on timing (CI once saw nine deadlocks). The API takes the clinician's
 * advisory lock first, so its losers always get 23P01 (apps/api/src/appointments/client-routes/appointment-writes.ts);
 * here, with no application code, either is a refusal.
 */
const REFUSED: unknown = expect.toBeOneOf([EXCLUSION_VIOLATION, DEADLOCK_DETECTED]);

const { db } = useTestDatabase({ max: CONCURRENCY + 2 });

/** The SQLSTATE of a failed query, wherever the driver or drizzle put it. */
function sqlState(error: unknown): string | undefined {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if ('code' in e && typeof e.code === 'string') return e.code;
  }
  return undefined;
}

const range = (from: string, to: string) => `[${from},${to})`;

/** A practice with one clinician, a client, a pet and a reason: what an appointment row needs. */
async function bookingScene(database: Database) {
  const practice = await createPractice(database);
  const clinician = await createClinician(database, { practiceId: practice.id });
  const client = await createClient(database, { homePracticeId: practice.id });
  const pet = await createPet(database, { clientId: client.id });
  const reason = await createReason(database);
  return { practice, clinician, client, pet, reason };
}

type Scene = Awaited<ReturnType<typeof bookingScene>>;
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Each appointment gets a pet of its own: these tests are about one clinician's time, and one pet is
 * never in two booked appointments at once (migration 0008).
 */
async function insertAppointment(tx: Tx | Database, scene: Scene, startsAt: string, endsAt: string) {
  const pet = await createPet(tx, { clientId: scene.client.id });
  const [row] = await tx
    .insert(appointments)
    .values({
      practiceId: scene.practice.id,
      clinicianId: scene.clinician.id,
      clientId: scene.client.id,
      petId: pet.id,
      reasonId: scene.reason.id,
      startsAt: new Date(startsAt),
      endsAt: new Date(endsAt),
    })
    .returning({ id: appointments.id });
  if (!row) throw new Error('appointment not inserted');
  return row.id;
}

/** An appointment and its reservation in one transaction, as the booking service writes them. */
async function reserveAppointment(
  scene: Scene,
  startsAt: string,
  endsAt: string,
  clinicianId = scene.clinician.id,
  practiceLane = false,
) {
  return db.transaction(async (tx) => {
    const appointmentId = await insertAppointment(tx, scene, startsAt, endsAt);
    const [row] = await tx
      .insert(clinicianReservations)
      .values({ clinicianId, during: range(startsAt, endsAt), appointmentId, practiceLane })
      .returning();
    return row;
  });
}

async function reservationCount(clinicianId: number): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(clinicianReservations)
    .where(eq(clinicianReservations.clinicianId, clinicianId));
  return rows[0]?.n ?? 0;
}

describe('the no-double-booking constraint', () => {
  it(`lets exactly one of ${CONCURRENCY} concurrent overlapping bookings commit`, async () => {
    const scene = await bookingScene(db);
    // Every transaction has written its appointment and holds its connection before any of them
    // reserves the time, so the reservations really race.
    let arrived = 0;
    let release = () => {};
    const allArrived = new Promise<void>((resolve) => (release = resolve));

    const attempts = Array.from({ length: CONCURRENCY }, (_, i) =>
      db.transaction(async (tx) => {
        // Different ranges that all overlap one another: 10:00–10:30, 10:02–10:32, ... 10:18–10:48.
        const start = new Date(Date.UTC(2031, 0, 6, 10, i * 2));
        const end = new Date(start.getTime() + 30 * 60_000);
        const appointmentId = await insertAppointment(tx, scene, start.toISOString(), end.toISOString());
        arrived += 1;
        if (arrived === CONCURRENCY) release();
        await allArrived;
        await tx.insert(clinicianReservations).values({
          clinicianId: scene.clinician.id,
          during: range(start.toISOString(), end.toISOString()),
          appointmentId,
        });
      }),
    );
    const results = await Promise.allSettled(attempts);

    const committed = results.filter((r) => r.status === 'fulfilled');
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [sqlState(r.reason)] : []));
    expect(committed).toHaveLength(1);
    expect(refused).toEqual(Array<unknown>(CONCURRENCY - 1).fill(REFUSED));
    expect(await reservationCount(scene.clinician.id)).toBe(1);
    // The refused transactions rolled back their appointment rows too.
    const booked = await db
      .select({ id: appointments.id })
      .from(appointments)
      .where(eq(appointments.clinicianId, scene.clinician.id));
    expect(booked).toHaveLength(1);
  });

  it('refuses concurrent bookings through the createAppointment factory as well', async () => {
    const scene = await bookingScene(db);
    const startsAt = new Date('2031-01-07T09:00:00Z');
    const endsAt = new Date('2031-01-07T09:15:00Z');
    const results = await Promise.allSettled(
      Array.from({ length: CONCURRENCY }, () =>
        createAppointment(db, {
          practiceId: scene.practice.id,
          clinicianId: scene.clinician.id,
          clientId: scene.client.id,
          petId: scene.pet.id,
          reasonId: scene.reason.id,
          startsAt,
          endsAt,
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [sqlState(r.reason)] : []));
    expect(refused).toEqual(Array<unknown>(CONCURRENCY - 1).fill(REFUSED));
    expect(await reservationCount(scene.clinician.id)).toBe(1);
  });

  it('accepts back-to-back appointments: ranges are half-open', async () => {
    const scene = await bookingScene(db);
    await reserveAppointment(scene, '2031-01-08T10:00:00Z', '2031-01-08T10:15:00Z');
    await reserveAppointment(scene, '2031-01-08T10:15:00Z', '2031-01-08T10:30:00Z');
    await reserveAppointment(scene, '2031-01-08T09:45:00Z', '2031-01-08T10:00:00Z');
    expect(await reservationCount(scene.clinician.id)).toBe(3);
  });

  it('lets two clinicians see clients at the same time', async () => {
    const scene = await bookingScene(db);
    const colleague = await createClinician(db, { practiceId: scene.practice.id });
    await reserveAppointment(scene, '2031-01-09T10:00:00Z', '2031-01-09T10:30:00Z');
    await reserveAppointment(scene, '2031-01-09T10:00:00Z', '2031-01-09T10:30:00Z', colleague.id);
    expect(await reservationCount(scene.clinician.id)).toBe(1);
    expect(await reservationCount(colleague.id)).toBe(1);
  });

  it('refuses an appointment over a guest’s hold on the same clinician', async () => {
    const scene = await bookingScene(db);
    const [hold] = await db
      .insert(softBookings)
      .values({
        practiceId: scene.practice.id,
        clinicianId: scene.clinician.id,
        reasonId: scene.reason.id,
        startsAt: new Date('2031-01-10T11:00:00Z'),
        endsAt: new Date('2031-01-10T11:15:00Z'),
        expiresAt: new Date('2031-01-10T10:15:00Z'),
        firstName: 'Guest',
        lastName: 'Visitor',
        email: 'guest@example.test',
        petName: 'Rex',
        speciesId: scene.pet.speciesId,
      })
      .returning();
    await db.insert(clinicianReservations).values({
      clinicianId: scene.clinician.id,
      during: range('2031-01-10T11:00:00Z', '2031-01-10T11:15:00Z'),
      softBookingId: hold?.id,
      holdExpiresAt: hold?.expiresAt,
    });

    const booking = reserveAppointment(scene, '2031-01-10T11:10:00Z', '2031-01-10T11:25:00Z');
    await expect(booking.catch(sqlState)).resolves.toBe(EXCLUSION_VIOLATION);
  });

  it('frees the time when the reservation is deleted', async () => {
    const scene = await bookingScene(db);
    const first = await reserveAppointment(scene, '2031-01-13T14:00:00Z', '2031-01-13T14:15:00Z');
    const clash = reserveAppointment(scene, '2031-01-13T14:00:00Z', '2031-01-13T14:15:00Z');
    await expect(clash.catch(sqlState)).resolves.toBe(EXCLUSION_VIOLATION);

    await db.delete(clinicianReservations).where(eq(clinicianReservations.id, first?.id ?? -1));
    await expect(
      reserveAppointment(scene, '2031-01-13T14:00:00Z', '2031-01-13T14:15:00Z'),
    ).resolves.toMatchObject({ clinicianId: scene.clinician.id });
    expect(await reservationCount(scene.clinician.id)).toBe(1);
  });

  describe("the practice's lane (decision 0063)", () => {
    const practiceBooking = (scene: Scene, from: string, to: string) =>
      reserveAppointment(scene, from, to, scene.clinician.id, true);

    it('stores practice bookings that overlap each other', async () => {
      const scene = await bookingScene(db);
      await practiceBooking(scene, '2031-02-03T10:00:00Z', '2031-02-03T10:30:00Z');
      await practiceBooking(scene, '2031-02-03T10:15:00Z', '2031-02-03T10:45:00Z');
      expect(await reservationCount(scene.clinician.id)).toBe(2);
    });

    it('refuses an online booking over a practice booking', async () => {
      const scene = await bookingScene(db);
      await practiceBooking(scene, '2031-02-04T10:00:00Z', '2031-02-04T10:30:00Z');
      const online = reserveAppointment(scene, '2031-02-04T10:20:00Z', '2031-02-04T10:50:00Z');
      await expect(online).rejects.toSatisfy((e) => sqlState(e) === EXCLUSION_VIOLATION);
    });

    it('refuses a practice booking over an online row until that row moves to the lane', async () => {
      const scene = await bookingScene(db);
      const online = await reserveAppointment(scene, '2031-02-05T10:00:00Z', '2031-02-05T10:30:00Z');
      const desk = practiceBooking(scene, '2031-02-05T10:00:00Z', '2031-02-05T10:15:00Z');
      await expect(desk).rejects.toSatisfy((e) => sqlState(e) === EXCLUSION_VIOLATION);
      // What the practice-booking service does: the online row keeps its time, in the practice's lane.
      await db
        .update(clinicianReservations)
        .set({ practiceLane: true })
        .where(eq(clinicianReservations.id, online!.id));
      await practiceBooking(scene, '2031-02-05T10:00:00Z', '2031-02-05T10:15:00Z');
      // The flagged appointment's time stays busy for online bookings.
      const later = reserveAppointment(scene, '2031-02-05T10:15:00Z', '2031-02-05T10:30:00Z');
      await expect(later).rejects.toSatisfy((e) => sqlState(e) === EXCLUSION_VIOLATION);
      expect(await reservationCount(scene.clinician.id)).toBe(2);
    });
  });
});
