/** The list's key. `exact` when invalidating: each appointment's own entry sits under it. */
export const appointmentsQueryKey = ['appointments'] as const;

/** One of the client's appointments with its details (changeableUntil), in the cache. */
export const appointmentQueryKey = (appointmentId: number) => ['appointments', appointmentId] as const;

/** Every visit in the cache: a pet removed from its visit (one appointment cancelled) changes it. */
export const visitsQueryKey = ['appointment-visits'] as const;

/** A visit of several pets (decision 0117), in the cache. */
export const visitQueryKey = (visitId: string) => [...visitsQueryKey, visitId] as const;

/** The deposit or card hold taken with an appointment: under its entry, so reading it again reads both. */
export const appointmentPaymentQueryKey = (appointmentId: number) =>
  ['appointments', appointmentId, 'payment'] as const;
