import { appointmentDetailSchema } from '@vet/contracts/appointment-booking';
import { pets } from '@vet/db/schema/clients';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  bookingHelpers,
  bookingScene,
  localDay,
  localInstant,
} from '../../appointments/booking/testing/booking-fixtures.ts';
import { guestHelpers } from '../../appointments/guests/testing/guest-fixtures.ts';
import { ApiProblem } from '../../platform/http/errors.ts';
import { useSignedInTestApp } from '../../testing/signed-in-app.ts';
import {
  cancelByPractice,
  changePracticeAppointment,
  practiceBookingMessages,
  recordOutcome,
  upsertPracticeAppointment,
} from './practice-booking-service.ts';
import {
  appointmentRow,
  deskBody,
  holdRow,
  practiceBookingDeps,
  reservationOf,
  withPracticeRefs,
} from './testing/practice-fixtures.ts';

/** Decision 0063: the desk's bookings as the integration API's service stores them. */
const database = useTestDatabase({ max: 12 });
const { db } = database;
const { context, signedInClient } = useSignedInTestApp(database);
const { book, latestEmailTo } = bookingHelpers(context, db);
const { held } = guestHelpers(context, db);
const deps = practiceBookingDeps(db);
const aDate: unknown = expect.any(Date);

const at = (days: number, time: string) => localInstant(localDay(days), time);
const scene = async (vets = 1) => withPracticeRefs(db, await bookingScene(db, signedInClient, { vets }));
const problemOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof ApiProblem ? { kind: error.kind, issues: error.issues } : error),
  );

describe('a desk booking', () => {
  it('is stored with its reference and holds its time in the practice’s lane; a repeat changes nothing', async () => {
    const s = await scene();
    const body = deskBody(s, at(3, '10:00'), at(3, '10:30'), { notes: 'Bring the lead' });
    const first = await upsertPracticeAppointment(deps, 'APT-1-' + s.refs.pet, body);
    const again = await upsertPracticeAppointment(deps, 'APT-1-' + s.refs.pet, body);

    expect(first.created).toBe(true);
    expect(again.created).toBe(false);
    expect(again.appointment).toEqual(first.appointment);
    expect(first.appointment).toMatchObject({
      appointment_ref: 'APT-1-' + s.refs.pet,
      source: 'Practice',
      practice_ref: s.refs.practice,
      clinician_ref: s.refs.vet,
      client_ref: s.refs.client,
      pet_ref: s.refs.pet,
      reason_ref: s.refs.reason,
      starts_at: at(3, '10:00').toISOString(),
      status: 'Booked',
      notes: 'Bring the lead',
      flagged_at: null,
      effects: { flagged_appointment_ids: [], released_holds: 0 },
    });
    expect(await reservationOf(db, { appointmentId: first.appointment.appointment_id })).toMatchObject({
      clinicianId: s.vets[0]!.id,
      practiceLane: true,
    });
  });

  it('is stored over an online appointment, which is flagged and keeps its time; the client sees no change', async () => {
    const s = await scene();
    const online = appointmentDetailSchema.parse((await book(s, at(3, '11:00'))).json());
    const { appointment } = await upsertPracticeAppointment(
      deps,
      `APT-2-${s.refs.pet}`,
      deskBody(s, at(3, '11:15'), at(3, '11:45')),
    );

    expect(appointment.effects).toEqual({
      flagged_appointment_ids: [online.appointmentId],
      released_holds: 0,
    });
    expect(await appointmentRow(db, online.appointmentId)).toMatchObject({
      status: 'Booked',
      startsAt: new Date(online.startsAt),
      flaggedAt: aDate,
    });
    expect((await reservationOf(db, { appointmentId: online.appointmentId }))?.practiceLane).toBe(true);
    const seen = await context.app.inject({
      method: 'GET',
      url: `/appointments/${online.appointmentId}`,
      headers: { authorization: s.authorization },
    });
    expect(seen.json()).toEqual(online);
  });

  it('takes a live guest hold’s time: the hold is given away', async () => {
    const s = await scene();
    const hold = await held(s, at(4, '09:30'));
    const { appointment } = await upsertPracticeAppointment(
      deps,
      `APT-3-${s.refs.pet}`,
      deskBody(s, at(4, '09:00'), at(4, '10:00')),
    );

    expect(appointment.effects.released_holds).toBe(1);
    expect(await holdRow(db, hold.softBookingId)).toMatchObject({
      status: 'Released',
      displacedAt: aDate,
    });
    expect(await reservationOf(db, { holdId: hold.softBookingId })).toBeNull();
  });

  it('may overlap another desk booking of the same clinician and pet', async () => {
    const s = await scene();
    await upsertPracticeAppointment(
      deps,
      `APT-4a-${s.refs.pet}`,
      deskBody(s, at(5, '10:00'), at(5, '10:30')),
    );
    const second = await upsertPracticeAppointment(
      deps,
      `APT-4b-${s.refs.pet}`,
      deskBody(s, at(5, '10:15'), at(5, '10:45')),
    );
    expect(second.created).toBe(true);
  });

  it('refuses references that name nothing, all at once, naming each field (422)', async () => {
    const s = await scene();
    const body = deskBody(s, at(6, '10:00'), at(6, '10:30'), {
      practice_ref: 'nope',
      clinician_ref: 'nope',
      client_ref: 'nope',
      pet_ref: 'nope',
      reason_ref: 'nope',
    });
    expect(await problemOf(upsertPracticeAppointment(deps, `APT-5-${s.refs.pet}`, body))).toEqual({
      kind: 'unprocessable',
      issues: [
        { path: 'practice_ref', message: 'No practice has this reference.' },
        { path: 'clinician_ref', message: 'No clinician has this reference.' },
        { path: 'client_ref', message: 'No client has this reference.' },
        { path: 'pet_ref', message: 'No pet has this reference.' },
        { path: 'reason_ref', message: 'No appointment reason has this reference.' },
      ],
    });
  });

  it('refuses a clinician of another practice and a pet of another client (422)', async () => {
    const s = await scene();
    const other = await scene();
    const body = deskBody(s, at(6, '11:00'), at(6, '11:30'), {
      clinician_ref: other.refs.vet,
      pet_ref: other.refs.pet,
    });
    expect(await problemOf(upsertPracticeAppointment(deps, `APT-6-${s.refs.pet}`, body))).toEqual({
      kind: 'unprocessable',
      issues: [
        { path: 'clinician_ref', message: practiceBookingMessages.clinicianElsewhere },
        { path: 'pet_ref', message: practiceBookingMessages.petOfAnotherClient },
      ],
    });
  });
});

describe('changes, outcomes and cancellations', () => {
  it('moves a desk booking to another time and clinician, its reservation with it', async () => {
    const s = await scene(2);
    const ref = `APT-7-${s.refs.pet}`;
    const { appointment } = await upsertPracticeAppointment(
      deps,
      ref,
      deskBody(s, at(3, '14:00'), at(3, '14:30')),
    );
    const moved = await changePracticeAppointment(deps, ref, {
      clinician_ref: s.refs.otherVet,
      starts_at: at(3, '15:00').toISOString(),
      ends_at: at(3, '15:45').toISOString(),
    });

    expect(moved).toMatchObject({ clinician_ref: s.refs.otherVet, starts_at: at(3, '15:00').toISOString() });
    expect(await reservationOf(db, { appointmentId: appointment.appointment_id })).toMatchObject({
      clinicianId: s.vets[1]!.id,
      practiceLane: true,
    });
  });

  it('answers 404 for an unknown reference and 409 for moving one that is not booked', async () => {
    const s = await scene();
    const ref = `APT-8-${s.refs.pet}`;
    const change = { starts_at: at(3, '09:00').toISOString(), ends_at: at(3, '09:30').toISOString() };
    expect(await problemOf(changePracticeAppointment(deps, `${ref}-missing`, change))).toMatchObject({
      kind: 'notFound',
    });
    await upsertPracticeAppointment(
      deps,
      ref,
      deskBody(s, at(3, '16:00'), at(3, '16:30'), { status: 'Cancelled' }),
    );
    expect(await problemOf(changePracticeAppointment(deps, ref, change))).toMatchObject({ kind: 'conflict' });
  });

  it('records Completed for a new pet’s initial consultation: the pet may book any reason', async () => {
    const s = await scene();
    await db.update(pets).set({ awaitingInitialConsultation: true }).where(eq(pets.id, s.pet.id));
    const ref = `APT-9-${s.refs.pet}`;
    const { appointment } = await upsertPracticeAppointment(
      deps,
      ref,
      deskBody(s, at(-1, '10:00'), at(-1, '10:30'), { reason_ref: s.refs.initial }),
    );
    // Awaiting it, the client's online booking of another reason is refused.
    expect((await book(s, at(3, '10:00'))).statusCode).toBe(403);
    const completed = await recordOutcome(deps, { ref }, 'Completed');

    expect(completed.status).toBe('Completed');
    expect((await db.select().from(pets).where(eq(pets.id, s.pet.id)))[0]?.awaitingInitialConsultation).toBe(
      false,
    );
    expect(await reservationOf(db, { appointmentId: appointment.appointment_id })).toBeNull();
    // The same booking is now taken: any reason, online.
    expect((await book(s, at(3, '10:00'))).statusCode).toBe(201);
  });

  it('leaves the pet awaiting after a NoShow, or a Completed appointment of another reason', async () => {
    const s = await scene();
    await db.update(pets).set({ awaitingInitialConsultation: true }).where(eq(pets.id, s.pet.id));
    const noShow = `APT-10a-${s.refs.pet}`;
    const other = `APT-10b-${s.refs.pet}`;
    await upsertPracticeAppointment(
      deps,
      noShow,
      deskBody(s, at(-2, '10:00'), at(-2, '10:30'), { reason_ref: s.refs.initial }),
    );
    await upsertPracticeAppointment(deps, other, deskBody(s, at(-2, '11:00'), at(-2, '11:30')));
    expect((await recordOutcome(deps, { ref: noShow }, 'NoShow')).status).toBe('NoShow');
    await recordOutcome(deps, { ref: other }, 'Completed');
    expect((await db.select().from(pets).where(eq(pets.id, s.pet.id)))[0]?.awaitingInitialConsultation).toBe(
      true,
    );
  });

  it('cancels a desk booking: its time is free, no e-mail (the client was never sent one); twice is once', async () => {
    const s = await scene();
    const ref = `APT-11-${s.refs.pet}`;
    const { appointment } = await upsertPracticeAppointment(
      deps,
      ref,
      deskBody(s, at(3, '12:00'), at(3, '12:30')),
    );
    const before = await latestEmailTo(s.client.email!);
    const cancelled = await cancelByPractice(deps, { ref });
    expect(await cancelByPractice(deps, { ref })).toEqual(cancelled);

    expect(cancelled.status).toBe('Cancelled');
    expect(await reservationOf(db, { appointmentId: appointment.appointment_id })).toBeNull();
    expect((await appointmentRow(db, appointment.appointment_id))?.cancelledAt).toEqual(aDate);
    expect(await latestEmailTo(s.client.email!)).toEqual(before);
    expect(await problemOf(recordOutcome(deps, { ref }, 'Completed'))).toMatchObject({ kind: 'conflict' });
  });

  it('refuses to cancel an appointment that has an outcome (409)', async () => {
    const s = await scene();
    const ref = `APT-12-${s.refs.pet}`;
    await upsertPracticeAppointment(
      deps,
      ref,
      deskBody(s, at(-1, '14:00'), at(-1, '14:30'), { status: 'Completed' }),
    );
    expect(await problemOf(cancelByPractice(deps, { ref }))).toMatchObject({ kind: 'conflict' });
  });
});

describe('an online appointment, by the portal’s id', () => {
  it('is cancelled by the practice: the client gets a cancellation with the same UID and a higher SEQUENCE', async () => {
    const s = await scene();
    const online = appointmentDetailSchema.parse((await book(s, at(3, '13:00'))).json());
    const booked = await latestEmailTo(s.client.email!);
    const cancelled = await cancelByPractice(deps, { onlineId: online.appointmentId });
    const cancellation = await latestEmailTo(s.client.email!);

    expect(cancelled).toMatchObject({
      appointment_id: online.appointmentId,
      source: 'Online',
      status: 'Cancelled',
    });
    expect(await reservationOf(db, { appointmentId: online.appointmentId })).toBeNull();
    const ics = (email: typeof booked) => email?.attachments[0]?.content ?? '';
    const field = (text: string, name: string) => new RegExp(`^${name}:(.*)$`, 'm').exec(text)?.[1]?.trim();
    expect(cancellation?.subject).toBe('Your appointment is cancelled');
    expect(field(ics(cancellation), 'UID')).toBe(field(ics(booked), 'UID'));
    expect(field(ics(cancellation), 'METHOD')).toBe('CANCEL');
    expect(Number(field(ics(cancellation), 'SEQUENCE'))).toBeGreaterThan(
      Number(field(ics(booked), 'SEQUENCE')),
    );
  });

  it('records an outcome; a desk booking’s id or an unknown id is not an online appointment (404)', async () => {
    const s = await scene();
    const online = appointmentDetailSchema.parse((await book(s, at(3, '15:00'))).json());
    expect((await recordOutcome(deps, { onlineId: online.appointmentId }, 'NoShow')).status).toBe('NoShow');
    const { appointment } = await upsertPracticeAppointment(
      deps,
      `APT-13-${s.refs.pet}`,
      deskBody(s, at(3, '16:00'), at(3, '16:30')),
    );
    for (const onlineId of [appointment.appointment_id, 2_000_000_000]) {
      expect(await problemOf(recordOutcome(deps, { onlineId }, 'Completed'))).toMatchObject({
        kind: 'notFound',
      });
    }
  });
});
