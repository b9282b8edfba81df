import { tooManyNewPetsMessage } from '@vet/contracts/pet-rules';
import type { Executor } from '@vet/db/connection';
import { recordPracticeEvent } from '@vet/practice-events/record-events';
import { pets } from '@vet/db/schema/clients';
import { and, count, eq, gt, sql } from 'drizzle-orm';
import { tooManyRequests } from '../../platform/index.ts';
import { insertPetRegisteredOnline, type OnlineRegisteredPet } from './pets-repository.ts';

/** The advisory-lock key space of a client's online pet registrations (the second key: the client's id). */
const NEW_PETS_LOCK_SPACE = 4006;

/**
 * Registers a pet online (the pets form, a completed guest hold) in the caller's transaction, unless the
 * client has registered `perDay` online in the last 24 hours (decision 0057): 429 in plain words. Counted
 * under the client's lock, by the database's clock (which writes created_at), so parallel registrations
 * cannot both take the last place. Pets the practice's system records do not count. The practice's system
 * hears of the pet by its pet.registered event, written here with it (decision 0067).
 */
export async function registerNewPet(
  tx: Executor,
  clientId: number,
  pet: OnlineRegisteredPet,
  perDay: number,
): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(${NEW_PETS_LOCK_SPACE}::int, ${clientId}::int)`);
  const [recent] = await tx
    .select({ n: count() })
    .from(pets)
    .where(
      and(
        eq(pets.clientId, clientId),
        eq(pets.registeredOnline, true),
        gt(pets.createdAt, sql`now() - interval '24 hours'`),
      ),
    );
  if ((recent?.n ?? 0) >= perDay) throw tooManyRequests(tooManyNewPetsMessage);
  const registered = await insertPetRegisteredOnline(tx, clientId, pet);
  await recordPracticeEvent(tx, 'pet.registered', {
    pet_id: registered.id,
    pet_ref: registered.pmsRef,
    client_id: registered.clientId,
    client_ref: registered.clientRef,
    name: registered.name,
    species: registered.species,
    breed: registered.breed,
    colour: registered.colour,
    sex: registered.sex,
    neutered: registered.neutered,
    date_of_birth: registered.dateOfBirth,
    microchip: registered.microchip,
    insurer: registered.insurer,
    policy_number: registered.policyNumber,
    awaiting_initial_consultation: registered.awaitingInitialConsultation,
  });
  return registered.id;
}
