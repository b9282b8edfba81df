import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { makeRoomForPracticeBookings } from './practice-lane.ts';
import { practiceEvents } from '@vet/db/schema/practice-events';
import { clients } from '@vet/db/schema/clients';
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
 * Decision 0067: the many-span form (the importer) writes one appointment.flagged event per online
 * appointment it flags, in its transaction, naming the practice booking over it when the spans give its
 * reference.
 */
const { db } = useTestDatabase();
const NOW = new Date('2031-04-01T08:00:00Z');
const at = (iso: string) => new Date(iso);

async function onlineAppointments(count: number) {
  const practice = await createPractice(db);
  const clinician = await createClinician(db, { practiceId: practice.id });
  const clientRef = `CU-${crypto.randomUUID().slice(0, 8)}`;
  const client = await createClient(db, { homePracticeId: practice.id, pmsRef: clientRef });
  const reason = await createReason(db);
  const booked = [];
  for (let i = 0; i < count; i += 1) {
    const pet = await createPet(db, { clientId: client.id });
    const startsAt = at(`2031-04-10T1${i}:00:00Z`);
    booked.push(
      await createAppointment(db, {
        practiceId: practice.id,
        clinicianId: clinician.id,
        clientId: client.id,
        petId: pet.id,
        reasonId: reason.id,
        startsAt,
        endsAt: new Date(startsAt.getTime() + 30 * 60_000),
      }),
    );
  }
  return { clinician, client, clientRef, booked };
}

const flaggedEvents = (ids: number[]) =>
  db
    .select({ recordId: practiceEvents.recordId, data: practiceEvents.data })
    .from(practiceEvents)
    .where(and(eq(practiceEvents.type, 'appointment.flagged'), inArray(practiceEvents.recordId, ids)))
    .orderBy(practiceEvents.recordId);

describe('makeRoomForPracticeBookings and appointment.flagged', () => {
  it('writes one event per flagged appointment, naming the booking over it by the reference given', async () => {
    const { clinician, client, clientRef, booked } = await onlineAppointments(3);
    const [first, second, third] = booked;
    await db.transaction((tx) =>
      makeRoomForPracticeBookings(
        tx,
        sql`select * from (values
              (${clinician.id}::int, '2031-04-10T10:15:00Z'::timestamptz, '2031-04-10T10:45:00Z'::timestamptz,
                null::int, null::int, 'DESK-B'::text),
              (${clinician.id}, '2031-04-10T10:00:00Z', '2031-04-10T10:10:00Z', null, null, 'DESK-A'),
              (${clinician.id}, '2031-04-10T11:00:00Z', '2031-04-10T11:30:00Z', null, null, null)
            ) as spans(clinician_id, starts_at, ends_at, pet_id, appointment_id, appointment_ref)`,
        NOW,
      ),
    );
    const events = await flaggedEvents(booked.map((a) => a.id));
    expect(events.map((e) => e.recordId)).toEqual([first!.id, second!.id]);
    expect(events[0]!.data).toEqual({
      appointment_id: first!.id,
      appointment_ref: null,
      client_id: client.id,
      client_ref: clientRef,
      pet_id: first!.petId,
      pet_ref: null,
      flagged_at: NOW.toISOString(),
      overlapping_appointment_ref: 'DESK-A',
    });
    expect(events[1]!.data).toMatchObject({ appointment_id: second!.id, overlapping_appointment_ref: null });
    expect(await flaggedEvents([third!.id])).toEqual([]);
  });

  it('takes spans without a reference column, and leaves no event when the caller rolls back', async () => {
    const { clinician, client, booked } = await onlineAppointments(2);
    const [first, second] = booked;
    await db.transaction((tx) =>
      makeRoomForPracticeBookings(
        tx,
        sql`select ${clinician.id}::int as clinician_id, '2031-04-10T10:00:00Z'::timestamptz as starts_at,
                   '2031-04-10T10:30:00Z'::timestamptz as ends_at, null::int as pet_id, null::int as appointment_id`,
        NOW,
      ),
    );
    expect((await flaggedEvents([first!.id]))[0]?.data).toMatchObject({ overlapping_appointment_ref: null });

    await db.update(clients).set({ pmsRef: null }).where(eq(clients.id, client.id));
    const span = {
      clinicianId: clinician.id,
      startsAt: at('2031-04-10T11:00:00Z'),
      endsAt: at('2031-04-10T11:30:00Z'),
      petId: null,
      appointmentId: null,
      appointmentRef: 'DESK-"quoted", {braced}',
    };
    const failed = db.transaction(async (tx) => {
      await makeRoomForPracticeBookings(tx, [span], NOW);
      const [written] = await tx
        .select({ data: practiceEvents.data })
        .from(practiceEvents)
        .where(and(eq(practiceEvents.type, 'appointment.flagged'), eq(practiceEvents.recordId, second!.id)));
      expect(written?.data).toMatchObject({
        client_ref: null,
        overlapping_appointment_ref: span.appointmentRef,
      });
      throw new Error('the import failed');
    });
    await expect(failed).rejects.toThrow('the import failed');
    expect(await flaggedEvents([second!.id])).toEqual([]);
  });
});
