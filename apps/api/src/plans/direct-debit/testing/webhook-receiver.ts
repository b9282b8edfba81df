import { startWebhookReceiver as receiver } from '../../../testing/webhook-receiver.ts';

/** A delivery as the endpoint got it: the raw body (what the signature covers) and its header. */
export interface ReceivedWebhook {
  body: Buffer;
  signature: string | undefined;
}

/** A loopback endpoint for the GoCardless stand-in's webhooks: answers the next of `statuses`, then 204. */
export const startWebhookReceiver = (options: { statuses?: number[] } = {}) =>
  receiver(
    { path: '/webhooks/gocardless', signatureHeader: 'webhook-signature', okStatus: 204, ...options },
    (body, signature): ReceivedWebhook => ({ body, signature }),
  );
