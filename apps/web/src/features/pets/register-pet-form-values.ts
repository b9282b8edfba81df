import type { RegisterPetValues } from '@vet/contracts/pets';

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
