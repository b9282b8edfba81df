/** The practices that offer online services, in the cache (the browser's query, the server's first data). */
export const onlinePracticesQueryKey = ['online-practices'] as const;
