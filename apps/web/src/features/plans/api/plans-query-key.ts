/** Health plans in the browser's cache: everything under one prefix, read again after a join or a cancel. */
export const plansQueryPrefix = ['plans'] as const;
export const petPlansQueryKey = (petId: number) => [...plansQueryPrefix, 'pet', petId] as const;
export const cancellationQueryKey = (membershipId: number) =>
  [...plansQueryPrefix, 'cancellation', membershipId] as const;
