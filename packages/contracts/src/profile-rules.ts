/**
 * The profile's values that screens share with the API, without zod: the browser loads this module, not
 * the schemas (decision 0032). `./profile.ts` re-exports it.
 */

/**
 * R3.2: activationStatus, in the upper-case form the API emits. NOT_STARTED: no link and no
 * verification under way; STARTED: a verification code is out and unused; COMPLETED: linked to a client.
 */
export const activationStatuses = ['NOT_STARTED', 'STARTED', 'COMPLETED'] as const;
