/**
 * The advisory-lock key spaces of booked time (the second key is the record's id). Every writer that adds
 * or moves a reservation takes them in one order: a client's, then a pet's, then a clinician's, and only
 * then row locks (decision 0063). The booking code (apps/api/src/appointments/booking) and the practice's lane
 * (@vet/clinician-time's practice-lane.ts) read them here, so the two can never disagree on a key.
 *
 * An identity's lock comes before all of them: whoever takes it takes it first in its transaction.
 */
export const lockSpaces = {
  /**
   * A sign-in identity (hashtext of issuer, a space and subject): linking it to a client record and
   * deleting its online account take turns, so no link commits during a deletion (decision 0094).
   */
  identity: 4080,
  clinician: 4003,
  pet: 4004,
  client: 4005,
  /** A practice system's appointment reference (hashtext of it): writes of one reference take turns. */
  practiceAppointmentRef: 4006,
  /** Numbering committed practice events (practice-events.ts): one sequencer at a time, key 0. */
  practiceEventSequencer: 4007,
  /** Writing the reference lists (decision 0096): a load, or a group's own entries, key 0; one at a time. */
  referenceLists: 4008,
} as const;
