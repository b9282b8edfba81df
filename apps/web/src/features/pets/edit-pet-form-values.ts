import type { EditablePet, PetDetailsValues } from '@vet/contracts/pet-changes';

/** The edit form's values for a pet as the API gives it: empty text where the pet has nothing. */
export function editPetValuesOf(pet: EditablePet): PetDetailsValues {
  return {
    name: pet.name,
    neutered: pet.neutered,
    microchipNumber: pet.microchipNumber ?? '',
    insurerId: pet.insurerId,
    policyNumber: pet.policyNumber ?? '',
  };
}

/** Whether the person has changed anything from the pet as the form opened (the navigation guard). */
export function hasChangedAnything(values: PetDetailsValues, pet: EditablePet): boolean {
  const start = editPetValuesOf(pet);
  return (Object.keys(start) as (keyof PetDetailsValues)[]).some((key) => {
    const now = values[key];
    const was = start[key];
    return typeof now === 'string' && typeof was === 'string' ? now.trim() !== was.trim() : now !== was;
  });
}
