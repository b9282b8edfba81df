/**
 * The manage-links module: an appointment's signed manage link, its page's routes, the client's way to
 * end their links, and the links every confirmation and reminder carries. Other modules import only this
 * file (decision 0054).
 */
export { manageLinkRoutes } from './manage-link-routes.ts';
export { manageLinkClientRoutes } from './manage-link-client-routes.ts';
export { manageLinks } from './manage-link-issuer.ts';
export type { ManageLinks, ReminderLinkRequest } from './manage-link-issuer.ts';
