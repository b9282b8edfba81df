/** A client's time held while they pay a deposit or card hold, and its conversion (decision 0158). */
export { bookPaymentHold, holdForPayment, releasePaymentHold } from './payment-holds.ts';
export type { BookHeldOutcome, HoldForPaymentOutcome, PaymentHold } from './payment-holds.ts';
