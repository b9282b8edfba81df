/**
 * The health plans domain (issue 65, decision 0159): a practice's plans (public), a client's memberships
 * read, and the Direct Debit port and its GoCardless adapter, for the roots to build from the config. Other domains and the roots import only this file
 * (decision 0091).
 */
export {
  DirectDebitRefusedError,
  DirectDebitUnavailableError,
  gocardlessProvider,
  WebhookSignatureError,
  type DirectDebitEvent,
  type DirectDebitProvider,
  type GoCardlessSettings,
  type MandateSetupRequest,
  type MandateSetupStarted,
  type MandateSetupState,
  type MandateState,
  type SubscriptionRequest,
  type SubscriptionState,
} from './direct-debit/index.ts';
export { planCatalogueRoutes } from './catalogue/index.ts';
export { membershipReadRoutes } from './memberships/index.ts';
