import { addMonths } from '@vet/contracts/practice-clock';
import { homeAddress } from '@vet/db/seed/data/addresses';
import type { ClientSeed, PetSeed } from '@vet/db/seed/data/types';
import { microchipNumber } from '@vet/db/seed/seed-clients';
import { demoRef } from './demo-references.ts';
import { refOf, type PracticeRefs } from './demo-practice-tables.ts';
import { yesNo, type ExportRow } from './export-files.ts';

/** A demo pet with its owner's index among the client seeds and its number (1-based, in seed order). */
export interface NumberedPet {
  clientIndex: number;
  petNumber: number;
  pet: PetSeed;
}

/** The pets in the seed's order, numbered as the seed numbers them (their microchips depend on it). */
export function numberedPets(seeds: readonly ClientSeed[]): NumberedPet[] {
  let petNumber = 0;
  return seeds.flatMap((seed, clientIndex) =>
    seed.pets.map((pet) => ({ clientIndex, petNumber: (petNumber += 1), pet })),
  );
}

/** A pet's reference by its owner's index and its name (unique within a client). */
export function petRefOf(pets: readonly NumberedPet[], clientIndex: number, name: string): string {
  const found = pets.find((p) => p.clientIndex === clientIndex && p.pet.name === name);
  if (!found) throw new Error(`The demo data names an unknown pet: ${name}`);
  return demoRef.pet(found.petNumber);
}

/**
 * The client records. The identity links, contact preferences and their confirmation are the portal's
 * (practice-systems.md, "Who owns what"): the demo's portal-side seed adds them after the import.
 */
export function clientRows(refs: PracticeRefs, seeds: readonly ClientSeed[]): ExportRow<'clients.csv'>[] {
  return seeds.map((seed, i) => {
    const address = homeAddress(...seed.home);
    return {
      client_ref: demoRef.client(i + 1),
      practice_ref: refOf(refs.practices, seed.practice),
      salutation: seed.salutation,
      first_name: seed.firstName,
      last_name: seed.lastName,
      email: seed.email ?? '',
      mobile_phone: seed.mobilePhone,
      home_phone: '',
      address_line1: address.line1,
      address_line2: address.line2 ?? '',
      town: address.town,
      county: address.county ?? '',
      postcode: address.postcode,
      online_booking_allowed: yesNo(seed.onlineBookingAllowed ?? true),
    };
  });
}

/** Ages are months before `today` (YYYY-MM-DD), as the seed computes them. */
export function petRows(pets: readonly NumberedPet[], today: string): ExportRow<'pets.csv'>[] {
  return pets.map(({ clientIndex, petNumber, pet }) => ({
    pet_ref: demoRef.pet(petNumber),
    client_ref: demoRef.client(clientIndex + 1),
    name: pet.name,
    species: pet.species,
    breed: pet.breed ?? '',
    colour: pet.colour ?? '',
    sex: pet.sex,
    neutered: yesNo(pet.neutered),
    date_of_birth: addMonths(today, -pet.ageMonths),
    microchip: pet.chipped ? microchipNumber(petNumber) : '',
    insurer: pet.insurance?.insurer ?? '',
    policy_number: pet.insurance?.policyNumber ?? '',
    status: pet.deceased ? 'Deceased' : 'Active',
    awaiting_initial_consultation: yesNo(pet.awaitingInitialConsultation ?? false),
  }));
}
