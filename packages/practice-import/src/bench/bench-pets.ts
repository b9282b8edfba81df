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

/** A label of pets.csv no entry of the portal's lists matches (decision 0131). */
export type UnknownLabel = 'species' | 'breed' | 'colour' | 'insurer';

/**
 * Made-up labels for an export with unknown labels, a few for each species (by the species the pet
 * really is), so that values repeat over thousands of pets as a real export's do. None is a name, synonym
 * or code of the portal's lists.
 */
export const UNKNOWN_LABELS = {
  species: ['Marsh Critter', 'Hedgepig'],
  breeds: {
    Dog: ['Marsh Terrier', 'Broadland Spaniel'],
    Cat: ['Fenland Moggy', 'Marsh Tabby'],
    Rabbit: ['Fen Lop', 'Norfolk Dwarf'],
  },
  colours: {
    Dog: ['Mud Brown', 'Salt-and-Pepperish'],
    Cat: ['Tabby-ish', 'Marmaladey'],
    Rabbit: ['Hare-ish', 'Dusky'],
  },
  insurers: ['Fenland Pet Mutual', 'Broads Animal Cover'],
} as const;

/** The share of pets given unknown labels; of those, the share whose species is one too. */
const UNKNOWN_SHARE = 0.1;
const UNKNOWN_SPECIES_SHARE = 0.2;

export interface BenchPet {
  name: string;
  /** The species the pet is: its vaccinations and appointments are this species'. */
  species: PetKind;
  /** The species as pets.csv writes it: the species' name, or a made-up one. */
  speciesLabel: string;
  breed: string;
  colour: string;
  sex: 'Male' | 'Female';
  neutered: boolean;
  dateOfBirth: string;
  microchip: string;
  insurer: string;
  policyNumber: string;
  /** The labels written as ones the lists lack (only in an export with unknown labels). */
  unknownLabels: UnknownLabel[];
}

/**
 * Pet `n` (1-based) of the export, the same wherever it is asked for. Born 2 to 15 years before
 * `today`, so every appointment and vaccination of the export falls after its birth. The breed and
 * colour are a pair the portal's lists hold; with `unknownLabels`, a tenth of the pets have a breed and a
 * colour the lists lack, a fifth of those a species too, and half of those insured an insurer
 * (UNKNOWN_LABELS). Everything else of the pet, and of every other file, is the same either way: the
 * species the pet really is still sets its vaccinations and appointments.
 */
export function benchPet(
  seed: number,
  n: number,
  today: string,
  { unknownLabels = false }: { unknownLabels?: boolean } = {},
): BenchPet {
  const kind = benchPetSpecies(seed, n);
  const bred = chance(0.85, seed, PET, n, 2) && kind.breeds.length > 0;
  const [breed, colours] = bred ? pick(kind.breeds, seed, PET, n, 3) : ['', kind.colours];
  const insured = chance(0.4, seed, PET, n, 4);
  const pet: BenchPet = {
    name: pick(PET_NAMES, seed, PET, n, 5),
    species: kind,
    speciesLabel: kind.name,
    breed,
    colour: colours.length > 0 ? pick(colours, seed, PET, n, 6) : '',
    sex: chance(0.5, seed, PET, n, 7) ? 'Male' : 'Female',
    neutered: chance(0.7, seed, PET, n, 8),
    dateOfBirth: benchPetDateOfBirth(seed, n, today),
    // 826: the United Kingdom's ISO country code, which UK-issued microchips begin with.
    microchip: kind === RABBIT ? '' : `826${String(n).padStart(12, '0')}`,
    insurer: insured ? pick(INSURER_NAMES, seed, PET, n, 10) : '',
    policyNumber: insured ? `POL-${String(draw(seed, PET, n, 11) % 100_000_000).padStart(8, '0')}` : '',
    unknownLabels: [],
  };
  return unknownLabels ? withUnknownLabels(pet, seed, n) : pet;
}

function withUnknownLabels(pet: BenchPet, seed: number, n: number): BenchPet {
  if (!chance(UNKNOWN_SHARE, seed, PET, n, 12)) return pet;
  const kind = pet.species.name as keyof typeof UNKNOWN_LABELS.breeds;
  const breeds = UNKNOWN_LABELS.breeds[kind];
  const colours = UNKNOWN_LABELS.colours[kind];
  const unknownSpecies = chance(UNKNOWN_SPECIES_SHARE, seed, PET, n, 13);
  const unknownInsurer = pet.insurer !== '' && chance(0.5, seed, PET, n, 14);
  return {
    ...pet,
    speciesLabel: unknownSpecies ? pick(UNKNOWN_LABELS.species, seed, PET, n, 15) : pet.speciesLabel,
    breed: pick(breeds, seed, PET, n, 16),
    colour: pick(colours, seed, PET, n, 17),
    insurer: unknownInsurer ? pick(UNKNOWN_LABELS.insurers, seed, PET, n, 18) : pet.insurer,
    unknownLabels: [
      ...(unknownSpecies ? (['species'] as const) : []),
      'breed',
      'colour',
      ...(unknownInsurer ? (['insurer'] as const) : []),
    ],
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
