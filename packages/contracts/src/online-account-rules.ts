/**
 * "Delete my online account" values that the page shares with the API, without zod: the browser loads
 * this module, not the schemas (decision 0032). `./online-account.ts` re-exports it.
 */

/**
 * The word the person types to confirm (decision 0080), shown by the page and checked by the API, so that
 * no stray press or replayed request can erase an account.
 */
export const onlineAccountDeletionWord = 'DELETE';
