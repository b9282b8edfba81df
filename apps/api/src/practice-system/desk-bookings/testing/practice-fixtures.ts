import { randomUUID } from 'node:crypto';
import type { PracticeAppointmentBody } from '@vet/contracts/integration-appointments';
import type { Database } from '@vet/db/connection';
import { appointments, clinicianReservations, softBookings } from '@vet/db/schema/appointments';
import { clients, pets } from '@vet/db/schema/clients';
import { clinicians } from '@vet/db/schema/clinicians';
import { appointmentReasons } from '@vet/db/schema/lookups';
import { practices } from '@vet/db/schema/practices';
import { createReason } from '@vet/db/testing/factories';
import { eq } from 'drizzle-orm';
import { createAppointmentsRepository } from '../../../appointments/index.ts';
import type { BookingScene } from '../../../appointments/booking/testing/booking-fixtures.ts';
import { createPracticeBookingReads } from '../practice-booking-repository.ts';
import type { PracticeBookingDeps } from '../practice-booking-service.ts';

const ref = (kind: string) => `${kind}-${randomUUID().slice(0, 8)}`;

/** The service's dependencies on the test database, at the real clock or a given one. */
export const practiceBookingDeps = (db: Database, now?: () => Date): PracticeBookingDeps => ({
  db,
  reads: createPracticeBookingReads(db),
  appointments: createAppointmentsRepository(db),
  brandName: 'Test Vets',
  organizerEmail: 'no-reply@harbourvets.example',
  portalUrl: 'http://portal.test',
  now: now ?? (() => new Date()),
});

/**
 * A booking scene (booking-fixtures.ts) as the practice system knows it: each record carries its
 * reference, and the practice has an initial-consultation reason too.
 */
export async function withPracticeRefs(db: Database, scene: BookingScene) {
  const refs = {
    practice: ref('PR'),
    vet: ref('CL'),
    otherVet: ref('CL'),
    client: ref('CU'),
    pet: ref('PET'),
    reason: ref('RS'),
    initial: ref('RS'),
  };
  await db.update(practices).set({ pmsRef: refs.practice }).where(eq(practices.id, scene.practice.id));
  await db.update(clinicians).set({ pmsRef: refs.vet }).where(eq(clinicians.id, scene.vets[0]!.id));
  if (scene.vets[1]) {
    await db.update(clinicians).set({ pmsRef: refs.otherVet }).where(eq(clinicians.id, scene.vets[1].id));
  }
  await db.update(clients).set({ pmsRef: refs.client }).where(eq(clients.id, scene.client.id));
  await db.update(pets).set({ pmsRef: refs.pet }).where(eq(pets.id, scene.pet.id));
  await db
    .update(appointmentReasons)
    .set({ pmsRef: refs.reason })
    .where(eq(appointmentReasons.id, scene.reason.id));
  const initial = await createReason(db, {
    durationMinutes: 30,
    clinicianType: 'Vet',
    isInitialConsultation: true,
    pmsRef: refs.initial,
  });
  return { ...scene, refs, initial };
}
export type PracticeScene = Awaited<ReturnType<typeof withPracticeRefs>>;

/** A desk booking's body at [startsAt, endsAt) with the scene's vet, client, pet and reason. */
export const deskBody = (
  scene: PracticeScene,
  startsAt: Date,
  endsAt: Date,
  overrides: Partial<PracticeAppointmentBody> = {},
): PracticeAppointmentBody => ({
  practice_ref: scene.refs.practice,
  clinician_ref: scene.refs.vet,
  client_ref: scene.refs.client,
  pet_ref: scene.refs.pet,
  reason_ref: scene.refs.reason,
  starts_at: startsAt.toISOString(),
  ends_at: endsAt.toISOString(),
  status: 'Booked',
  notes: null,
  ...overrides,
});

/** The reservation rows of an appointment or of a hold. */
export async function reservationOf(db: Database, owner: { appointmentId?: number; holdId?: string }) {
  const where =
    owner.appointmentId === undefined
      ? eq(clinicianReservations.softBookingId, owner.holdId ?? '')
      : eq(clinicianReservations.appointmentId, owner.appointmentId);
  const [row] = await db.select().from(clinicianReservations).where(where);
  return row ?? null;
}

export const appointmentRow = async (db: Database, id: number) =>
  (await db.select().from(appointments).where(eq(appointments.id, id)))[0];
export const holdRow = async (db: Database, id: string) =>
  (await db.select().from(softBookings).where(eq(softBookings.id, id)))[0];
