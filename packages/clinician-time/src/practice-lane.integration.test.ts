import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '@vet/db/connection';
import {
  lockForPracticeBookings,
  makeRoomForPracticeBooking,
  makeRoomForPracticeBookings,
  type PracticeSpan,
} from './practice-lane.ts';
import { appointments, clinicianReservations, softBookings } from '@vet/db/schema/appointments';
import {
  createAppointment,
  createClient,
  createClinician,
  createPet,
  createPractice,
  createReason,
} from '@vet/db/testing/factories';
import { useTestDatabase } from '@vet/db/testing/test-database';

/**
 * Decision 0063: what storing a practice booking does to the online rows in its way, before its own
 * reservation goes into the practice's lane.
 */
const { db } = useTestDatabase();

const at = (iso: string) => new Date(iso);
const range = (from: Date, to: Date) => `[${from.toISOString()},${to.toISOString()})`;
const NOW = at('2031-03-01T08:00:00Z');

async function scene(database: Database = db) {
  const practice = await createPractice(database);
  const clinician = await createClinician(database, { practiceId: practice.id });
  const client = await createClient(database, { homePracticeId: practice.id });
  const pet = await createPet(database, { clientId: client.id });
  const reason = await createReason(database);
  return { practice, clinician, client, pet, reason };
}
type Scene = Awaited<ReturnType<typeof scene>>;

/** An online appointment (its own pet unless given) with its reservation, as the booking service writes it. */
async function onlineAppointment(
  s: Scene,
  from: string,
  to: string,
  over: { clinicianId?: number; petId?: number } = {},
) {
  const petId = over.petId ?? (await createPet(db, { clientId: s.client.id })).id;
  return createAppointment(db, {
    practiceId: s.practice.id,
    clinicianId: over.clinicianId ?? s.clinician.id,
    clientId: s.client.id,
    petId,
    reasonId: s.reason.id,
    startsAt: at(from),
    endsAt: at(to),
  });
}

async function guestHold(s: Scene, from: string, to: string, expiresAt: Date) {
  const [hold] = await db
    .insert(softBookings)
    .values({
      practiceId: s.practice.id,
      clinicianId: s.clinician.id,
      reasonId: s.reason.id,
      startsAt: at(from),
      endsAt: at(to),
      expiresAt,
      firstName: 'Guest',
      lastName: 'Visitor',
      email: 'guest@example.test',
      petName: 'Rex',
      speciesId: s.pet.speciesId,
    })
    .returning();
  if (!hold) throw new Error('hold not inserted');
  await db.insert(clinicianReservations).values({
    clinicianId: s.clinician.id,
    during: range(hold.startsAt, hold.endsAt),
    softBookingId: hold.id,
    holdExpiresAt: expiresAt,
  });
  return hold;
}

/** A practice booking as the integration API stores it: room made, then its row in the lane. */
async function deskBooking(
  s: Scene,
  from: string,
  to: string,
  petId = s.pet.id,
  clinicianId = s.clinician.id,
) {
  return db.transaction(async (tx) => {
    const span = { clinicianId, startsAt: at(from), endsAt: at(to), petId, appointmentId: null };
    const effects = await makeRoomForPracticeBooking(tx, span, NOW);
    const [row] = await tx
      .insert(appointments)
      .values({
        practiceId: s.practice.id,
        clinicianId,
        clientId: s.client.id,
        petId,
        reasonId: s.reason.id,
        startsAt: span.startsAt,
        endsAt: span.endsAt,
        source: 'Practice',
      })
      .returning({ id: appointments.id });
    await tx.insert(clinicianReservations).values({
      clinicianId,
      during: range(span.startsAt, span.endsAt),
      appointmentId: row!.id,
      practiceLane: true,
    });
    return { id: row!.id, effects };
  });
}

const reservationOf = async (where: { appointmentId?: number; softBookingId?: string }) => {
  const [row] = await db
    .select()
    .from(clinicianReservations)
    .where(
      where.appointmentId === undefined
        ? eq(clinicianReservations.softBookingId, where.softBookingId ?? '')
        : eq(clinicianReservations.appointmentId, where.appointmentId),
    );
  return row ?? null;
};

const appointmentRow = async (id: number) =>
  (await db.select().from(appointments).where(eq(appointments.id, id)))[0];
const holdRow = async (id: string) =>
  (await db.select().from(softBookings).where(eq(softBookings.id, id)))[0];

describe("the practice's lane (decision 0063)", () => {
  it('flags an online appointment in its way and moves its reservation into the lane, time unchanged', async () => {
    const s = await scene();
    const online = await onlineAppointment(s, '2031-03-03T10:00:00Z', '2031-03-03T10:30:00Z');
    const desk = await deskBooking(s, '2031-03-03T10:15:00Z', '2031-03-03T10:45:00Z');

    expect(desk.effects).toEqual({
      releasedHolds: 0,
      flaggedAppointments: 1,
      flaggedAppointmentIds: [online.id],
    });
    const flagged = await appointmentRow(online.id);
    expect(flagged).toMatchObject({ status: 'Booked', flaggedAt: NOW, startsAt: online.startsAt });
    expect(await reservationOf({ appointmentId: online.id })).toMatchObject({
      practiceLane: true,
      during: '["2031-03-03 10:00:00+00","2031-03-03 10:30:00+00")',
    });
  });

  it('leaves online rows that only touch the span, and other clinicians’ rows, alone', async () => {
    const s = await scene();
    const colleague = await createClinician(db, { practiceId: s.practice.id });
    const before = await onlineAppointment(s, '2031-03-04T09:30:00Z', '2031-03-04T10:00:00Z');
    const after = await onlineAppointment(s, '2031-03-04T10:30:00Z', '2031-03-04T11:00:00Z');
    const elsewhere = await onlineAppointment(s, '2031-03-04T10:00:00Z', '2031-03-04T10:30:00Z', {
      clinicianId: colleague.id,
    });
    const desk = await deskBooking(s, '2031-03-04T10:00:00Z', '2031-03-04T10:30:00Z');

    expect(desk.effects).toEqual({ releasedHolds: 0, flaggedAppointments: 0, flaggedAppointmentIds: [] });
    for (const { id } of [before, after, elsewhere]) {
      expect((await appointmentRow(id))?.flaggedAt).toBeNull();
      expect((await reservationOf({ appointmentId: id }))?.practiceLane).toBe(false);
    }
  });

  it("flags the pet's own online appointment with another clinician at an overlapping time", async () => {
    const s = await scene();
    const colleague = await createClinician(db, { practiceId: s.practice.id });
    const online = await onlineAppointment(s, '2031-03-05T10:00:00Z', '2031-03-05T10:30:00Z', {
      clinicianId: colleague.id,
      petId: s.pet.id,
    });
    const desk = await deskBooking(s, '2031-03-05T10:10:00Z', '2031-03-05T10:20:00Z');

    expect(desk.effects.flaggedAppointments).toBe(1);
    expect((await appointmentRow(online.id))?.flaggedAt).toEqual(NOW);
    expect((await reservationOf({ appointmentId: online.id }))?.practiceLane).toBe(true);
  });

  it('gives a live guest hold away: Released, displaced_at set, its reservation gone', async () => {
    const s = await scene();
    const hold = await guestHold(
      s,
      '2031-03-06T10:00:00Z',
      '2031-03-06T10:15:00Z',
      at('2031-03-01T08:10:00Z'),
    );
    const desk = await deskBooking(s, '2031-03-06T10:00:00Z', '2031-03-06T10:30:00Z');

    expect(desk.effects).toEqual({ releasedHolds: 1, flaggedAppointments: 0, flaggedAppointmentIds: [] });
    expect(await holdRow(hold.id)).toMatchObject({ status: 'Released', displacedAt: NOW });
    expect(await reservationOf({ softBookingId: hold.id })).toBeNull();
  });

  it('marks an expired hold in its way Expired and deletes its reservation, telling nobody', async () => {
    const s = await scene();
    const hold = await guestHold(
      s,
      '2031-03-07T10:00:00Z',
      '2031-03-07T10:15:00Z',
      at('2031-03-01T07:59:00Z'),
    );
    const desk = await deskBooking(s, '2031-03-07T10:00:00Z', '2031-03-07T10:30:00Z');

    expect(desk.effects.releasedHolds).toBe(0);
    expect(await holdRow(hold.id)).toMatchObject({ status: 'Expired', displacedAt: null });
    expect(await reservationOf({ softBookingId: hold.id })).toBeNull();
  });

  it('never flags the appointment being written itself', async () => {
    const s = await scene();
    const online = await onlineAppointment(s, '2031-03-08T10:00:00Z', '2031-03-08T10:30:00Z', {
      petId: s.pet.id,
    });
    const effects = await db.transaction((tx) =>
      makeRoomForPracticeBooking(
        tx,
        {
          clinicianId: s.clinician.id,
          startsAt: online.startsAt,
          endsAt: online.endsAt,
          petId: s.pet.id,
          appointmentId: online.id,
        },
        NOW,
      ),
    );
    expect(effects).toEqual({ releasedHolds: 0, flaggedAppointments: 0, flaggedAppointmentIds: [] });
    expect((await appointmentRow(online.id))?.flaggedAt).toBeNull();
  });

  it('the flagged time stays busy for online bookings; practice bookings may overlap each other', async () => {
    const s = await scene();
    await onlineAppointment(s, '2031-03-09T10:00:00Z', '2031-03-09T10:30:00Z');
    await deskBooking(s, '2031-03-09T10:00:00Z', '2031-03-09T10:15:00Z');
    await deskBooking(s, '2031-03-09T10:05:00Z', '2031-03-09T10:20:00Z');
    const online = onlineAppointment(s, '2031-03-09T10:20:00Z', '2031-03-09T10:40:00Z');
    await expect(online).rejects.toThrow();
  });

  describe('many spans at once (the importer)', () => {
    it('makes room for spans given as a query, across clinicians, under table locks', async () => {
      const s = await scene();
      const colleague = await createClinician(db, { practiceId: s.practice.id });
      const a = await onlineAppointment(s, '2031-03-10T10:00:00Z', '2031-03-10T10:30:00Z');
      const b = await onlineAppointment(s, '2031-03-10T11:00:00Z', '2031-03-10T11:30:00Z', {
        clinicianId: colleague.id,
      });
      const hold = await guestHold(
        s,
        '2031-03-10T12:00:00Z',
        '2031-03-10T12:15:00Z',
        at('2031-03-01T09:00:00Z'),
      );
      const untouched = await onlineAppointment(s, '2031-03-10T13:00:00Z', '2031-03-10T13:30:00Z');

      const effects = await db.transaction(async (tx) => {
        await lockForPracticeBookings(tx);
        return makeRoomForPracticeBookings(
          tx,
          sql`select * from (values
                (${s.clinician.id}::int, '2031-03-10T10:10:00Z'::timestamptz, '2031-03-10T10:20:00Z'::timestamptz, null::int, null::int),
                (${colleague.id}, '2031-03-10T11:00:00Z', '2031-03-10T12:00:00Z', null, null),
                (${s.clinician.id}, '2031-03-10T12:00:00Z', '2031-03-10T12:30:00Z', null, null)
              ) as spans(clinician_id, starts_at, ends_at, pet_id, appointment_id)`,
          NOW,
        );
      });

      expect(effects).toEqual({
        releasedHolds: 1,
        flaggedAppointments: 2,
        flaggedAppointmentIds: [a.id, b.id],
      });
      expect((await appointmentRow(a.id))?.flaggedAt).toEqual(NOW);
      expect((await appointmentRow(b.id))?.flaggedAt).toEqual(NOW);
      expect((await appointmentRow(untouched.id))?.flaggedAt).toBeNull();
      expect((await holdRow(hold.id))?.status).toBe('Released');
    });

    it('takes spans as an array too, and twice in one transaction', async () => {
      const s = await scene();
      const a = await onlineAppointment(s, '2031-03-11T10:00:00Z', '2031-03-11T10:30:00Z');
      const span = (from: string, to: string): PracticeSpan => ({
        clinicianId: s.clinician.id,
        startsAt: at(from),
        endsAt: at(to),
        petId: null,
        appointmentId: null,
      });
      const [first, second] = await db.transaction(async (tx) => [
        await makeRoomForPracticeBookings(tx, [span('2031-03-11T10:00:00Z', '2031-03-11T10:15:00Z')], NOW),
        await makeRoomForPracticeBookings(tx, [span('2031-03-11T10:15:00Z', '2031-03-11T10:30:00Z')], NOW),
      ]);
      expect(first).toEqual({ releasedHolds: 0, flaggedAppointments: 1, flaggedAppointmentIds: [a.id] });
      // Already flagged and in the lane: nothing more to do.
      expect(second).toEqual({ releasedHolds: 0, flaggedAppointments: 0, flaggedAppointmentIds: [] });
      expect((await appointmentRow(a.id))?.flaggedAt).toEqual(NOW);
    });

    it('does nothing for no spans', async () => {
      await expect(db.transaction((tx) => makeRoomForPracticeBookings(tx, [], NOW))).resolves.toEqual({
        releasedHolds: 0,
        flaggedAppointments: 0,
        flaggedAppointmentIds: [],
      });
    });
  });

  it('counts the rows it left (the reservation rows of the scene)', async () => {
    const s = await scene();
    await onlineAppointment(s, '2031-03-12T10:00:00Z', '2031-03-12T10:30:00Z');
    await deskBooking(s, '2031-03-12T10:00:00Z', '2031-03-12T10:30:00Z');
    const rows = await db
      .select({ lane: clinicianReservations.practiceLane })
      .from(clinicianReservations)
      .where(and(eq(clinicianReservations.clinicianId, s.clinician.id)));
    expect(rows.map((r) => r.lane)).toEqual([true, true]);
  });
});
