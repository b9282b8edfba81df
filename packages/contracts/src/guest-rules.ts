/**
 * The guest holds' limits and messages that screens share with the API, without zod: the browser loads
 * this module, not the schemas (decision 0032). `./guest-bookings.ts` re-exports it.
 */

/** How long a hold lives from its creation or extension (a replacement keeps the original's expiry). */
export const guestHoldMinutes = 15;
/** How many times a guest may extend one hold (WCAG 2.2.1 asks for a way to extend a time limit). */
export const guestHoldMaxExtensions = 3;
/**
 * How long after it was made a hold can still be completed (decision 0057). A hold lives at most an hour
 * (its first 15 minutes and three extensions; a replace keeps its deadline); finishing sign-up may take
 * the rest of the day, an ended hold's time being checked again, but not longer.
 */
export const guestHoldCompletionHours = 24;
/** Live holds at once per e-mail and per client address. */
export const guestHoldLimits = { perEmail: 2, perAddress: 5 } as const;

/**
 * How a hold stands when the guest looks again: its time still held, run out (held again as a new hold),
 * or given away because the practice booked the time at its desk (decision 0063).
 */
export const softBookingStates = ['Held', 'Ended', 'GivenAway'] as const;
export type SoftBookingState = (typeof softBookingStates)[number];

export const guestMessages = {
  /** Decision 0158: a reason with a deposit or card hold is booked signed in, where the payment is taken. */
  paymentRequired:
    'The practice asks for a deposit or card hold to book this appointment online. Sign in or create your account to book it.',
  holdNotFound: 'We could not find that held appointment time. It may have been released.',
  holdExpired: 'Your hold on this time has ended. Please choose the time again.',
  /** The practice booked the held time at its desk (decision 0063): the hold was released. */
  holdGivenAway: 'Sorry, the practice has just given this time to someone else. Please choose another time.',
  holdReplaced: 'This hold was replaced by another time. Use the newest one.',
  holdCompleted: 'This held time has already been turned into an appointment.',
  holdTooOld: `This held time was held more than ${guestHoldCompletionHours} hours ago and can no longer be booked. Please choose a time again.`,
  noMoreExtensions:
    'This hold cannot be extended any further. Please complete your booking or choose the time again.',
  slotGone:
    'Sorry, the time you held has been taken while your hold had ended. Choose one of the nearest free times.',
  tooManyHoldsForEmail: `You already hold ${guestHoldLimits.perEmail} appointment times. Complete or let one of them go before holding another.`,
  tooManyHoldsForAddress: 'Too many appointment times are held from this connection. Please try again later.',
  reasonNotForSpecies: 'This appointment reason is not available for this species. Choose another reason.',
  speciesUnknown: 'Choose a species from the list.',
  mobileInvalid: 'Enter a UK mobile number, such as 07400 123456.',
} as const;
