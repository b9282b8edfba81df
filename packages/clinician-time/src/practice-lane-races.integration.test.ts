import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Executor } from '@vet/db/connection';
import { lockSpaces } from '@vet/db/lock-spaces';
import { makeRoomForPracticeBooking } from './practice-lane.ts';
import { appointments, clinicianReservations } from '@vet/db/schema/appointments';
import {
  createClient,
  createClinician,
  createPet,
  createPractice,
  createReason,
} from '@vet/db/testing/factories';
import { useTestDatabase } from '@vet/db/testing/test-database';

/**
 * Decision 0063: a practice booking is never refused by an online booking racing it. Online writers take
 * the pet's and the clinician's advisory locks before writing their rows (apps/api/src/appointments/booking); the
 * practice's lane takes the same locks before it clears the way, so no online row can land in the span
 * between the clearing and the practice booking's insert. Without those locks these tests fail: the
 * online bookings started after the clearing commit first, and the practice insert gets 23P01.
 */
const ONLINE = 8;
const EXCLUSION_VIOLATION = '23P01';
const { db } = useTestDatabase({ max: ONLINE + 4 });
const NOW = new Date('2031-04-01T08:00:00Z');
const range = (from: Date, to: Date) => `[${from.toISOString()},${to.toISOString()})`;
const minutes = (from: Date, n: number) => new Date(from.getTime() + n * 60_000);

function sqlState(error: unknown): string | undefined {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if ('code' in e && typeof e.code === 'string') return e.code;
  }
  return undefined;
}

async function scene() {
  const practice = await createPractice(db);
  const clinician = await createClinician(db, { practiceId: practice.id });
  const colleague = await createClinician(db, { practiceId: practice.id });
  const client = await createClient(db, { homePracticeId: practice.id });
  const pet = await createPet(db, { clientId: client.id });
  const reason = await createReason(db);
  return { practice, clinician, colleague, client, pet, reason };
}
type Scene = Awaited<ReturnType<typeof scene>>;

/** Online writers waiting for an advisory lock of a key (the pet's or the clinician's), as pg_locks shows. */
async function waitingFor(space: number, id: number): Promise<number> {
  const result = await db.execute<{ n: number }>(sql`select count(*)::int as n from pg_locks
    where locktype = 'advisory' and classid = ${space} and objid = ${id} and not granted`);
  return result.rows[0]?.n ?? 0;
}

/** Polls until the condition holds: the writers are either finished or queued behind a lock. */
async function until(condition: () => Promise<boolean>) {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 5));
}

const lock = (tx: Executor, space: number, id: number) =>
  tx.execute(sql`select pg_advisory_xact_lock(${space}::int, ${id}::int)`);

async function insertAppointment(
  tx: Executor,
  s: Scene,
  values: {
    clinicianId: number;
    petId: number;
    startsAt: Date;
    endsAt: Date;
    source?: 'Online' | 'Practice';
  },
) {
  const [row] = await tx
    .insert(appointments)
    .values({ practiceId: s.practice.id, clientId: s.client.id, reasonId: s.reason.id, ...values })
    .returning({ id: appointments.id });
  return row!.id;
}

/** An online booking, in the order apps/api/src/appointments/booking writes one: pet lock, row, clinician lock, row. */
function onlineBooking(s: Scene, petId: number, clinicianId: number, startsAt: Date, endsAt: Date) {
  return db.transaction(async (tx) => {
    await lock(tx, lockSpaces.pet, petId);
    const id = await insertAppointment(tx, s, { clinicianId, petId, startsAt, endsAt });
    await lock(tx, lockSpaces.clinician, clinicianId);
    await tx
      .insert(clinicianReservations)
      .values({ clinicianId, during: range(startsAt, endsAt), appointmentId: id });
    return id;
  });
}

/**
 * A desk booking: the way cleared, then `between` (online writers started), then its rows. `settled`
 * says when to go on: every online writer finished or queued behind a lock the desk booking holds.
 */
function deskBooking(
  s: Scene,
  startsAt: Date,
  endsAt: Date,
  between?: { start: () => void; settled: () => Promise<boolean> },
) {
  return db.transaction(async (tx) => {
    const span = { clinicianId: s.clinician.id, startsAt, endsAt, petId: s.pet.id, appointmentId: null };
    await makeRoomForPracticeBooking(tx, span, NOW);
    if (between) {
      between.start();
      await until(between.settled);
    }
    const id = await insertAppointment(tx, s, { ...span, source: 'Practice' });
    await tx.insert(clinicianReservations).values({
      clinicianId: s.clinician.id,
      during: range(startsAt, endsAt),
      appointmentId: id,
      practiceLane: true,
    });
    return id;
  });
}

/** Online writers started when the desk booking has cleared its way, and a count of those finished. */
function onlineAfterClearing(count: number, book: (i: number) => Promise<number>) {
  let finished = 0;
  let start = () => {};
  const started = new Promise<void>((resolve) => (start = resolve));
  const results = Array.from({ length: count }, async (_, i) => {
    await started;
    try {
      return await book(i);
    } finally {
      finished += 1;
    }
  });
  // Settled at once, so a refusal is never an unhandled rejection while the desk booking is awaited.
  return { start, results: Promise.allSettled(results), finished: () => finished };
}

describe('a practice booking racing online bookings', () => {
  it(`stores the desk booking first time while ${ONLINE} online bookings of its clinician race it`, async () => {
    const s = await scene();
    const startsAt = new Date('2031-04-02T10:00:00Z');
    const pets = await Promise.all(
      Array.from({ length: ONLINE }, () => createPet(db, { clientId: s.client.id })),
    );
    const online = onlineAfterClearing(ONLINE, (i) => {
      const from = minutes(startsAt, i * 3 - 12);
      return onlineBooking(s, pets[i]!.id, s.clinician.id, from, minutes(from, 20));
    });
    const settled = async () =>
      online.finished() + (await waitingFor(lockSpaces.clinician, s.clinician.id)) === ONLINE;
    const desk = deskBooking(s, startsAt, minutes(startsAt, 15), { start: online.start, settled });

    await expect(desk).resolves.toEqual(expect.any(Number));
    const results = await online.results;
    // Every online booking overlapping the desk's time was refused by the constraint, plainly (no deadlock).
    expect(results.map((r) => (r.status === 'rejected' ? sqlState(r.reason) : 'booked'))).toEqual(
      Array<string>(ONLINE).fill(EXCLUSION_VIOLATION),
    );
  });

  it(`stores the desk booking while ${ONLINE} online bookings of its pet with another clinician race it`, async () => {
    const s = await scene();
    const startsAt = new Date('2031-04-03T10:00:00Z');
    const online = onlineAfterClearing(ONLINE, (i) => {
      const from = minutes(startsAt, i * 2 - 8);
      return onlineBooking(s, s.pet.id, s.colleague.id, from, minutes(from, 10));
    });
    const settled = async () => online.finished() + (await waitingFor(lockSpaces.pet, s.pet.id)) === ONLINE;
    const desk = deskBooking(s, startsAt, minutes(startsAt, 15), { start: online.start, settled });

    await expect(desk).resolves.toEqual(expect.any(Number));
    const results = await online.results;
    // The pet's own constraint refuses them: one pet is never in two online-made overlapping appointments.
    expect(results.map((r) => (r.status === 'rejected' ? sqlState(r.reason) : 'booked'))).toEqual(
      Array<string>(ONLINE).fill(EXCLUSION_VIOLATION),
    );
    const booked = await db
      .select({ id: appointments.id })
      .from(appointments)
      .where(eq(appointments.petId, s.pet.id));
    expect(booked).toHaveLength(1);
  });

  it('flags what committed before it and refuses what comes after, with desk bookings interleaved', async () => {
    const s = await scene();
    const day = new Date('2031-04-04T09:00:00Z');
    const writes = Array.from({ length: 24 }, async (_, i) => {
      const from = minutes(day, (i * 7) % 60);
      if (i % 4 === 0) return { desk: true, result: await deskBooking(s, from, minutes(from, 10)) };
      const pet = await createPet(db, { clientId: s.client.id });
      try {
        return {
          desk: false,
          result: await onlineBooking(s, pet.id, s.clinician.id, from, minutes(from, 10)),
        };
      } catch (error) {
        return { desk: false, result: sqlState(error) };
      }
    });
    const outcomes = await Promise.all(writes);

    expect(outcomes.filter((o) => o.desk).every((o) => typeof o.result === 'number')).toBe(true);
    for (const o of outcomes)
      if (!o.desk && typeof o.result !== 'number') expect(o.result).toBe(EXCLUSION_VIOLATION);
    // Every online row left outside the lane overlaps no practice row; every flagged one is in the lane.
    const rows = await db.execute<{ clashes: number; unmoved: number }>(sql`
      select
        (select count(*)::int from clinician_reservations o join clinician_reservations p
           on o.clinician_id = p.clinician_id and o.during && p.during and p.practice_lane and not o.practice_lane
         where o.clinician_id = ${s.clinician.id}) as clashes,
        (select count(*)::int from appointments a join clinician_reservations r on r.appointment_id = a.id
         where a.clinician_id = ${s.clinician.id} and a.flagged_at is not null and not r.practice_lane) as unmoved`);
    expect(rows.rows[0]).toEqual({ clashes: 0, unmoved: 0 });
  });
});
