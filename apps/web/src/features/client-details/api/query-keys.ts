/**
 * The caches PUT /client/contact-preferences refreshes (R7.4): the client's details and preferences. The
 * profile's key is the profile feature's; the route passes a refresher for it (features do not import
 * each other).
 */
export const clientDetailsQueryKey = ['client', 'details'] as const;
export const contactPreferencesQueryKey = ['client', 'contact-preferences'] as const;
