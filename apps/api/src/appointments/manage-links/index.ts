/**
 * The manage-links module: an appointment's signed manage link, its page's routes, and the link every
 * confirmation carries. Other modules import only this file (decision 0054).
 */
export { manageLinkRoutes, manageLinkLimits } from './manage-link-routes.ts';
export type { ManageLinkRouteOptions } from './manage-link-routes.ts';
export { manageLinks } from './manage-link-token.ts';
export type { ManageLinkOf } from './manage-link-token.ts';
