/**
 * The practice-bookings module: the desk's appointments through the integration API (decision 0063) and
 * through the connectors (decision 0106). Other modules import only this file (decision 0054).
 */
export { practiceBookingRoutes } from './practice-booking-routes.ts';
export { createPracticeBookingDeps } from './practice-booking-deps.ts';
export type { PracticeBookingSettings } from './practice-booking-deps.ts';
export { storeBatch } from './practice-booking-batch.ts';
export { cancelByPractice } from './practice-booking-service.ts';
export type { PracticeBookingDeps } from './practice-booking-service.ts';
