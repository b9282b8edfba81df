/** Pet insurers, in the cache (the browser's query, the server's first data). */
export const insurersQueryKey = ['lookups', 'insurers'] as const;
