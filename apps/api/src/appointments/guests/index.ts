/**
 * The guests module: guest holds and their completion.
 * Other modules import only this file (decision 0054).
 */
export { guestCompletionRoutes } from './guest-completion-routes.ts';
export { guestRoutes } from './guest-routes.ts';
