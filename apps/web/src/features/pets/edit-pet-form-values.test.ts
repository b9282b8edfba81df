import type { EditablePet } from '@vet/contracts/pet-changes';
import { describe, expect, it } from 'vitest';
import { editPetValuesOf, hasChangedAnything } from './edit-pet-form-values';

const pet: EditablePet = {
  petId: 7,
  name: 'Nutmeg',
  speciesId: 1,
  speciesName: 'Dog',
  breedId: null,
  breedName: null,
  colourId: null,
  colourName: null,
  sex: 'Female',
  neutered: false,
  dateOfBirth: null,
  microchipNumber: null,
  insurerId: 3,
  insurerName: 'Petplan',
  policyNumber: 'PP-1',
  awaitingInitialConsultation: false,
  status: 'Active',
  version: '123',
  bookedAppointments: 0,
};

describe('editPetValuesOf', () => {
  it('starts the form from the pet, with empty text where it has nothing', () => {
    expect(editPetValuesOf(pet)).toEqual({
      name: 'Nutmeg',
      neutered: false,
      microchipNumber: '',
      insurerId: 3,
      policyNumber: 'PP-1',
    });
  });
});

describe('hasChangedAnything', () => {
  it('is false for the values the form opened with, or the same with spaces around', () => {
    expect(hasChangedAnything(editPetValuesOf(pet), pet)).toBe(false);
    expect(hasChangedAnything({ ...editPetValuesOf(pet), name: ' Nutmeg ' }, pet)).toBe(false);
  });

  it('is true once a field differs', () => {
    expect(hasChangedAnything({ ...editPetValuesOf(pet), neutered: true }, pet)).toBe(true);
    expect(hasChangedAnything({ ...editPetValuesOf(pet), insurerId: null }, pet)).toBe(true);
    expect(hasChangedAnything({ ...editPetValuesOf(pet), microchipNumber: '9' }, pet)).toBe(true);
  });
});
