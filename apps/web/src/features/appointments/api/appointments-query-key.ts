/** The list's key. `exact` when invalidating: each appointment's own entry sits under it. */
export const appointmentsQueryKey = ['appointments'] as const;
