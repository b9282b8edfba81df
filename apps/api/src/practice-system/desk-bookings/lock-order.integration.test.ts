import { appointmentDetailSchema } from '@vet/contracts/appointment-booking';
import { guestMessages } from '@vet/contracts/guest-bookings';
import type { Database, Executor } from '@vet/db/connection';
import { lockSpaces } from '@vet/db/lock-spaces';
import { makeRoomForPracticeBooking } from '@vet/clinician-time/practice-lane';
import { appointments, clinicianReservations } from '@vet/db/schema/appointments';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  bookingHelpers,
  bookingScene,
  localDay,
  localInstant,
} from '../../appointments/booking/testing/booking-fixtures.ts';
import { guestHelpers } from '../../appointments/guests/testing/guest-fixtures.ts';
import { useSignedInTestApp } from '../../testing/signed-in-app.ts';
import { appointmentRow, holdRow, reservationOf } from './testing/practice-fixtures.ts';

/**
 * Decision 0063's lock order: advisory locks (a client's, a pet's, a clinician's) before any row lock. A
 * practice booking takes its pet's and clinician's locks and then the rows in its way; an online writer
 * that locked one of those rows first and then waited for the clinician would deadlock with it. Each test
 * holds the practice booking's locks in a transaction of its own, starts an online change of a row in
 * the booking's way, waits until that change queues behind the clinician's lock, and then clears the
 * way: the practice booking must go through at once, and the online change then sees what it did.
 */
const database = useTestDatabase({ max: 12 });
const { db } = database;
const { context, signedInClient } = useSignedInTestApp(database);
const { book, amend } = bookingHelpers(context, db);
const { held, extend, replace, complete } = guestHelpers(context, db);

const at = (days: number, time: string) => localInstant(localDay(days), time);
const anArray: unknown = expect.any(Array);
const range = (from: Date, to: Date) => `[${from.toISOString()},${to.toISOString()})`;

async function queuedBehindClinician(clinicianId: number) {
  for (;;) {
    const result = await db.execute<{ n: number }>(sql`select count(*)::int as n from pg_locks
      where locktype = 'advisory' and classid = ${lockSpaces.clinician} and objid = ${clinicianId} and not granted`);
    if ((result.rows[0]?.n ?? 0) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/**
 * A desk booking of the clinician at [from, to) in three steps: its locks taken, then (once `online` is
 * queued behind them) the way cleared and its rows written. Resolves with what the online change answered.
 */
async function deskBookingAround<T>(
  d: Database,
  scene: Awaited<ReturnType<typeof bookingScene>>,
  span: { from: Date; to: Date },
  online: () => Promise<T>,
) {
  const clinicianId = scene.vets[0]!.id;
  let answer!: Promise<T>;
  await d.transaction(async (tx: Executor) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${lockSpaces.clinician}::int, ${clinicianId}::int)`);
    answer = online();
    await queuedBehindClinician(clinicianId);
    const room = { clinicianId, startsAt: span.from, endsAt: span.to, petId: null, appointmentId: null };
    await makeRoomForPracticeBooking(tx, room, new Date());
    const [row] = await tx
      .insert(appointments)
      .values({
        practiceId: scene.practice.id,
        clinicianId,
        clientId: scene.client.id,
        petId: scene.pet.id,
        reasonId: scene.reason.id,
        startsAt: span.from,
        endsAt: span.to,
        source: 'Practice',
      })
      .returning({ id: appointments.id });
    await tx
      .insert(clinicianReservations)
      .values({ clinicianId, during: range(span.from, span.to), appointmentId: row!.id, practiceLane: true });
  });
  return answer;
}

describe("decision 0063's lock order: a practice booking never deadlocks with an online change", () => {
  it('a guest extending the hold it takes: the hold is given away, the extension answers so', async () => {
    const scene = await bookingScene(db, signedInClient);
    const hold = await held(scene, at(3, '10:00'));
    const answer = await deskBookingAround(db, scene, { from: at(3, '10:00'), to: at(3, '10:30') }, () =>
      extend(hold.softBookingId),
    );
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toMatchObject({ message: guestMessages.holdGivenAway });
    expect(await holdRow(db, hold.softBookingId)).toMatchObject({ status: 'Released' });
  });

  it('a guest moving the hold it takes to another time of the same clinician', async () => {
    const scene = await bookingScene(db, signedInClient);
    const hold = await held(scene, at(3, '11:00'));
    const answer = await deskBookingAround(db, scene, { from: at(3, '11:00'), to: at(3, '11:30') }, () =>
      replace(scene, hold.softBookingId, at(3, '14:00')),
    );
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toMatchObject({ message: guestMessages.holdGivenAway });
  });

  it('a client completing the hold it takes: told plainly, with the nearest free times', async () => {
    const scene = await bookingScene(db, signedInClient);
    const hold = await held(scene, at(3, '15:00'));
    const answer = await deskBookingAround(db, scene, { from: at(3, '15:00'), to: at(3, '15:30') }, () =>
      complete(hold.softBookingId, scene.authorization),
    );
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toMatchObject({
      message: guestMessages.holdGivenAway,
      alternatives: anArray,
    });
    expect(await reservationOf(db, { holdId: hold.softBookingId })).toBeNull();
  });

  it('a client moving the appointment it is stored over: flagged, then moved out of the lane', async () => {
    const scene = await bookingScene(db, signedInClient);
    const online = appointmentDetailSchema.parse((await book(scene, at(4, '10:00'))).json());
    const answer = await deskBookingAround(db, scene, { from: at(4, '10:00'), to: at(4, '10:30') }, () =>
      amend(scene, online.appointmentId, at(4, '14:00')),
    );
    expect(answer.statusCode).toBe(200);
    // Moved by its client, the appointment is an online booking again: out of the lane, no longer flagged.
    expect(await appointmentRow(db, online.appointmentId)).toMatchObject({
      flaggedAt: null,
      startsAt: at(4, '14:00'),
    });
    expect((await reservationOf(db, { appointmentId: online.appointmentId }))?.practiceLane).toBe(false);
  });
});
