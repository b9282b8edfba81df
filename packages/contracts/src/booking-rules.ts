import { isOnlineBookingOpen } from './practice-rules.ts';
import type { Pet } from './pets.ts';
import type { FeatureToggle } from './practices.ts';

/**
 * Booking's rules and messages that screens share with the API, without zod: the browser loads this
 * module, not the schemas (decision 0032). `./appointment-booking.ts` re-exports it.
 */

export const appointmentNotesMaxLength = 500;

/**
 * Caps on what one client books online (decision 0057), far above what a family needs, so that one
 * account cannot take a practice's times. Future means Booked and not yet started. A pet awaiting its
 * initial consultation has that one appointment, and no other (R2.30's dialog says so).
 */
export const bookingLimits = {
  futureAppointmentsPerClient: 30,
  futureAppointmentsPerPet: 12,
  futureAppointmentsPerNewPet: 1,
  /** Bookings (and guest-hold completions) per signed-in identity in `windowMinutes`. */
  bookingsPerIdentity: 20,
  windowMinutes: 10,
} as const;

/** "Bella", "Bella and Max", "Bella, Max and Rex": a visit's pets in its order, as e-mails and pages say. */
export function visitPetNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

// Its own module, so a page that only says who sees the pet (the guest's booking) loads none of the rest.
export { clinicianPhrase } from './clinician-phrase.ts';

/** The most pets one visit books together (decision 0117): a household's visit, not a clinic's list. */
export const maxPetsPerVisit = 4;

export const bookingMessages = {
  slotTaken: 'That time has just been taken.',
  /** The practice asks a deposit or card hold for this reason (decision 0158): the booking page shows it. */
  paymentRequired:
    'The practice asks for a deposit or card hold to book this appointment online. Choose the time again to see it.',
  /** The pet is already booked in at an overlapping time (another appointment, another clinician). */
  petAlreadyBooked: (petName: string) => `${petName} already has an appointment at that time.`,
  /** R2.28 dialog "Online appointment booking unavailable". */
  bookingUnavailable: 'Online appointment booking is currently unavailable. Please contact your practice.',
  /** R2.30 dialog "Booking unavailable". */
  awaitingInitialConsultation:
    'Your new pet needs to attend the initial consultation that you have booked, before you can make any further appointments.',
  petDeceased: 'Appointments cannot be booked online for a pet recorded as deceased.',
  petRehomed:
    'Appointments cannot be booked online for a pet recorded as rehomed. If the pet is with you again, please contact your practice.',
  reasonNotForSpecies:
    'This appointment reason is not available for your pet’s species. Choose another reason.',
  tooLateToChange: 'This appointment starts too soon to change or cancel online. Please call your practice.',
  notChangeable: 'This appointment can no longer be changed or cancelled online.',
  /** A chosen clinician who is not (or no longer) a vet of the practice for this reason (decision 0101). */
  clinicianUnavailable: 'That vet is not available to book online. Please choose another vet.',
  /** The practice has switched naming off (decision 0101). */
  namingOff: 'This practice does not take online bookings with a named vet. Please book with any vet.',
  /** A visit refused for one of its pets: the pet and the reason named, then why (decision 0117). */
  visitPetRefused: (petName: string, reasonName: string, why: string) =>
    `${petName} cannot be booked for ${reasonName} in this visit. ${why}`,
  visitNotFound: 'We could not find that visit.',
  /** One appointment of a visit does not move alone: the visit moves as one (decision 0117). */
  visitMovesTogether:
    'This appointment is part of a visit with your other pets: change the time of the whole visit.',
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different booking.',
  tooManyForClient: `You already have ${bookingLimits.futureAppointmentsPerClient} upcoming appointments, the most that can be booked online. Please call your practice to book another.`,
  tooManyForPet: (petName: string) =>
    `${petName} already has ${bookingLimits.futureAppointmentsPerPet} upcoming appointments, the most that can be booked online. Please call your practice to book another.`,
} as const;

export type BookingRefusal =
  'bookingUnavailable' | 'petDeceased' | 'petRehomed' | 'awaitingInitialConsultation' | 'reasonNotForSpecies';

// With the practices' rules, so the pages that only ask whether booking is open (registering a pet)
// load none of booking's messages.
export { isOnlineBookingOpen } from './practice-rules.ts';

/**
 * Why this client may not book this reason for this pet, or null when they may. The API enforces it;
 * the web asks the same question to show the dialog sooner. A reason with no species applies to all.
 */
export function bookingRefusal(input: {
  allowed: boolean;
  toggles: readonly FeatureToggle[];
  pet?: Pick<Pet, 'status' | 'awaitingInitialConsultation' | 'speciesId'>;
  reason?: { isInitialConsultation: boolean; speciesIds: readonly number[] };
}): BookingRefusal | null {
  if (!isOnlineBookingOpen(input)) return 'bookingUnavailable';
  const { pet, reason } = input;
  if (!pet) return null;
  if (pet.status === 'Deceased') return 'petDeceased';
  if (pet.status === 'Rehomed') return 'petRehomed';
  if (!reason) return null;
  if (pet.awaitingInitialConsultation && !reason.isInitialConsultation) return 'awaitingInitialConsultation';
  if (reason.speciesIds.length > 0 && !reason.speciesIds.includes(pet.speciesId))
    return 'reasonNotForSpecies';
  return null;
}

/** R4.22: amending and cancelling are allowed until the start minus the practice's cut-off. */
export function changeableUntil(startsAt: Date, cutoffMinutes: number): Date {
  return new Date(startsAt.getTime() - cutoffMinutes * 60_000);
}
