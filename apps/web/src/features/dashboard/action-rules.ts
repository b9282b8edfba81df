import type { Pet } from '@vet/contracts/pets';
import { featureKeys, isFeatureEnabled, type FeatureToggle } from '@vet/contracts/practices';

/**
 * What the dashboard's "Book an appointment" and "Register a pet" do (spec 2 "Booking and registration
 * dialogs", spec 6): go to the page, or explain in a dialog why not. Pure, so the rules test alone.
 */
export type ActionDialog =
  'booking-unavailable' | 'registration-unavailable' | 'register-your-pet' | 'awaiting-initial-consultation';

export type ActionOutcome = { kind: 'navigate'; href: string } | { kind: 'dialog'; dialog: ActionDialog };

export const bookAppointmentPath = '/appointments/book';
export const registerPetPath = '/pets/register';

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

/**
 * Booking is blocked for the client, or by the practice ('Online Booking Enabled' must be 'True'); with
 * no living pet it asks to register one; a pet awaiting its initial consultation, when it is the only
 * one, must attend that first (spec 2). A deceased pet cannot be booked, so it does not count.
 */
export function bookingOutcome({ allowed, toggles, pets }: BookingContext): ActionOutcome {
  if (!allowed || !isFeatureEnabled(toggles, featureKeys.onlineBooking)) return dialog('booking-unavailable');
  if (pets === null) return navigate(bookAppointmentPath);
  const living = pets.filter((pet) => pet.status === 'Active');
  if (living.length === 0) return dialog('register-your-pet');
  if (living.length === 1 && living[0]?.awaitingInitialConsultation) {
    return dialog('awaiting-initial-consultation');
  }
  return navigate(bookAppointmentPath);
}

/** Registration is blocked for the client, or by the practice ('online-register-pet-enabled'). */
export function registrationOutcome({ allowed, toggles }: ActionContext): ActionOutcome {
  if (!allowed || !isFeatureEnabled(toggles, featureKeys.onlinePetRegistration)) {
    return dialog('registration-unavailable');
  }
  return navigate(registerPetPath);
}
