/** A practice's feature settings in the cache (the browser's query, the server's first data). */
export function featureTogglesQueryKey(practiceId: number | null | undefined) {
  return ['practices', practiceId, 'feature-toggles'] as const;
}
