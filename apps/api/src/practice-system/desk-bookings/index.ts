/**
 * The practice-bookings module: the desk's appointments through the integration API (decision 0063).
 * Other modules import only this file (decision 0054).
 */
export { practiceBookingRoutes } from './practice-booking-routes.ts';
