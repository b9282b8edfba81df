import {
  chosenId,
  registerPetBodySchema,
  type RegisterPetBody,
  type RegisterPetValues,
} from '@vet/contracts/pets';
import { petFieldMessages } from '@vet/contracts/pet-rules';
import type { z } from 'zod';

export interface KindChoices {
  /** The chosen species has breeds to choose from (or they are still loading). */
  breedRequired: boolean;
  /** The chosen breed has colours to choose from (or they are still loading). */
  colourRequired: boolean;
}

/**
 * The contract's body schema, with breed and colour required where the lists offer them: the rule the
 * API checks against the database, checked here against the lists the form fetched.
 */
export function registerPetFormSchema({
  breedRequired,
  colourRequired,
}: KindChoices): z.ZodType<RegisterPetBody, RegisterPetValues> {
  const { breedId, colourId } = registerPetBodySchema.shape;
  return registerPetBodySchema.safeExtend({
    breedId: breedRequired ? chosenId(petFieldMessages.breedRequired) : breedId,
    colourId: colourRequired ? chosenId(petFieldMessages.colourRequired) : colourId,
  });
}

/** An empty registration form: nothing chosen, nothing typed. */
export const emptyRegisterPetValues: RegisterPetValues = {
  name: '',
  speciesId: null,
  breedId: null,
  colourId: null,
  sex: null,
  neutered: null,
  dateOfBirth: '',
  microchipNumber: '',
  insurerId: null,
  policyNumber: '',
};

/** Whether the person has entered anything the navigation guard should protect. */
export function hasEnteredAnything(values: RegisterPetValues): boolean {
  return Object.values(values).some((value) =>
    typeof value === 'string' ? value.trim() !== '' : value !== null && value !== undefined,
  );
}
