/** Deposits and card holds at booking (decision 0158): terms, the held start, the rules after booking. */
export { bookingPaymentRoutes } from './booking-payment-routes.ts';
export { createBookingPaymentHooks } from './booking-payment-hooks.ts';
export { paymentAskedOf } from './booking-terms.ts';
export { rulesForAppointments, sweepBookingPayments } from './apply-booking-rules.ts';
export {
  bookingPaymentAmountProblem,
  clearBookingPaymentPolicy,
  listBookingPaymentPolicies,
  policyMessages,
  setBookingPaymentPolicy,
  type BookingPaymentPolicyInput,
  type BookingPaymentSource,
  type StoredBookingPaymentPolicy,
} from './policy-writes.ts';
