import { appointmentDetailSchema } from '@vet/contracts/appointment-booking';
import { appointments } from '@vet/db/schema/appointments';
import { createCancellationReason, createPet } from '@vet/db/testing/factories';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  bookingHelpers,
  bookingScene,
  localDay,
  localInstant,
} from '../../appointments/booking/testing/booking-fixtures.ts';
import { withPracticeRefs, type PracticeScene } from '../desk-bookings/testing/practice-fixtures.ts';
import { useSignedInTestApp } from '../../testing/signed-in-app.ts';
import {
  eventsNamingClient,
  expectRolledBack,
  probeTransactions,
  theEventWrittenWithItsRecord,
} from './testing/event-probe.ts';

/** Decision 0067: a client's online booking, move and cancellation each write their event with the change. */
const database = useTestDatabase({ max: 20 });
const probe = probeTransactions(database.db);
const { context, signedInClient } = useSignedInTestApp({ ...database, db: probe.db });
const { db } = database;
const { book, amend } = bookingHelpers(context, db);

const at = (days: number, time: string) => localInstant(localDay(days), time);

async function scene(): Promise<PracticeScene> {
  return withPracticeRefs(db, await bookingScene(db, signedInClient, { vets: 2 }));
}

async function booked(s: PracticeScene, startsAt: Date, notes?: string) {
  const response = await book(s, startsAt, notes === undefined ? {} : { notes });
  expect(response.statusCode, response.body).toBe(201);
  return appointmentDetailSchema.parse(response.json());
}

/** Another client's two pets booked at `startsAt`, one with each of the scene's vets. */
async function takeBothVets(s: PracticeScene, startsAt: Date) {
  const other = await signedInClient({ homePracticeId: s.practice.id });
  for (const name of ['Rex', 'Fido']) {
    const pet = await createPet(db, { clientId: other.client.id, speciesId: s.dog.id, name });
    await booked({ ...s, ...other, pet }, startsAt);
  }
}

const cancel = (s: PracticeScene, appointmentId: number, reasonId: number) =>
  context.app.inject({
    method: 'PATCH',
    url: `/appointments/${appointmentId}/cancel?reasonId=${reasonId}`,
    headers: { authorization: s.authorization },
  });

async function clinicianOf(appointmentId: number) {
  const [row] = await db
    .select({ clinicianId: appointments.clinicianId, cancelledAt: appointments.cancelledAt })
    .from(appointments)
    .where(eq(appointments.id, appointmentId));
  return row!;
}

/** The scene's appointment as appointments.csv has it, with the portal's ids beside the references. */
function detailsOf(s: PracticeScene, appointmentId: number, clinicianId: number, startsAt: Date) {
  return {
    appointment_id: appointmentId,
    appointment_ref: null,
    practice_id: s.practice.id,
    practice_ref: s.refs.practice,
    clinician_id: clinicianId,
    clinician_ref: clinicianId === s.vets[0]!.id ? s.refs.vet : s.refs.otherVet,
    client_id: s.client.id,
    client_ref: s.refs.client,
    pet_id: s.pet.id,
    pet_ref: s.refs.pet,
    reason_id: s.reason.id,
    reason_ref: s.refs.reason,
    starts_at: startsAt.toISOString(),
    ends_at: new Date(startsAt.getTime() + 30 * 60_000).toISOString(),
    status: 'Booked',
  };
}

describe('appointment.booked', () => {
  it('is written once with the booking, in its transaction, naming every record by id and reference', async () => {
    const s = await scene();
    const appointment = await booked(s, at(3, '10:00'), 'Limping since Sunday');
    const { clinicianId } = await clinicianOf(appointment.appointmentId);
    const data = await theEventWrittenWithItsRecord(probe, 'appointment.booked', appointment.appointmentId);
    expect(data).toEqual({
      ...detailsOf(s, appointment.appointmentId, clinicianId, at(3, '10:00')),
      notes: 'Limping since Sunday',
    });
    expect((await eventsNamingClient(db, s.client.id)).map((e) => e.type)).toEqual(['appointment.booked']);
  });

  it('is not left behind when the booking rolls back after writing it', async () => {
    const s = await scene();
    probe.rollBackNext('appointment.booked');
    const response = await book(s, at(3, '11:00'));
    expect(response.statusCode).toBe(500);
    const rolledBack = probe.seen.filter((e) => e.type === 'appointment.booked').at(-1)!;
    await expectRolledBack(probe, 'appointment.booked', rolledBack.recordId);
    expect(await db.select().from(appointments).where(eq(appointments.id, rolledBack.recordId))).toEqual([]);
    expect(await eventsNamingClient(db, s.client.id)).toEqual([]);
  });

  it('is not written for a refused booking: a taken time, a busy pet, a reason that does not exist', async () => {
    const s = await scene();
    await takeBothVets(s, at(3, '09:00'));
    await booked(s, at(3, '14:00'));
    const before = await eventsNamingClient(db, s.client.id);
    expect((await book(s, at(3, '09:00'))).statusCode).toBe(409); // both vets taken at 09:00
    expect((await book(s, at(3, '14:00'))).statusCode).toBe(409); // the pet is booked then
    expect((await book(s, at(3, '15:00'), { reasonId: 2_000_000_000 })).statusCode).toBe(400);
    expect(await eventsNamingClient(db, s.client.id)).toEqual(before);
  });
});

describe('appointment.amended', () => {
  it('is written with the move, carrying the appointment as it is now and what it was', async () => {
    const s = await scene();
    const appointment = await booked(s, at(4, '10:00'));
    const before = await clinicianOf(appointment.appointmentId);
    const response = await amend(s, appointment.appointmentId, at(4, '15:00'));
    expect(response.statusCode, response.body).toBe(200);
    const after = await clinicianOf(appointment.appointmentId);
    const data = await theEventWrittenWithItsRecord(probe, 'appointment.amended', appointment.appointmentId);
    const previous = detailsOf(s, appointment.appointmentId, before.clinicianId, at(4, '10:00'));
    expect(data).toEqual({
      ...detailsOf(s, appointment.appointmentId, after.clinicianId, at(4, '15:00')),
      notes: null,
      previous: {
        clinician_id: previous.clinician_id,
        clinician_ref: previous.clinician_ref,
        reason_id: previous.reason_id,
        reason_ref: previous.reason_ref,
        starts_at: previous.starts_at,
        ends_at: previous.ends_at,
      },
    });
  });

  it('is not written when the new time is taken', async () => {
    const s = await scene();
    const appointment = await booked(s, at(4, '10:00'));
    await takeBothVets(s, at(4, '14:00'));
    expect((await amend(s, appointment.appointmentId, at(4, '14:00'))).statusCode).toBe(409);
    expect((await eventsNamingClient(db, s.client.id)).map((e) => e.type)).toEqual(['appointment.booked']);
  });
});

describe('appointment.cancelled', () => {
  it('is written with the cancellation, at the time the appointment says it was cancelled', async () => {
    const s = await scene();
    const appointment = await booked(s, at(5, '10:00'));
    const reason = await createCancellationReason(db);
    expect((await cancel(s, appointment.appointmentId, reason.id)).statusCode).toBe(200);
    const { cancelledAt } = await clinicianOf(appointment.appointmentId);
    const data = await theEventWrittenWithItsRecord(
      probe,
      'appointment.cancelled',
      appointment.appointmentId,
    );
    expect(data).toEqual({
      appointment_id: appointment.appointmentId,
      appointment_ref: null,
      client_id: s.client.id,
      client_ref: s.refs.client,
      pet_id: s.pet.id,
      pet_ref: s.refs.pet,
      cancelled_at: cancelledAt!.toISOString(),
    });
  });

  it('is not left behind when the cancellation rolls back, and not written for a refused one', async () => {
    const s = await scene();
    const appointment = await booked(s, at(5, '11:00'));
    const reason = await createCancellationReason(db);
    expect((await cancel(s, appointment.appointmentId, 2_000_000_000)).statusCode).toBe(400);
    probe.rollBackNext('appointment.cancelled');
    expect((await cancel(s, appointment.appointmentId, reason.id)).statusCode).toBe(500);
    await expectRolledBack(probe, 'appointment.cancelled', appointment.appointmentId);
    const [row] = await db
      .select({ status: appointments.status })
      .from(appointments)
      .where(eq(appointments.id, appointment.appointmentId));
    expect(row?.status).toBe('Booked');
    expect((await eventsNamingClient(db, s.client.id)).map((e) => e.type)).toEqual(['appointment.booked']);
  });
});
