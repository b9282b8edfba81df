import {
  petChangeMessages,
  type EditablePet,
  type PetDeparture,
  type PetDetails,
} from '@vet/contracts/pet-changes';
import { petFieldMessages } from '@vet/contracts/pet-field-messages';
import type { PracticeEventData } from '@vet/contracts/practice-events';
import type { Database, Executor } from '@vet/db/connection';
import { recordPracticeEvent } from '@vet/practice-events/record-events';
import { clients, pets } from '@vet/db/schema/clients';
import { insurers } from '@vet/db/schema/lookups';
import { and, eq, sql } from 'drizzle-orm';
import { badRequest, forbidden, notFound } from '../../platform/index.ts';
import type { PetsRepository } from './pets-repository.ts';

/**
 * R2.40 (decision 0083): a client's changes to their own pet. Each runs in one transaction that
 * locks the pet's row (scoped to the client: another's pet is not found), compares the version the change
 * was read at with the row's, writes the change and its practice event together. The version is the
 * row's xmin: every write of the row changes it, whoever makes it (this portal, an import, the practice's
 * system through the integration API), so no writer can forget to bump it.
 */

/** The pet's version, as GET /v2/pets/{petId}/edit gives it and a change names it. */
export const petVersion = sql<string>`${pets}.xmin::text`;

/** A change named a version the pet no longer has: the route answers 409 with the pet as it now is. */
export class PetChangedElsewhere extends Error {
  constructor() {
    super(petChangeMessages.changedElsewhere);
    this.name = 'PetChangedElsewhere';
  }
}

interface LockedPet {
  version: string;
  status: string;
  clientRef: string | null;
  petRef: string | null;
  name: string;
  neutered: boolean;
  microchipNumber: string | null;
  insurerId: number | null;
  insurerName: string | null;
  policyNumber: string | null;
}

/** The client's pet, locked for this transaction's change; 404 for a missing pet and another's alike. */
async function lockOwnPet(tx: Executor, clientId: number, petId: number, version: string) {
  const [row] = await tx
    .select({
      version: petVersion,
      status: pets.status,
      clientRef: clients.pmsRef,
      petRef: pets.pmsRef,
      name: pets.name,
      neutered: pets.neutered,
      microchipNumber: pets.microchipNumber,
      insurerId: pets.insurerId,
      insurerName: insurers.name,
      policyNumber: pets.policyNumber,
    })
    .from(pets)
    .innerJoin(clients, eq(clients.id, pets.clientId))
    .leftJoin(insurers, eq(insurers.id, pets.insurerId))
    .where(and(eq(pets.id, petId), eq(pets.clientId, clientId)))
    .for('update', { of: pets });
  if (!row) throw notFound('We could not find that pet.');
  if (row.version !== version) throw new PetChangedElsewhere();
  // Decision 0066: a pet that has died or has a new home is no longer the client's to change online.
  if (row.status !== 'Active') throw forbidden(petChangeMessages.noLongerActive);
  return row satisfies LockedPet;
}

type DetailsChanged = PracticeEventData<'pet.details_changed'>['changed'];

/** What differs between the pet as stored and the details sent, as the event names it. */
function changedFields(pet: LockedPet, details: PetDetails, insurerName: string | null): DetailsChanged {
  const changed: DetailsChanged = {};
  if (details.name !== pet.name) changed.name = details.name;
  if (details.neutered !== pet.neutered) changed.neutered = details.neutered;
  if (details.microchipNumber !== pet.microchipNumber) changed.microchip = details.microchipNumber;
  if (details.insurerId !== pet.insurerId) changed.insurer = insurerName;
  if (details.policyNumber !== pet.policyNumber) changed.policy_number = details.policyNumber;
  return changed;
}

/**
 * Decision 0099: what a pet's death or new home does to its booked appointments, given by the appointments
 * module (which stands on clients, never the reverse). It runs in the transaction that records the
 * departure and answers what to do once that has committed (its freed time goes to the earlier-times line).
 */
export type DepartureCancellation = (
  tx: Executor,
  input: { clientId: number; petId: number; status: PetDeparture },
) => Promise<() => Promise<void>>;

export interface PetChangesDeps {
  db: Database;
  pets: Pick<PetsRepository, 'findEditableForClient'>;
  cancelAppointmentsOf: DepartureCancellation;
}

/** The pet as its edit form starts from (with its version); 404 unless it is the client's. */
export async function editablePet(deps: PetChangesDeps, clientId: number, petId: number) {
  const pet = await deps.pets.findEditableForClient(clientId, petId);
  if (!pet) throw notFound('We could not find that pet.');
  return pet;
}

/**
 * PATCH /v2/pets/{petId}: the pet's details, if the pet is still at `version`. Only what changed is
 * written and sent (pet.details_changed); the same details again write nothing.
 */
export async function changePetDetails(
  deps: PetChangesDeps,
  clientId: number,
  petId: number,
  version: string,
  details: PetDetails,
): Promise<EditablePet> {
  await deps.db.transaction(async (tx) => {
    const pet = await lockOwnPet(tx, clientId, petId, version);
    let insurerName: string | null = null;
    if (details.insurerId !== null) {
      const [insurer] = await tx
        .select({ name: insurers.name })
        .from(insurers)
        .where(eq(insurers.id, details.insurerId));
      if (!insurer) {
        throw badRequest('Some fields of the request body are not valid.', [
          { path: 'details.insurerId', message: petFieldMessages.insurerUnknown },
        ]);
      }
      insurerName = insurer.name;
    }
    const changed = changedFields(pet, details, insurerName);
    if (Object.keys(changed).length === 0) return;
    await tx
      .update(pets)
      .set({
        name: details.name,
        neutered: details.neutered,
        microchipNumber: details.microchipNumber,
        insurerId: details.insurerId,
        // The owner's choice replaces the practice system's unmapped word (decision 0131).
        ...(changed.insurer === undefined ? {} : { insurerValueId: null }),
        policyNumber: details.policyNumber,
        updatedAt: sql`now()`,
      })
      .where(eq(pets.id, petId));
    await recordPracticeEvent(tx, 'pet.details_changed', {
      pet_id: petId,
      pet_ref: pet.petRef,
      client_id: clientId,
      client_ref: pet.clientRef,
      changed,
    });
  });
  return editablePet(deps, clientId, petId);
}

/**
 * PUT /v2/pets/{petId}/status: the pet has died or has a new home, if it is still at `version`. The
 * record and its history stay; the status is what booking (decision 0066) and reminders read to leave it
 * out. The practice's system hears of it as pet.died or pet.rehomed, written with the change, and of each
 * of its booked appointments still to come, cancelled in the same transaction (decision 0099).
 */
export async function recordPetDeparture(
  deps: PetChangesDeps,
  clientId: number,
  petId: number,
  version: string,
  status: PetDeparture,
): Promise<EditablePet> {
  const afterCommit = await deps.db.transaction(async (tx) => {
    const pet = await lockOwnPet(tx, clientId, petId, version);
    const [updated] = await tx
      .update(pets)
      .set({ status, updatedAt: sql`now()` })
      .where(eq(pets.id, petId))
      .returning({ at: pets.updatedAt });
    const record = {
      pet_id: petId,
      pet_ref: pet.petRef,
      client_id: clientId,
      client_ref: pet.clientRef,
      recorded_at: updated!.at.toISOString(),
    };
    if (status === 'Deceased') await recordPracticeEvent(tx, 'pet.died', { ...record, status });
    else await recordPracticeEvent(tx, 'pet.rehomed', { ...record, status });
    return deps.cancelAppointmentsOf(tx, { clientId, petId, status });
  });
  await afterCommit();
  return editablePet(deps, clientId, petId);
}
