import type { FastifyPluginAsync } from 'fastify';
import { errorBody, notFound, serviceUnavailable } from '../../platform/index.ts';
import {
  DirectDebitRefusedError,
  DirectDebitUnavailableError,
  WebhookSignatureError,
  type DirectDebitEvent,
} from '../direct-debit/index.ts';
import type { PlanWriteDeps } from '../memberships/index.ts';
import { applyDirectDebitEvent } from './apply-direct-debit-event.ts';

/** Where GoCardless's webhooks land: the endpoint set in its dashboard. */
export const gocardlessWebhookPath = '/webhooks/gocardless';

/** GoCardless batches up to a few hundred events in one body; far more is not GoCardless. */
const bodyLimit = 1024 * 1024;
/** Per sending address a minute, apart from people's (as Stripe's, decision 0157). */
const webhooksPerMinute = 3_000;
/**
 * "If the signature is invalid, you should return a 498 Token Invalid error"
 * (https://developer.gocardless.com/getting-started/api/staying-up-to-date-with-webhooks).
 */
const invalidSignatureStatus = 498;

/**
 * GoCardless's webhooks (issue 65, decision 0162): a machine route outside both access scopes, trusted
 * only once the library has verified the signature over the exact bytes (through the port). Each event is
 * applied once (its id taken in the transaction of its effect), in any order. A provider that cannot be
 * reached while applying answers 503 and GoCardless delivers the webhook again; a valid, signed body never
 * answers 500 for what it names (an unknown resource is acknowledged and dropped).
 */
export const gocardlessWebhookRoutes: FastifyPluginAsync<{ deps: Omit<PlanWriteDeps, 'db'> }> = (
  app,
  { deps },
) => {
  const withDb: PlanWriteDeps = { ...deps, db: app.db };
  // The signature is over the raw bytes: this plugin (encapsulated) keeps them.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit }, (_request, body, done) => done(null, body));
  const options = {
    bodyLimit,
    schema: { hide: true },
    config: { addressRateLimitMax: webhooksPerMinute, addressRateLimitGroup: 'gocardless-webhook:' },
  };
  app.post(gocardlessWebhookPath, options, async (request, reply) => {
    const provider = withDb.provider;
    if (!provider) throw notFound();
    let events: DirectDebitEvent[];
    try {
      const signature = request.headers['webhook-signature'];
      events = provider.verifyWebhook(
        request.body as Buffer,
        Array.isArray(signature) ? signature[0] : signature,
      );
    } catch (error) {
      if (!(error instanceof WebhookSignatureError)) throw error;
      // A security event (ASVS 16.3.3): that a signature failed, never the body or the header.
      request.log.warn(
        { securityEvent: 'webhook_signature_refused', provider: 'gocardless' },
        'webhook refused',
      );
      return reply
        .code(invalidSignatureStatus)
        .send(errorBody(invalidSignatureStatus, error.message, undefined, 'invalid_signature'));
    }
    for (const event of events) {
      try {
        await applyDirectDebitEvent(withDb, event);
      } catch (error) {
        if (error instanceof DirectDebitUnavailableError || error instanceof DirectDebitRefusedError) {
          // Not applied: GoCardless retries the whole body; events already applied are skipped then.
          request.log.warn(
            { eventId: event.id, providerCode: error.providerCode },
            'webhook event not applied',
          );
          throw serviceUnavailable('The Direct Debit provider could not be asked; deliver again later.');
        }
        throw error;
      }
    }
    return reply.code(204).send();
  });
  return Promise.resolve();
};
