/**
 * The appointments module: the client's appointment routes (list, book, read, amend, cancel).
 * Other modules import only this file (decision 0054).
 */
export { bookingRoutes } from './booking-routes.ts';
export { appointmentRoutes } from './routes.ts';
