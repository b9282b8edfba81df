/** The signed-in client's home practice in the cache (the browser's query, the server's first data). */
export const homePracticeQueryKey = ['client', 'practice'] as const;
