/** The Direct Debit provider's webhooks (decision 0162): verified through the port, each event applied once. */
export { applyDirectDebitEvent } from './apply-direct-debit-event.ts';
export { gocardlessWebhookPath, gocardlessWebhookRoutes } from './gocardless-webhook-routes.ts';
