import type { Database } from '@vet/db/connection';
import { appointments } from '@vet/db/schema/appointments';
import { petMedications } from '@vet/db/schema/prescriptions';
import {
  createAppointment,
  createClinician,
  createPet,
  createPractice,
  createReason,
} from '@vet/db/testing/factories';
import { eq } from 'drizzle-orm';
import type { useSignedInTestApp } from '../../../testing/signed-in-app.ts';

type MedicationValues = Partial<typeof petMedications.$inferInsert>;

/** A medicine of the pet as the practice system would send it: repeatable, POM-V, two repeats left. */
export async function createMedication(db: Database, petId: number, overrides: MedicationValues = {}) {
  const [row] = await db
    .insert(petMedications)
    .values({
      pmsRef: `MED-T-${crypto.randomUUID()}`,
      petId,
      medicine: 'Vetmedin 2.5 mg chewable tablets',
      strength: '2.5 mg',
      doseInstructions: 'One tablet twice a day',
      prescribedOn: '2026-01-10',
      repeatsLeft: 2,
      maxQuantity: 2,
      unit: 'packs of 50 tablets',
      ...overrides,
    })
    .returning();
  return row!;
}

/** A Completed appointment of the pet at the practice, with a new clinician of `type`, at `at`. */
export async function seenAt(
  db: Database,
  visit: { practiceId: number; clientId: number; petId: number; at: Date; type?: 'Vet' | 'Nurse' },
) {
  const clinician = await createClinician(db, { practiceId: visit.practiceId, type: visit.type ?? 'Vet' });
  const reason = await createReason(db);
  const appointment = await createAppointment(db, {
    practiceId: visit.practiceId,
    clinicianId: clinician.id,
    clientId: visit.clientId,
    petId: visit.petId,
    reasonId: reason.id,
    startsAt: visit.at,
    endsAt: new Date(visit.at.getTime() + 15 * 60_000),
  });
  await db.update(appointments).set({ status: 'Completed' }).where(eq(appointments.id, appointment.id));
  return clinician;
}

/** A practice with a reference and fees of its own, a signed-in client of it and their living pet. */
export async function practiceWithPet(
  db: Database,
  signedInClient: ReturnType<typeof useSignedInTestApp>['signedInClient'],
  practice: Parameters<typeof createPractice>[1] = {},
) {
  const home = await createPractice(db, { pmsRef: `PR-${crypto.randomUUID().slice(0, 8)}`, ...practice });
  const { client, authorization } = await signedInClient({
    homePracticeId: home.id,
    pmsRef: `CU-${crypto.randomUUID().slice(0, 8)}`,
  });
  const pet = await createPet(db, { clientId: client.id, name: 'Bramble' });
  return { practice: home, client, authorization, pet };
}
