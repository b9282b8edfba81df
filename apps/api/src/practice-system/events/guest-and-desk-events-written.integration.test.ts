import { appointmentDetailSchema } from '@vet/contracts/appointment-booking';
import { integrationPathPrefix } from '@vet/contracts/machine-access';
import { addDays } from '@vet/contracts/practice-clock';
import { practiceAppointmentWriteSchema } from '@vet/contracts/integration-appointments';
import { appointments } from '@vet/db/schema/appointments';
import { pets } from '@vet/db/schema/clients';
import { practiceEvents } from '@vet/db/schema/practice-events';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  bookingHelpers,
  bookingScene,
  firstBookableDay,
  localInstant,
} from '../../appointments/booking/testing/booking-fixtures.ts';
import { guestHelpers } from '../../appointments/guests/testing/guest-fixtures.ts';
import { deskBody, withPracticeRefs } from '../desk-bookings/testing/practice-fixtures.ts';
import { useSignedInTestApp } from '../../testing/signed-in-app.ts';
import {
  eventsAbout,
  eventsNamingClient,
  expectRolledBack,
  probeTransactions,
  theEventWrittenWithItsRecord,
} from './testing/event-probe.ts';

/**
 * Decision 0067: a guest's hold completed writes guest_hold.completed (with its new pet's pet.registered),
 * not appointment.booked; a desk booking writes nothing of its own, but flags the online appointments it
 * overlaps, one appointment.flagged each.
 */
const database = useTestDatabase({ max: 20 });
const probe = probeTransactions(database.db);
const { context, signedInClient, machineAuthorization } = useSignedInTestApp({ ...database, db: probe.db });
const { db } = database;
const { book } = bookingHelpers(context, db);
const { held, complete } = guestHelpers(context, db);

const day = () => addDays(firstBookableDay(), 2);
const at = (time: string) => localInstant(day(), time);
const scene = async () => withPracticeRefs(db, await bookingScene(db, signedInClient));

describe('guest_hold.completed', () => {
  it('is written instead of appointment.booked, with the new pet’s pet.registered, in one transaction', async () => {
    const s = await scene();
    const hold = await held(s, at('10:00'));
    const response = await complete(hold.softBookingId, s.authorization);
    expect(response.statusCode, response.body).toBe(201);
    const appointment = appointmentDetailSchema.parse(response.json());
    const data = await theEventWrittenWithItsRecord(probe, 'guest_hold.completed', appointment.appointmentId);
    expect(data).toEqual({
      appointment_id: appointment.appointmentId,
      appointment_ref: null,
      practice_id: s.practice.id,
      practice_ref: s.refs.practice,
      clinician_id: s.vets[0]!.id,
      clinician_ref: s.refs.vet,
      client_id: s.client.id,
      client_ref: s.refs.client,
      pet_id: appointment.petId,
      pet_ref: null,
      reason_id: s.reason.id,
      reason_ref: s.refs.reason,
      starts_at: at('10:00').toISOString(),
      ends_at: at('10:30').toISOString(),
      status: 'Booked',
      notes: null,
      hold_id: hold.softBookingId,
    });
    const pet = await theEventWrittenWithItsRecord(probe, 'pet.registered', appointment.petId);
    expect(pet).toMatchObject({ pet_id: appointment.petId, client_ref: s.refs.client, name: 'Pepper' });
    const [completed, registered] = [
      probe.seenAbout('guest_hold.completed', appointment.appointmentId)[0]!,
      probe.seenAbout('pet.registered', appointment.petId)[0]!,
    ];
    expect(registered.eventXmin).toBe(completed.eventXmin);
    expect((await eventsNamingClient(db, s.client.id)).map((e) => e.type)).toEqual([
      'pet.registered',
      'guest_hold.completed',
    ]);
  });

  it('is not left behind, nor is its pet’s event, when the completion rolls back', async () => {
    const s = await scene();
    const hold = await held(s, at('11:00'));
    probe.rollBackNext('guest_hold.completed');
    expect((await complete(hold.softBookingId, s.authorization)).statusCode).toBe(500);
    const rolledBack = probe.seen.filter((e) => e.type === 'guest_hold.completed').at(-1)!;
    await expectRolledBack(probe, 'guest_hold.completed', rolledBack.recordId);
    const pet = probe.seen.filter((e) => e.type === 'pet.registered').at(-1)!;
    await expectRolledBack(probe, 'pet.registered', pet.recordId);
    expect(await db.select().from(pets).where(eq(pets.id, pet.recordId))).toEqual([]);
    expect(await eventsNamingClient(db, s.client.id)).toEqual([]);
  });
});

describe('appointment.flagged', () => {
  const putDesk = async (ref: string, body: object) =>
    context.app.inject({
      method: 'PUT',
      url: `${integrationPathPrefix}/appointments/${ref}`,
      headers: { authorization: await machineAuthorization() },
      payload: body,
    });

  it('is written for each online appointment a desk booking overlaps, naming the desk booking', async () => {
    const s = await scene();
    const online = appointmentDetailSchema.parse((await book(s, at('10:00'))).json());
    const deskRef = `APT-${s.refs.pet}`;
    const response = await putDesk(deskRef, deskBody(s, at('10:15'), at('10:45')));
    expect(response.statusCode, response.body).toBe(201);
    expect(practiceAppointmentWriteSchema.parse(response.json()).effects.flagged_appointment_ids).toEqual([
      online.appointmentId,
    ]);
    const [flagged] = await db
      .select({ flaggedAt: appointments.flaggedAt })
      .from(appointments)
      .where(eq(appointments.id, online.appointmentId));
    const data = await theEventWrittenWithItsRecord(probe, 'appointment.flagged', online.appointmentId);
    expect(data).toEqual({
      appointment_id: online.appointmentId,
      appointment_ref: null,
      client_id: s.client.id,
      client_ref: s.refs.client,
      pet_id: s.pet.id,
      pet_ref: s.refs.pet,
      flagged_at: flagged!.flaggedAt!.toISOString(),
      overlapping_appointment_ref: deskRef,
    });
    // The desk booking itself came from the practice system: no event of its own.
    const [desk] = await db
      .select({ id: appointments.id })
      .from(appointments)
      .where(eq(appointments.pmsRef, deskRef));
    const deskEvents = await db
      .select({ id: practiceEvents.id })
      .from(practiceEvents)
      .where(and(eq(practiceEvents.recordKind, 'appointment'), eq(practiceEvents.recordId, desk!.id)));
    expect(deskEvents).toEqual([]);
    // Stored again as it stands, it flags nothing more.
    expect((await putDesk(deskRef, deskBody(s, at('10:15'), at('10:45')))).statusCode).toBe(200);
    expect(await eventsAbout(db, 'appointment.flagged', online.appointmentId)).toHaveLength(1);
  });
});
