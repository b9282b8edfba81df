import { isoDay, practiceWallTime } from './practice-clock.ts';
import { featureKeys, isFeatureEnabled } from './practice-rules.ts';
import type { FeatureToggle } from './practice-rules.ts';

/**
 * The pets' rules, limits and messages that screens share with the API, without zod: the browser loads
 * this module, not the schemas (decision 0032). `./pets.ts` re-exports it.
 */

/** The sexes a client chooses from when registering a pet online (the form and a guest's hold). */
export const petSexes = ['Male', 'Female'] as const;
/**
 * The sexes a pet's record can hold: the practice's system may not have recorded one, which only it can
 * say (an import or the integration API); the portal shows that as not recorded.
 */
export const recordedPetSexes = [...petSexes, 'Unknown'] as const;
/**
 * Active: the client's. Deceased, Rehomed: no longer the client's to book for; the portal still lists
 * them, apart, because the practice's record and its history stay.
 */
export const petStatuses = ['Active', 'Deceased', 'Rehomed'] as const;
export type PetStatus = (typeof petStatuses)[number];

/**
 * The client's current pets, then those rehomed, then those that have died, each in the order given (the
 * API's): grouped, never re-sorted, wherever a screen lists pets beyond R3.6's plain first three by name.
 */
export function groupByStatus<T extends { status: PetStatus }>(
  pets: readonly T[],
): { active: T[]; rehomed: T[]; deceased: T[] } {
  return {
    active: pets.filter((pet) => pet.status === 'Active'),
    rehomed: pets.filter((pet) => pet.status === 'Rehomed'),
    deceased: pets.filter((pet) => pet.status === 'Deceased'),
  };
}

/** R7.8: the fields a pet list can be sorted by, ascending; ties are broken by petId. */
export const petSortFields = ['name', 'dateOfBirth', 'petId'] as const;
export type PetSortField = (typeof petSortFields)[number];

/** R3.6, R9.6: the slice the pets menu shows, 3 unless told otherwise. */
export const defaultPetSliceSize = 3;

/**
 * R6.2, R6.4, R3.10: a pet can be registered online when the client is allowed to
 * (isAppointmentBookingAndPetRegistrationAllowed) and the home practice has 'online-register-pet-enabled'
 * on. The API enforces it; the web only says so sooner.
 */
export function isPetRegistrationOpen(input: {
  allowed: boolean;
  toggles: readonly FeatureToggle[];
}): boolean {
  return input.allowed && isFeatureEnabled(input.toggles, featureKeys.onlinePetRegistration);
}

/** The answer to a client who may not register a pet (R2.28's dialog text). */
export const petRegistrationUnavailableMessage =
  'New pet registration is currently unavailable. Please contact your practice.';

/**
 * Pets a client registers online (the pets form and completed guest holds) in any 24 hours (decision
 * 0057): a litter is a phone call, an attacker's stream of new pets is not bookable.
 */
export const newPetsPerClientPerDay = 10;
export const tooManyNewPetsMessage = `You have registered ${newPetsPerClientPerDay} pets online in the last 24 hours, the most in a day. Please try again tomorrow, or call your practice.`;

export const petNameMaxLength = 40;
export const microchipDigits = 15;
export const policyNumberMaxLength = 30;
/**
 * A date of birth further back than this is a slip of the keyboard (1925 for 2025), not a pet: tortoises
 * and parrots outlive the 40 years a cat or dog never reaches, so the bound is a century.
 */
export const oldestPetAgeYears = 100;

/** Today's date, YYYY-MM-DD, on the practices' calendar (practice-clock.ts, decision 0051). */
export function practiceToday(now: Date): string {
  return isoDay(practiceWallTime(now));
}

/** The earliest date of birth accepted at `now`: the same day, `oldestPetAgeYears` years back. */
export function earliestDateOfBirth(now: Date): string {
  return earliestDateOfBirthOn(practiceToday(now));
}

/** The earliest date of birth accepted on `today` (YYYY-MM-DD, the practices' calendar). */
export function earliestDateOfBirthOn(today: string): string {
  const year = String(Number(today.slice(0, 4)) - oldestPetAgeYears).padStart(4, '0');
  return `${year}${today.slice(4)}`;
}
