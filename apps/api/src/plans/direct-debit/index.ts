/** The Direct Debit provider behind a port (decision 0159): GoCardless's hosted mandate setup and subscriptions. */
export {
  DirectDebitRefusedError,
  DirectDebitUnavailableError,
  WebhookSignatureError,
} from './direct-debit-provider.ts';
export type {
  DirectDebitEvent,
  DirectDebitProvider,
  MandateSetupRequest,
  MandateSetupStarted,
  MandateSetupState,
  MandateState,
  MandateStatus,
  SetupStatus,
  SubscriptionRequest,
  SubscriptionState,
  SubscriptionStatus,
} from './direct-debit-provider.ts';
export { gocardlessProvider, type GoCardlessSettings } from './gocardless-provider.ts';
