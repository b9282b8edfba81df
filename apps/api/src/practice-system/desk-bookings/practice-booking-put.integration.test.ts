import { appointmentDetailSchema } from '@vet/contracts/appointment-booking';
import { lockSpaces } from '@vet/db/lock-spaces';
import { appointments } from '@vet/db/schema/appointments';
import { pets } from '@vet/db/schema/clients';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  bookingHelpers,
  bookingScene,
  localDay,
  localInstant,
} from '../../appointments/booking/testing/booking-fixtures.ts';
import { useSignedInTestApp } from '../../testing/signed-in-app.ts';
import { upsertPracticeAppointment } from './practice-booking-service.ts';
import {
  appointmentRow,
  deskBody,
  practiceBookingDeps,
  reservationOf,
  withPracticeRefs,
} from './testing/practice-fixtures.ts';

/**
 * PUT /appointments/{appointment_ref} as the service stores it (decision 0063): the record replaced as
 * given whatever it was, its answer what the database holds, and one reference written once at a time.
 */
const database = useTestDatabase({ max: 12 });
const { db } = database;
const { context, signedInClient } = useSignedInTestApp(database);
const { book, latestEmailTo } = bookingHelpers(context, db);
const deps = practiceBookingDeps(db);

const at = (days: number, time: string) => localInstant(localDay(days), time);
const scene = async () => withPracticeRefs(db, await bookingScene(db, signedInClient, { vets: 1 }));
const laneTimeOf = async (appointmentId: number) =>
  (
    await db.execute<{ starts: string; ends: string; practice_lane: boolean }>(
      sql`select to_json(lower(during) at time zone 'UTC') #>> '{}' || '.000Z' as starts,
                 to_json(upper(during) at time zone 'UTC') #>> '{}' || '.000Z' as ends, practice_lane
          from clinician_reservations where appointment_id = ${appointmentId}`,
    )
  ).rows[0];
const refLock = lockSpaces.practiceAppointmentRef;
const waitingForRef = async (ref: string) =>
  (
    await db.execute<{ n: number }>(sql`select count(*)::int as n from pg_locks
      where locktype = 'advisory' and classid = ${refLock} and objid::int = hashtext(${ref}) and not granted`)
  ).rows[0]?.n ?? 0;
/** Polls until the condition holds, failing after a few seconds. */
async function pollUntil(condition: () => Promise<boolean>, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('the condition did not hold in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
const awaiting = async (petId: number) =>
  (await db.select().from(pets).where(eq(pets.id, petId)))[0]?.awaitingInitialConsultation;

describe('a desk booking stored again by its reference', () => {
  it('answers what the database holds, created or replaced', async () => {
    const s = await scene();
    const ref = `PUT-1-${s.refs.pet}`;
    const created = await upsertPracticeAppointment(
      deps,
      ref,
      deskBody(s, at(4, '09:00'), at(4, '09:30'), { notes: 'First visit' }),
    );
    const replaced = await upsertPracticeAppointment(
      deps,
      ref,
      deskBody(s, at(4, '10:00'), at(4, '10:45'), { notes: null }),
    );

    const { effects: _created, ...createdRecord } = created.appointment;
    const { effects: _replaced, ...replacedRecord } = replaced.appointment;
    expect(createdRecord).toMatchObject({ starts_at: at(4, '09:00').toISOString(), notes: 'First visit' });
    expect(replacedRecord).toEqual(await deps.reads.answer(created.appointment.appointment_id));
    expect(replacedRecord).toMatchObject({ starts_at: at(4, '10:00').toISOString(), notes: null });
    expect(await laneTimeOf(replaced.appointment.appointment_id)).toEqual({
      starts: at(4, '10:00').toISOString(),
      ends: at(4, '10:45').toISOString(),
      practice_lane: true,
    });
  });

  it('keeps the first cancellation’s time when cancelled again, and holds its time once Booked again', async () => {
    const s = await scene();
    const ref = `PUT-2-${s.refs.pet}`;
    const body = deskBody(s, at(5, '11:00'), at(5, '11:30'));
    const { appointment } = await upsertPracticeAppointment(deps, ref, { ...body, status: 'Cancelled' });
    const firstCancelled = (await appointmentRow(db, appointment.appointment_id))?.cancelledAt;
    await upsertPracticeAppointment(deps, ref, { ...body, status: 'Cancelled', notes: 'Still cancelled' });

    expect(firstCancelled).toBeInstanceOf(Date);
    expect((await appointmentRow(db, appointment.appointment_id))?.cancelledAt).toEqual(firstCancelled);
    expect(await reservationOf(db, { appointmentId: appointment.appointment_id })).toBeNull();

    const again = await upsertPracticeAppointment(deps, ref, body);
    expect(again).toMatchObject({ created: false, appointment: { status: 'Booked' } });
    expect((await appointmentRow(db, appointment.appointment_id))?.cancelledAt).toBeNull();
    expect(await reservationOf(db, { appointmentId: appointment.appointment_id })).toMatchObject({
      practiceLane: true,
    });
  });

  it('ends a new pet’s initial consultation when stored as Completed', async () => {
    const s = await scene();
    await db.update(pets).set({ awaitingInitialConsultation: true }).where(eq(pets.id, s.pet.id));
    const body = deskBody(s, at(-1, '09:00'), at(-1, '09:30'), { reason_ref: s.refs.initial });
    await upsertPracticeAppointment(deps, `PUT-3a-${s.refs.pet}`, { ...body, status: 'NoShow' });
    expect(await awaiting(s.pet.id)).toBe(true);

    await upsertPracticeAppointment(deps, `PUT-3b-${s.refs.pet}`, { ...body, status: 'Completed' });
    expect(await awaiting(s.pet.id)).toBe(false);
  });

  it('takes turns with another write of its reference: one creates it, the other replaces it', async () => {
    const s = await scene();
    const ref = `PUT-4-${s.refs.pet}`;
    // A Cancelled record takes no lane locks: only the reference's lock keeps the two apart.
    const bodies = [
      deskBody(s, at(6, '09:00'), at(6, '09:30')),
      deskBody(s, at(6, '10:00'), at(6, '10:30'), { status: 'Cancelled' }),
    ];
    // Both writes start while the reference's lock is held elsewhere, so both must queue behind it.
    const writes = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${refLock}::int, hashtext(${ref}))`);
      const started = bodies.map((body) => upsertPracticeAppointment(deps, ref, body));
      await pollUntil(async () => (await waitingForRef(ref)) === 2);
      return started;
    });

    expect((await Promise.all(writes)).map((write) => write.created).sort()).toEqual([false, true]);
    expect(await db.select().from(appointments).where(eq(appointments.pmsRef, ref))).toHaveLength(1);
  });
});

describe('an online appointment the practice system has acknowledged (its reference stored)', () => {
  it('is never flagged by its own rewrite, and its time moves into the lane', async () => {
    const s = await scene();
    const online = appointmentDetailSchema.parse((await book(s, at(3, '14:00'))).json());
    const ref = `PUT-5-${s.refs.pet}`;
    await db.update(appointments).set({ pmsRef: ref }).where(eq(appointments.id, online.appointmentId));

    const { created, appointment } = await upsertPracticeAppointment(
      deps,
      ref,
      deskBody(s, at(3, '14:00'), at(3, '14:30')),
    );

    expect(created).toBe(false);
    expect(appointment).toMatchObject({
      appointment_id: online.appointmentId,
      source: 'Online',
      flagged_at: null,
      effects: { flagged_appointment_ids: [], released_holds: 0 },
    });
    expect(await reservationOf(db, { appointmentId: online.appointmentId })).toMatchObject({
      practiceLane: true,
    });
  });

  it('cancelled through PUT: the client is e-mailed a cancellation', async () => {
    const s = await scene();
    const online = appointmentDetailSchema.parse((await book(s, at(3, '15:00'))).json());
    const ref = `PUT-6-${s.refs.pet}`;
    await db.update(appointments).set({ pmsRef: ref }).where(eq(appointments.id, online.appointmentId));
    const body = deskBody(s, at(3, '15:00'), at(3, '15:15'), { status: 'Cancelled' });

    await upsertPracticeAppointment(deps, ref, body);
    const cancellation = await latestEmailTo(s.client.email!);
    await upsertPracticeAppointment(deps, ref, body);

    expect(cancellation?.subject).toBe('Your appointment is cancelled');
    // Decision 0143: the practice's cancellation ends with the complaints link, as every e-mail does.
    expect(cancellation?.text).toContain('http://portal.test/complaints');
    expect(await latestEmailTo(s.client.email!)).toEqual(cancellation);
  });
});
