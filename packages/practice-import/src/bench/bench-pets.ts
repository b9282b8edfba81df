import { addDays, addMonths } from '@vet/contracts/practice-clock';
import { INSURER_NAMES, PET_KINDS, type PetKind } from '@vet/db/seed/data/reference-names';
import { PRIMARY_AGE_DAYS, VACCINE_COURSES } from '../demo/demo-vaccinations.ts';
import { below, chance, draw, pick } from './bench-random.ts';

const PET = 4;
const PET_NAMES = [
  'Bella',
  'Luna',
  'Milo',
  'Poppy',
  'Teddy',
  'Coco',
  'Alfie',
  'Daisy',
  'Max',
  'Ruby',
  'Bailey',
  'Willow',
  'Rosie',
  'Charlie',
  'Nala',
  'Simba',
  'Oreo',
  'Biscuit',
  'Pepper',
  'Hazel',
  'Smudge',
  'Tilly',
  'Bramble',
  'Dexter',
  'Maisie',
  'Ziggy',
  'Mochi',
  'Bonnie',
  'Archie',
  'Clover',
];

function species(name: string): PetKind {
  const found = PET_KINDS.find((s) => s.name === name);
  if (!found) throw new Error(`The portal's species list has no ${name}`);
  return found;
}
/** Dogs, cats and rabbits: the species UK practices vaccinate, from the reference lists. */
const DOG = species('Dog');
const CAT = species('Cat');
const RABBIT = species('Rabbit');

/** Half dogs, four in ten cats, one in ten rabbits. */
export function benchPetSpecies(seed: number, n: number): PetKind {
  const roll = below(10, seed, PET, n, 1);
  return roll < 5 ? DOG : roll < 9 ? CAT : RABBIT;
}

/** Born 2 to 15 years before `today`. */
export function benchPetDateOfBirth(seed: number, n: number, today: string): string {
  return addDays(today, -(730 + below(4_745, seed, PET, n, 9)));
}

export interface BenchPet {
  name: string;
  species: PetKind;
  breed: string;
  colour: string;
  sex: 'Male' | 'Female';
  neutered: boolean;
  dateOfBirth: string;
  microchip: string;
  insurer: string;
  policyNumber: string;
}

/**
 * Pet `n` (1-based) of the export, the same wherever it is asked for. Born 2 to 15 years before
 * `today`, so every appointment and vaccination of the export falls after its birth. The breed and
 * colour are a pair the portal's lists hold.
 */
export function benchPet(seed: number, n: number, today: string): BenchPet {
  const kind = benchPetSpecies(seed, n);
  const bred = chance(0.85, seed, PET, n, 2) && kind.breeds.length > 0;
  const [breed, colours] = bred ? pick(kind.breeds, seed, PET, n, 3) : ['', kind.colours];
  const insured = chance(0.4, seed, PET, n, 4);
  return {
    name: pick(PET_NAMES, seed, PET, n, 5),
    species: kind,
    breed,
    colour: colours.length > 0 ? pick(colours, seed, PET, n, 6) : '',
    sex: chance(0.5, seed, PET, n, 7) ? 'Male' : 'Female',
    neutered: chance(0.7, seed, PET, n, 8),
    dateOfBirth: benchPetDateOfBirth(seed, n, today),
    // 826: the United Kingdom's ISO country code, which UK-issued microchips begin with.
    microchip: kind === RABBIT ? '' : `826${String(n).padStart(12, '0')}`,
    insurer: insured ? pick(INSURER_NAMES, seed, PET, n, 10) : '',
    policyNumber: insured ? `POL-${String(draw(seed, PET, n, 11) % 100_000_000).padStart(8, '0')}` : '',
  };
}

export interface BenchVaccination {
  vaccine: string;
  givenOn: string;
  dueOn: string;
}

/**
 * A pet's two vaccinations: its primary course at nine weeks old and the latest yearly booster before
 * `today` (every bench pet is two years old or more, so it has one).
 */
export function benchVaccinations(
  pet: { species: PetKind; dateOfBirth: string },
  n: number,
  today: string,
): BenchVaccination[] {
  const courses = VACCINE_COURSES[pet.species.name] ?? [];
  const course = courses[n % courses.length];
  if (!course) throw new Error(`No vaccine course for ${pet.species.name}`);
  const primary = addDays(pet.dateOfBirth, PRIMARY_AGE_DAYS);
  let years = Number(today.slice(0, 4)) - Number(primary.slice(0, 4));
  if (addMonths(primary, 12 * years) >= today) years -= 1;
  const booster = addMonths(primary, 12 * Math.max(1, years));
  return [
    { vaccine: course.vaccine, givenOn: primary, dueOn: addMonths(primary, 12) },
    { vaccine: course.vaccine, givenOn: booster, dueOn: addMonths(booster, course.boosterMonths) },
  ];
}
