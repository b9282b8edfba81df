import type { Issue } from '../../platform/index.ts';
import { practiceDate } from '@vet/contracts/practice-clock';
import type {
  MedicineAvailability,
  NewPrescriptionRequest,
  PetMedicines,
  PrescriptionRequest,
} from '@vet/contracts/prescription-requests';
import { prescriptionMessages, writtenPrescriptionFeePence } from '@vet/contracts/prescription-rules';
import type { Database, Executor } from '@vet/db/connection';
import { recordPracticeEvent } from '@vet/practice-events/record-events';
import { prescriptionRequestItems, prescriptionRequests } from '@vet/db/schema/prescriptions';
import { badRequest, forbidden, notFound } from '../../platform/index.ts';
import { writtenPrescriptionFeesOn } from '../../reference/index.ts';
import type { PrescriptionsRepository } from './prescriptions-repository.ts';
import { availabilityOf } from './repeat-rules.ts';

export interface PrescriptionDeps {
  db: Database;
  repository: PrescriptionsRepository;
}

/** The code a refused medicine's 403 carries, so the page can offer what helps (a booking). */
const refusalCodes: Record<Exclude<MedicineAvailability, 'available'>, string> = {
  notRepeatable: 'not_repeatable',
  noRepeatsLeft: 'no_repeats_left',
  reviewNeeded: 'review_needed',
};

/** The client's living pet, its medicines judged by the rules on the practice's today (decision 0111). */
async function petWithMedicines(
  deps: PrescriptionDeps,
  tx: Executor,
  clientId: number,
  petId: number,
  now: Date,
) {
  const pet = await deps.repository.findPet(tx, clientId, petId);
  if (!pet) throw notFound(prescriptionMessages.petNotFound);
  if (pet.status !== 'Active') throw forbidden(prescriptionMessages.petNotActive, 'pet_not_active');
  const context = {
    today: practiceDate(now),
    lastSeenByVetOn: pet.lastSeenByVet ? practiceDate(pet.lastSeenByVet) : null,
    reviewMonths: pet.reviewMonths,
  };
  const rows = await deps.repository.medicinesOf(tx, petId);
  const medicines = rows.map((row) => ({ ...row, ...availabilityOf(row, context) }));
  // The practice's fees at most the cap in force on the request's day (decision 0142), the cap where it
  // sets none (0148): the one read the booking pages and e-mails make too.
  const fees = await writtenPrescriptionFeesOn(tx, pet.practiceId, context.today);
  if (!fees) throw notFound(prescriptionMessages.petNotFound);
  return { pet, medicines, fees };
}

/** GET /v2/pets/{petId}/medications */
export async function listPetMedicines(
  deps: PrescriptionDeps,
  clientId: number,
  petId: number,
  now: Date,
): Promise<PetMedicines> {
  const { pet, medicines, fees } = await petWithMedicines(deps, deps.db, clientId, petId, now);
  return {
    petId: pet.petId,
    petName: pet.petName,
    medicines: medicines.map(({ medicationRef: _, ...medicine }) => medicine),
    writtenPrescriptionFees: fees,
    practice: { name: pet.practiceName, phone: pet.practicePhone },
  };
}

/**
 * POST /prescription-requests (decision 0111): every rule is checked here, whatever the page showed.
 * Another client's pet, or a medicine not on the pet's list, answers like a missing one (404); a quantity
 * above the practice's limit is a 400 naming the limit; a refused medicine is a 403 with its reason and
 * code. The request, its items and prescription.requested are written in one transaction.
 */
export async function createPrescriptionRequest(
  deps: PrescriptionDeps,
  clientId: number,
  body: Required<NewPrescriptionRequest>,
  now: Date,
): Promise<PrescriptionRequest> {
  const requestId = await deps.db.transaction(async (tx) => {
    const { pet, medicines, fees } = await petWithMedicines(deps, tx, clientId, body.petId, now);
    const byId = new Map(medicines.map((medicine) => [medicine.medicationId, medicine]));
    const ids = body.items.map((item) => item.medicationId);
    if (new Set(ids).size !== ids.length) throw badRequest(prescriptionMessages.sameMedicineTwice);
    const chosen = body.items.map((item) => {
      const medicine = byId.get(item.medicationId);
      if (!medicine) throw notFound(prescriptionMessages.medicineNotFound);
      return { item, medicine };
    });
    const issues: Issue[] = chosen.flatMap(({ item, medicine }, index) =>
      item.quantity > medicine.maxQuantity
        ? [
            {
              path: `items.${index}.quantity`,
              message: prescriptionMessages.quantity(medicine.maxQuantity, medicine.unit),
            },
          ]
        : [],
    );
    if (issues.length > 0) throw badRequest(issues[0]!.message, issues);
    for (const { medicine } of chosen)
      if (medicine.availability !== 'available')
        throw forbidden(medicine.refusal ?? undefined, refusalCodes[medicine.availability]);
    const feePence = body.supply === 'written' ? writtenPrescriptionFeePence(fees, chosen.length) : 0;
    const [request] = await tx
      .insert(prescriptionRequests)
      .values({
        clientId,
        petId: pet.petId,
        practiceId: pet.practiceId,
        supply: body.supply,
        feePence,
        note: body.note,
      })
      .returning({ id: prescriptionRequests.id, createdAt: prescriptionRequests.createdAt });
    const items = chosen.map(({ item, medicine }) => ({
      requestId: request!.id,
      medicationId: medicine.medicationId,
      medicationRef: medicine.medicationRef,
      medicine: medicine.medicine,
      strength: medicine.strength,
      quantity: item.quantity,
      unit: medicine.unit,
    }));
    await tx.insert(prescriptionRequestItems).values(items);
    await recordPracticeEvent(tx, 'prescription.requested', {
      request_id: request!.id,
      practice_id: pet.practiceId,
      practice_ref: pet.practiceRef,
      client_id: clientId,
      client_ref: pet.clientRef,
      pet_id: pet.petId,
      pet_ref: pet.petRef,
      supply: body.supply,
      fee_pence: feePence,
      note: body.note,
      items: chosen.map(({ item, medicine }) => ({
        medication_id: medicine.medicationId,
        medication_ref: medicine.medicationRef,
        medicine: medicine.medicine,
        strength: medicine.strength,
        category: medicine.category,
        quantity: item.quantity,
        unit: medicine.unit,
      })),
      requested_at: request!.createdAt.toISOString(),
    });
    return request!.id;
  });
  const [created] = await deps.repository.requestsOf(deps.db, clientId, [requestId]);
  return created!;
}

/** GET /prescription-requests */
export async function listPrescriptionRequests(deps: PrescriptionDeps, clientId: number) {
  return { requests: await deps.repository.requestsOf(deps.db, clientId) };
}
