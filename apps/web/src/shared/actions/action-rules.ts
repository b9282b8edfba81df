import type { Pet } from '@vet/contracts/pets';
import { isPetRegistrationOpen } from '@vet/contracts/pet-rules';
import { isOnlineBookingOpen } from '@vet/contracts/practice-rules';
import type { FeatureToggle } from '@vet/contracts/practices';
import type { ClientProfile } from '@vet/contracts/profile';
import { bookAppointmentPath, registerPetPath } from './action-paths';

/**
 * What "Book an appointment" and "Register a pet" do, wherever they are offered (the dashboard, the pets
 * pages; R2.28 to R2.30, R6.2 to R6.4): go to the page, or explain in a dialog why not. Pure, so the
 * rules test alone; shared, because features do not import each other.
 */
export type ActionDialog =
  'booking-unavailable' | 'registration-unavailable' | 'register-your-pet' | 'awaiting-initial-consultation';

export type ActionOutcome = { kind: 'navigate'; href: string } | { kind: 'dialog'; dialog: ActionDialog };

export interface ActionContext {
  /** The profile's isAppointmentBookingAndPetRegistrationAllowed. */
  allowed: boolean;
  /** The home practice's feature settings; [] when they could not be loaded (read as "off"). */
  toggles: readonly FeatureToggle[];
}

export interface BookingContext extends ActionContext {
  /** null when the pets could not be loaded: the booking page checks them itself then. */
  pets: readonly Pick<Pet, 'status' | 'awaitingInitialConsultation'>[] | null;
}

const navigate = (href: string): ActionOutcome => ({ kind: 'navigate', href });
const dialog = (name: ActionDialog): ActionOutcome => ({ kind: 'dialog', dialog: name });

/** The contracts' rule, the one the API enforces (R6.2, R3.10). */
const bookingBlocked = (context: ActionContext) => !isOnlineBookingOpen(context);

/**
 * Booking is blocked for the client, or by the practice ('Online Booking Enabled' must be 'True'); with
 * no living pet it asks to register one; a pet awaiting its initial consultation, when it is the only
 * one, must attend that first (R2.30). A deceased pet cannot be booked, so it does not count.
 */
export function bookingOutcome({ allowed, toggles, pets }: BookingContext): ActionOutcome {
  if (bookingBlocked({ allowed, toggles })) return dialog('booking-unavailable');
  if (pets === null) return navigate(bookAppointmentPath);
  const living = pets.filter((pet) => pet.status === 'Active');
  if (living.length === 0) return dialog('register-your-pet');
  if (living.length === 1 && living[0]?.awaitingInitialConsultation) {
    return dialog('awaiting-initial-consultation');
  }
  return navigate(bookAppointmentPath);
}

export interface PetBookingContext extends ActionContext {
  pet: Pick<Pet, 'petId' | 'status' | 'awaitingInitialConsultation'>;
}

/**
 * Booking for the pet being viewed (R2.30): the same blocks, and a pet awaiting its initial consultation
 * must attend it first. Undefined for a deceased pet, which is not offered a booking at all.
 */
export function petBookingOutcome({ pet, ...context }: PetBookingContext): ActionOutcome | undefined {
  if (pet.status !== 'Active') return undefined;
  if (bookingBlocked(context)) return dialog('booking-unavailable');
  if (pet.awaitingInitialConsultation) return dialog('awaiting-initial-consultation');
  return navigate(`${bookAppointmentPath}?${new URLSearchParams({ petId: String(pet.petId) }).toString()}`);
}

/** The practice a dialog tells the client to call. */
export interface HomePractice {
  name: string;
  phone: string;
}

/** The home practice the dialogs name, from the profile; null while the profile lacks it. */
export function homePracticeOf(
  profile: Pick<ClientProfile, 'homePracticeName' | 'homePracticePhone'> | undefined,
): HomePractice | null {
  return profile?.homePracticeName && profile.homePracticePhone
    ? { name: profile.homePracticeName, phone: profile.homePracticePhone }
    : null;
}

/** Registration is blocked for the client, or by the practice ('online-register-pet-enabled'). */
export function registrationOutcome(context: ActionContext): ActionOutcome {
  return isPetRegistrationOpen(context) ? navigate(registerPetPath) : dialog('registration-unavailable');
}
