import { startWebhookReceiver as receiver } from '../../../testing/webhook-receiver.ts';

/** A delivery as the endpoint got it: the raw body (what the signature covers) and its header. */
export interface ReceivedWebhook {
  body: string;
  signature: string | undefined;
}

/** A loopback endpoint for the Stripe stand-in's webhooks: answers the next of `statuses`, then 200. */
export const startWebhookReceiver = (options: { statuses?: number[] } = {}) =>
  receiver(
    { path: '/webhooks/stripe', signatureHeader: 'stripe-signature', okStatus: 200, ...options },
    (body, signature): ReceivedWebhook => ({ body: body.toString('utf8'), signature }),
  );
