import type { RegisterPetValues } from '@vet/contracts/pets';
import { petFieldMessages } from '@vet/contracts/pet-field-messages';
import { describe, expect, it } from 'vitest';
import { registerPetFormSchema } from './register-pet-form-schema';
import { emptyRegisterPetValues, hasEnteredAnything } from './register-pet-form-values';

const filled: RegisterPetValues = {
  ...emptyRegisterPetValues,
  name: 'Rolo',
  speciesId: 1,
  sex: 'Male',
  neutered: false,
  dateOfBirth: '2024-01-02',
};

const issues = (schema: ReturnType<typeof registerPetFormSchema>, values: RegisterPetValues) =>
  schema.safeParse(values).error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

describe('registerPetFormSchema', () => {
  it('asks for a breed and a colour only where the lists offer them', () => {
    const neither = registerPetFormSchema({ breedRequired: false, colourRequired: false });
    expect(issues(neither, filled)).toEqual([]);
    const both = registerPetFormSchema({ breedRequired: true, colourRequired: true });
    expect(issues(both, filled)).toEqual([
      ['breedId', petFieldMessages.breedRequired],
      ['colourId', petFieldMessages.colourRequired],
    ]);
    expect(issues(both, { ...filled, breedId: 2, colourId: 3 })).toEqual([]);
  });

  it('keeps the contract’s rule that a policy number needs its insurer', () => {
    const schema = registerPetFormSchema({ breedRequired: false, colourRequired: false });
    expect(issues(schema, { ...filled, policyNumber: 'PP-1' })).toEqual([
      ['insurerId', petFieldMessages.insurerForPolicy],
    ]);
  });
});

describe('hasEnteredAnything', () => {
  it('is false for the empty form, or only spaces', () => {
    expect(hasEnteredAnything(emptyRegisterPetValues)).toBe(false);
    expect(hasEnteredAnything({ ...emptyRegisterPetValues, name: '   ' })).toBe(false);
  });

  it('is true once anything is typed or chosen', () => {
    expect(hasEnteredAnything({ ...emptyRegisterPetValues, name: 'R' })).toBe(true);
    expect(hasEnteredAnything({ ...emptyRegisterPetValues, speciesId: 1 })).toBe(true);
    expect(hasEnteredAnything({ ...emptyRegisterPetValues, neutered: false })).toBe(true);
  });
});
