/** Paying online's checkout: a bill paid on the provider's page, the way back, and the provider's webhooks. */
export { createPaymentsRepository } from './payments-repository.ts';
export type { PaymentRow, PaymentsRepository } from './payments-repository.ts';
export { paymentFacts } from './payment-facts.ts';
export { checkoutKey, paymentMessages, startInvoicePayment } from './payments-service.ts';
export { settle, type BookingPaymentHooks, type PaymentsDeps } from './settle-payment.ts';
export { paymentRoutes } from './routes.ts';
export { paymentWebhookRoutes, stripeWebhookPath } from './webhook-routes.ts';
export { paymentSweepPlugin, sweepPendingPayments } from './payment-sweep.ts';
