/**
 * The advisory-lock key spaces of booked time (the second key is the record's id). Every writer that adds
 * or moves a reservation takes them in one order: a client's, then a pet's, then a clinician's, and only
 * then row locks (decision 0063). The booking code (apps/api/src/appointments/booking) and the practice's lane
 * (practice-lane.ts) read them here, so the two can never disagree on a key.
 */
export const lockSpaces = {
  clinician: 4003,
  pet: 4004,
  client: 4005,
  /** A practice system's appointment reference (hashtext of it): writes of one reference take turns. */
  practiceAppointmentRef: 4006,
  /** Numbering committed practice events (practice-events.ts): one sequencer at a time, key 0. */
  practiceEventSequencer: 4007,
} as const;
