/**
 * The deposits and card holds a practice asks at booking (issue 64, decision 0158), set by its practice
 * system on the integration API. Other modules import only this file (decision 0091).
 */
export { bookingPaymentRoutes } from './booking-payment-routes.ts';
/** The practice named by reference, as every practice-scoped route judges it (403, then 404). */
export { servedPracticeId } from './booking-payment-practices.ts';
