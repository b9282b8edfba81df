import type { RegisterPetValues } from '@vet/contracts/pets';
import { featureKeys } from '@vet/contracts/practices';
import type { Database } from '@vet/db/connection';
import {
  createBreed,
  createColour,
  createInsurer,
  createPractice,
  createSpecies,
  linkBreedColour,
} from '@vet/db/testing/factories';
import type { useSignedInTestApp } from '../../../testing/signed-in-app.ts';

/**
 * What the registration tests register against: a species with two breeds, each with its own colour,
 * another species with a breed, one without breeds, and an insurer. Each test builds its own.
 */
export async function registrationLookups(db: Database) {
  const dog = await createSpecies(db, { code: 'Canine' });
  const cat = await createSpecies(db, { code: 'Feline' });
  const beagle = await createBreed(db, { speciesId: dog.id, name: 'Beagle' });
  const pug = await createBreed(db, { speciesId: dog.id, name: 'Pug' });
  const siamese = await createBreed(db, { speciesId: cat.id, name: 'Siamese' });
  const tricolour = await createColour(db, { speciesId: dog.id, name: 'Tricolour' });
  const fawn = await createColour(db, { speciesId: dog.id, name: 'Fawn' });
  await linkBreedColour(db, { breedId: beagle.id, colourId: tricolour.id });
  await linkBreedColour(db, { breedId: pug.id, colourId: fawn.id });
  const insurer = await createInsurer(db);
  const fish = await createSpecies(db, { code: 'Fish' });
  return { dog, cat, beagle, pug, siamese, tricolour, fawn, insurer, fish };
}
export type RegistrationLookups = Awaited<ReturnType<typeof registrationLookups>>;

/** A full, valid body: a tricolour beagle, chipped and insured. */
export function validRegistration(choices: RegistrationLookups): RegisterPetValues {
  return {
    name: '  Rolo ',
    speciesId: choices.dog.id,
    breedId: choices.beagle.id,
    colourId: choices.tricolour.id,
    sex: 'Male',
    neutered: false,
    dateOfBirth: '2025-03-14',
    microchipNumber: '941 000 024 680 135',
    insurerId: choices.insurer.id,
    policyNumber: 'PP-123/45',
  };
}

type SignedInClient = ReturnType<typeof useSignedInTestApp>['signedInClient'];

/** A signed-in client of a practice whose pet registration setting is `setting` (null: none at all). */
export async function clientOfPractice(
  db: Database,
  signedInClient: SignedInClient,
  setting: string | null = 'True',
  overrides: Parameters<SignedInClient>[0] = {},
) {
  const features: Record<string, string> =
    setting === null ? {} : { [featureKeys.onlinePetRegistration]: setting };
  const practice = await createPractice(db, {}, features);
  return signedInClient({ homePracticeId: practice.id, ...overrides });
}
