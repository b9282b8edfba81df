import {
  chosenId,
  registerPetBodySchema,
  type RegisterPetBody,
  type RegisterPetValues,
} from '@vet/contracts/pets';
import { petFieldMessages } from '@vet/contracts/pet-field-messages';
import type { z } from 'zod';

export interface KindChoices {
  /** The chosen species has breeds to choose from (or they are still loading). */
  breedRequired: boolean;
  /** The chosen breed has colours to choose from (or they are still loading). */
  colourRequired: boolean;
}

/**
 * The form's rules, loaded when the person first types, leaves a field or registers (decision 0033): this
 * module brings zod, so only the form's rules loader imports it; the values live in ./register-pet-form-values.
 *
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
