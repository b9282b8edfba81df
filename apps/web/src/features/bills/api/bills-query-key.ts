/** Every bills query in the cache: what an answer to an estimate makes stale. */
export const billsQueryPrefix = ['bills'] as const;

/** The pages of /bills for one pet, or for all ('all'). */
export const billsListQueryKey = (petId: number | null) =>
  [...billsQueryPrefix, 'list', petId ?? 'all'] as const;

/** One estimate, as its page reads it. */
export const estimateQueryKey = (estimateId: number) =>
  [...billsQueryPrefix, 'estimate', estimateId] as const;
