import type { FeatureToggle } from '@vet/contracts/practices';
import {
  isPetRegistrationOpen,
  petFieldMessages,
  petRegistrationUnavailableMessage,
  type RegisterPetBody,
  type RegisteredPet,
} from '@vet/contracts/pets';
import type { Database } from '@vet/db/connection';
import { type LinkedClient, badRequest, forbidden, type Issue } from '../../platform/index.ts';
import type { ReferenceDataRepository, SpeciesRepository } from '../../reference/index.ts';
import { registerNewPet } from './new-pets.ts';
import type { PetsRepository } from './pets-repository.ts';

export interface PetRegistrationDeps {
  db: Database;
  featureToggles: (practiceId: number) => Promise<FeatureToggle[]>;
  species: Pick<SpeciesRepository, 'speciesExists' | 'listBreeds' | 'listBreedColours'>;
  referenceData: Pick<ReferenceDataRepository, 'listInsurers'>;
  pets: Pick<PetsRepository, 'findForClient'>;
  /** New pets a client may register online in 24 hours (decision 0057). */
  newPetsPerDay: number;
}

/**
 * R6.2, R6.4: the client must be allowed to register pets and the home practice must have online pet
 * registration on; otherwise 403 with the words of R2.28's dialog, whatever the request carries.
 */
export async function assertMayRegisterPets(
  deps: Pick<PetRegistrationDeps, 'featureToggles'>,
  client: LinkedClient,
): Promise<void> {
  const allowed = client.onlineBookingAllowed;
  // A blocked client costs no query for the practice's settings.
  const toggles = allowed ? await deps.featureToggles(client.homePracticeId) : [];
  if (!isPetRegistrationOpen({ allowed, toggles })) throw forbidden(petRegistrationUnavailableMessage);
}

/**
 * R5.9 against the database: the species exists; the breed is one of that species (required when the
 * species has breeds); the colour is one of that breed (required when the breed has colours); the
 * insurer exists. One issue per field, named by its path.
 */
export async function findChoiceIssues(
  deps: Pick<PetRegistrationDeps, 'species' | 'referenceData'>,
  body: RegisterPetBody,
): Promise<Issue[]> {
  const issues: Issue[] = [];
  const issue = (path: keyof RegisterPetBody, message: string) => issues.push({ path, message });

  if (body.insurerId !== null) {
    const insurers = await deps.referenceData.listInsurers();
    if (!insurers.some((insurer) => insurer.insurerId === body.insurerId)) {
      issue('insurerId', petFieldMessages.insurerUnknown);
    }
  }
  if (!(await deps.species.speciesExists(body.speciesId))) {
    // Breed and colour cannot be judged without a species.
    issue('speciesId', petFieldMessages.speciesUnknown);
    return issues;
  }

  const breeds = await deps.species.listBreeds(body.speciesId);
  if (body.breedId === null) {
    if (breeds.length > 0) issue('breedId', petFieldMessages.breedRequired);
    if (body.colourId !== null) issue('colourId', petFieldMessages.colourWithoutBreed);
    return issues;
  }
  if (!breeds.some((breed) => breed.breedId === body.breedId)) {
    issue('breedId', petFieldMessages.breedOfOtherSpecies);
    return issues;
  }

  const colours = await deps.species.listBreedColours(body.speciesId, body.breedId);
  if (body.colourId === null) {
    if (colours.length > 0) issue('colourId', petFieldMessages.colourRequired);
  } else if (!colours.some((colour) => colour.colourId === body.colourId)) {
    issue('colourId', petFieldMessages.colourOfOtherBreed);
  }
  return issues;
}

/**
 * POST /v2/pets: checks the choices, then registers the pet to the signed-in client, within the new pets
 * a client may register online in a day (429 past them).
 */
export async function registerPet(
  deps: PetRegistrationDeps,
  client: LinkedClient,
  body: RegisterPetBody,
): Promise<RegisteredPet> {
  const issues = await findChoiceIssues(deps, body);
  if (issues.length > 0) throw badRequest('Some fields of the request body are not valid.', issues);
  const petId = await deps.db.transaction((tx) =>
    registerNewPet(tx, client.clientId, body, deps.newPetsPerDay),
  );
  const pet = await deps.pets.findForClient(client.clientId, petId);
  if (!pet) throw new Error('registered pet not found');
  return { ...pet, registeredOnline: true };
}
