/** The one cache entry of the client's pets: the drawer, the dashboard and the pets pages all read it. */
export const petsQueryKey = ['pets'] as const;
