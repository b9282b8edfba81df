/** The payment provider behind a port (decision 0157): Stripe's hosted Checkout, refunds, captures, voids. */
export { ProviderRefusedError, ProviderUnavailableError, WebhookSignatureError } from './payment-provider.ts';
export type {
  CaptureRequest,
  CheckoutRequest,
  CheckoutStage,
  CheckoutState,
  HeldCheckout,
  HeldRefund,
  HoldState,
  IntentStatus,
  PaymentProvider,
  ProviderEvent,
  ProviderHoldings,
  RefundEvent,
  RefundRequest,
  RefundState,
  RefundStatus,
  VoidRequest,
} from './payment-provider.ts';
export { stripeProvider, type StripeSettings } from './stripe-provider.ts';
