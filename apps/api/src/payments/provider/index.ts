/** The payment provider behind a port (decision 0157): Stripe's hosted Checkout. */
export { ProviderRefusedError, ProviderUnavailableError, WebhookSignatureError } from './payment-provider.ts';
export type {
  CheckoutRequest,
  CheckoutStage,
  CheckoutState,
  HeldCheckout,
  HeldRefund,
  PaymentProvider,
  ProviderEvent,
  ProviderHoldings,
} from './payment-provider.ts';
export { stripeProvider, type StripeSettings } from './stripe-provider.ts';
