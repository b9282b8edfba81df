/** A client's plan memberships: the reads (and, beside them, joining and leaving). */
export { membershipReadRoutes } from './read-routes.ts';
