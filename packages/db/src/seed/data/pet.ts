import type { PetSeed } from './types.ts';

/**
 * A pet with the usual defaults: neutered from nine months and microchipped (compulsory for dogs in
 * England since 2016 and for cats since 2024); the options override either.
 */
export function pet(
  name: string,
  species: string,
  breed: string | null,
  colour: string | null,
  sex: PetSeed['sex'],
  ageMonths: number,
  options: Partial<Omit<PetSeed, 'name' | 'species' | 'breed' | 'colour' | 'sex' | 'ageMonths'>> = {},
): PetSeed {
  return {
    name,
    species,
    breed,
    colour,
    sex,
    ageMonths,
    neutered: ageMonths >= 9,
    chipped: true,
    ...options,
  };
}
