/**
 * The health plans domain (issue 65, decisions 0159 to 0163): the Direct Debit port and its GoCardless
 * adapter, joining and leaving a plan, the provider's webhooks and the plan notices. Other domains and the
 * roots import only this file (decision 0091).
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
export {
  endDirectDebit,
  endPlanDirectDebitTask,
  membershipReadRoutes,
  membershipWriteRoutes,
  planTasks,
  type PlanWriteDeps,
} from './memberships/index.ts';
export { gocardlessWebhookPath, gocardlessWebhookRoutes } from './webhooks/index.ts';
export {
  planNoticeCrontab,
  planNoticeTasks,
  queuePlanNotices,
  queuePlanNoticesTask,
  type PlanNoticeCounts,
  type PlanNoticeSettings,
} from './notices/index.ts';
export { planCatalogueRoutes } from './catalogue/index.ts';
