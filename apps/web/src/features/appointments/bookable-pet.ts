import { bookingRefusal } from '@vet/contracts/booking-rules';
import type { AppointmentReason } from '@vet/contracts/lookups';
import type { Pet } from '@vet/contracts/pets';
import type { FeatureToggle } from '@vet/contracts/practices';

export type BookablePet = Pick<
  Pet,
  'petId' | 'name' | 'speciesId' | 'awaitingInitialConsultation' | 'status'
>;

export interface BookingRules {
  allowed: boolean;
  toggles: readonly FeatureToggle[];
}

/** The reasons open to this pet: its species', and only the initial consultation while it awaits one. */
export function reasonsForPet(
  reasons: readonly AppointmentReason[],
  pet: BookablePet | undefined,
  rules: BookingRules,
): AppointmentReason[] {
  if (!pet) return [];
  return reasons.filter((reason) => bookingRefusal({ ...rules, pet, reason }) === null);
}

/**
 * The client's other pets that may come to the same visit for the reason (decision 0117): by the rules a
 * booking of their own answers, so the API's refusal naming a pet is only a race's.
 */
export function visitCandidates(
  pets: readonly BookablePet[],
  first: BookablePet | undefined,
  reason: AppointmentReason | undefined,
  rules: BookingRules,
): BookablePet[] {
  if (!first || !reason) return [];
  return pets.filter(
    (pet) => pet.petId !== first.petId && bookingRefusal({ ...rules, pet, reason }) === null,
  );
}
