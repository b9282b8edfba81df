/** The species a pet can be, in the cache (the browser's query, the server's first data). */
export const speciesQueryKey = ['lookups', 'species'] as const;
