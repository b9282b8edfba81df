import type { PetMedicine, PrescriptionRequest } from '@vet/contracts/prescription-requests';
import type { Executor } from '@vet/db/connection';
import { appointments } from '@vet/db/schema/appointments';
import { clients, pets } from '@vet/db/schema/clients';
import { clinicians } from '@vet/db/schema/clinicians';
import { practices } from '@vet/db/schema/practices';
import { petMedications, prescriptionRequestItems, prescriptionRequests } from '@vet/db/schema/prescriptions';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { withHomePractice } from '../../platform/index.ts';

/** The last time a vet of the pet's practice saw it: a Completed appointment with a Vet (decision 0111). */
const lastSeenByVet = sql<Date | null>`(
  select max(${appointments.startsAt}) from ${appointments}
  join ${clinicians} on ${clinicians.id} = ${appointments.clinicianId}
  where ${appointments.petId} = ${pets.id} and ${appointments.practiceId} = ${practices.id}
    and ${appointments.status} = 'Completed' and ${clinicians.type} = 'Vet')`.mapWith(
  (value: string | Date | null) => (value === null ? null : new Date(value)),
);

/** The prescribing vet as the page names them. */
const prescribedBy = sql<
  string | null
>`nullif(concat_ws(' ', ${clinicians.firstName}, ${clinicians.lastName}), '')`;

export type MedicineRow = Omit<PetMedicine, 'availability' | 'refusal'> & {
  medicationRef: string;
};

/** SQL of repeat prescriptions, each read scoped to the client it is for. */
export function createPrescriptionsRepository() {
  return {
    /** The client's pet with its practice's rules; undefined for a missing pet and another's alike. */
    async findPet(executor: Executor, clientId: number, petId: number) {
      const [row] = await withHomePractice(
        executor
          .select({
            petId: pets.id,
            petName: pets.name,
            petRef: pets.pmsRef,
            status: pets.status,
            clientRef: clients.pmsRef,
            practiceId: practices.id,
            practiceRef: practices.pmsRef,
            practiceName: practices.name,
            practicePhone: practices.phone,
            reviewMonths: practices.prescriptionReviewMonths,
            lastSeenByVet,
          })
          .from(pets)
          .innerJoin(clients, eq(clients.id, pets.clientId))
          .$dynamic(),
      ).where(and(eq(pets.id, petId), eq(pets.clientId, clientId)));
      return row;
    },

    /** The pet's current medicines, most recently prescribed first. */
    async medicinesOf(executor: Executor, petId: number): Promise<MedicineRow[]> {
      return executor
        .select({
          medicationId: petMedications.id,
          medicationRef: petMedications.pmsRef,
          medicine: petMedications.medicine,
          strength: petMedications.strength,
          doseInstructions: petMedications.doseInstructions,
          category: petMedications.category,
          prescribedOn: petMedications.prescribedOn,
          prescribedBy,
          repeatable: petMedications.repeatable,
          repeatsLeft: petMedications.repeatsLeft,
          reviewDue: petMedications.reviewDue,
          maxQuantity: petMedications.maxQuantity,
          unit: petMedications.unit,
        })
        .from(petMedications)
        .leftJoin(clinicians, eq(clinicians.id, petMedications.clinicianId))
        .where(eq(petMedications.petId, petId))
        .orderBy(desc(petMedications.prescribedOn), asc(petMedications.medicine), asc(petMedications.id));
    },

    requestsOf: prescriptionRequestsOf,
  };
}

/** The client's requests, newest first, each with what it asked for (for the page and the data export). */
export async function prescriptionRequestsOf(
  executor: Executor,
  clientId: number,
  requestIds?: readonly number[],
): Promise<PrescriptionRequest[]> {
  const rows = await executor
    .select({
      requestId: prescriptionRequests.id,
      petId: prescriptionRequests.petId,
      petName: pets.name,
      status: prescriptionRequests.status,
      supply: prescriptionRequests.supply,
      feePence: prescriptionRequests.feePence,
      note: prescriptionRequests.note,
      answerMessage: prescriptionRequests.answerMessage,
      requestedAt: prescriptionRequests.createdAt,
      answeredAt: prescriptionRequests.answeredAt,
    })
    .from(prescriptionRequests)
    .innerJoin(pets, eq(pets.id, prescriptionRequests.petId))
    .where(
      and(
        eq(prescriptionRequests.clientId, clientId),
        requestIds ? inArray(prescriptionRequests.id, [...requestIds]) : undefined,
      ),
    )
    .orderBy(desc(prescriptionRequests.createdAt), desc(prescriptionRequests.id));
  if (rows.length === 0) return [];
  const items = await executor
    .select({
      requestId: prescriptionRequestItems.requestId,
      medicine: prescriptionRequestItems.medicine,
      strength: prescriptionRequestItems.strength,
      quantity: prescriptionRequestItems.quantity,
      unit: prescriptionRequestItems.unit,
    })
    .from(prescriptionRequestItems)
    .where(
      inArray(
        prescriptionRequestItems.requestId,
        rows.map((row) => row.requestId),
      ),
    )
    .orderBy(asc(prescriptionRequestItems.id));
  return rows.map((row) => ({
    ...row,
    requestedAt: row.requestedAt.toISOString(),
    answeredAt: row.answeredAt?.toISOString() ?? null,
    items: items.filter((item) => item.requestId === row.requestId).map(({ requestId: _, ...item }) => item),
  }));
}

export type PrescriptionsRepository = ReturnType<typeof createPrescriptionsRepository>;
