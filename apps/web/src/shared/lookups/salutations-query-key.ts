/** Mr, Mrs, ... in the cache (the browser's query, the server's first data). */
export const salutationsQueryKey = ['lookup', 'salutations'] as const;
