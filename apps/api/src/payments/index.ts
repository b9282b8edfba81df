/**
 * The payments domain (issue 64, decision 0157): the owner pays online on the provider's hosted page
 * (Stripe Checkout), so no card number reaches the portal. Other domains and the roots import only this
 * file (decision 0091).
 */
export {
  createPaymentsRepository,
  paymentRoutes,
  paymentSweepPlugin,
  paymentWebhookRoutes,
  stripeWebhookPath,
  type PaymentsDeps,
} from './checkout/index.ts';
export {
  bookingPaymentRoutes,
  createBookingPaymentHooks,
  paymentAskedOf,
  rulesForAppointments,
  sweepBookingPayments,
} from './booking-payments/index.ts';
export {
  ProviderRefusedError,
  ProviderUnavailableError,
  stripeProvider,
  type PaymentProvider,
  type StripeSettings,
} from './provider/index.ts';
export {
  parseDay,
  reconcileDay,
  yesterday,
  type DayReconciliation,
  type Difference,
} from './reconciliation/index.ts';
export {
  bookingPaymentAmountProblem,
  clearBookingPaymentPolicy,
  listBookingPaymentPolicies,
  policyMessages,
  setBookingPaymentPolicy,
  type BookingPaymentPolicyInput,
  type BookingPaymentSource,
  type StoredBookingPaymentPolicy,
} from './booking-payments/index.ts';
