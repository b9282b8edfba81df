import { practiceEventId } from '@vet/contracts/practice-events';
import type { Database } from '@vet/db/connection';
import { claimDueDelivery, markDelivered, recordFailure, type ClaimedDelivery } from './delivery-queue.ts';
import type { DispatcherLogger } from './dispatcher-logger.ts';
import { endpointSecretBinding, openSecret, SecretUnavailable, type SecretKeys } from './secret-box.ts';
import { eventBody } from './event-body.ts';
import { afterFailure, type RetryPolicy } from './retry-policy.ts';
import type { EndpointAddressRule } from './endpoint-address.ts';
import {
  refuseEndpointUrl,
  type DeliveryLimits,
  type DeliveryOutcome,
  type sendWebhook,
} from './webhook-delivery.ts';

export type SendWebhook = typeof sendWebhook;

export interface DelivererOptions {
  db: Database;
  send: SendWebhook;
  limits: DeliveryLimits;
  retry: RetryPolicy;
  /** Production: an endpoint stored with an http:// URL is not sent to (recorded as `https_required`). */
  requireHttps: boolean;
  /**
   * Which hosts may be dialled (decision 0137): public addresses, and those WEBHOOK_ALLOWED_PRIVATE_HOSTS
   * names. Any other is not dialled, recorded as `address_refused`: checked on the URL here and on the
   * addresses `send` is about to connect to.
   */
  addressRule: EndpointAddressRule;
  /** The keys that open the endpoints' stored secrets (secret-box.ts). */
  secretKeys: SecretKeys;
  clock: () => Date;
  random: () => number;
  logger: DispatcherLogger;
  /**
   * The connectors' way out (decision 0106): an endpoint whose URL names a connector (`connector:<name>`)
   * has its events written into the practice system by that connector rather than sent as webhooks; the
   * order per record, retries, parking and re-drive are the webhooks'.
   */
  connectors?: ConnectorDeliveries | undefined;
}

/** One event as a connector writes it: the webhook's envelope. */
export interface ConnectorDelivery {
  id: string;
  type: string;
  timestamp: Date;
  data: Record<string, unknown>;
}

/** The connector an endpoint's URL names, or undefined for a webhook endpoint. */
export type ConnectorDeliveries = (
  url: string,
) => ((delivery: ConnectorDelivery) => Promise<DeliveryOutcome>) | undefined;

/** What one look for work came to; `retryAt` tells the dispatcher when to look again for this delivery. */
export type DeliveryRound =
  | { kind: 'idle' }
  | { kind: 'delivered' }
  | { kind: 'failed'; retryAt: Date }
  | { kind: 'parked'; endpointId: number };

/**
 * Sends the next due delivery, if any, in a transaction of its own that holds the delivery's row lock from
 * the claim to the outcome (decision 0013's pattern): another instance skips it meanwhile, and a crash or a
 * lost connection rolls back and releases it, to be sent again under the same id.
 *
 * When the database goes away after the endpoint accepted an event and before the commit, this process
 * remembers the delivery: its next claim records it as delivered without sending it again. Another
 * instance that claims it first sends it again, under the same `webhook-id` (at least once).
 */
export function createDeliverer(options: DelivererOptions): () => Promise<DeliveryRound> {
  const { db, logger } = options;
  const deliveredNotRecorded = new Set<string>();

  async function attempt(delivery: ClaimedDelivery): Promise<DeliveryOutcome> {
    const connector = options.connectors?.(delivery.url);
    if (connector)
      return connector({
        id: practiceEventId(delivery.eventId),
        type: delivery.type,
        timestamp: delivery.occurredAt,
        data: delivery.data,
      });
    const refused = refuseEndpointUrl(delivery.url, {
      requireHttps: options.requireHttps,
      allowedPrivateHosts: options.addressRule.allowedPrivateHosts,
    });
    // A failed attempt like any other, retried and then parked; nothing was dialled.
    if (refused) return { delivered: false, reason: refused.reason };
    let secret: string;
    let previousSecret: string | undefined;
    try {
      // Bound to this endpoint (decision 0139): a value moved from another endpoint's row does not open.
      const binding = endpointSecretBinding(delivery.endpointId);
      secret = openSecret(options.secretKeys, delivery.secret, binding);
      // During a rotation's overlap both sign (decision 0112): the receiver holds one or the other.
      if (delivery.previousSecret)
        previousSecret = openSecret(options.secretKeys, delivery.previousSecret, binding);
    } catch (error) {
      // A key taken out of WEBHOOK_SECRET_KEYS too early: retried, then parked, as any failure is.
      if (error instanceof SecretUnavailable) return { delivered: false, reason: `secret_${error.reason}` };
      throw error;
    }
    return options.send(
      { url: delivery.url, secret, ...(previousSecret ? { previousSecret } : {}) },
      // The envelope's timestamp is the event's; the signature's is the real time of sending (its
      // verifier compares it with its own clock), taken by sendWebhook itself.
      { id: practiceEventId(delivery.eventId), timestamp: delivery.occurredAt, body: eventBody(delivery) },
      options.limits,
      options.addressRule,
    );
  }

  return async function deliverNext(): Promise<DeliveryRound> {
    let claimedKey: string | undefined;
    const round = await db.transaction(async (tx): Promise<DeliveryRound> => {
      const delivery = await claimDueDelivery(tx, options.clock());
      if (!delivery) return { kind: 'idle' };
      const key = `${delivery.endpointId}:${delivery.eventId}`;
      claimedKey = key;
      const fields = {
        endpointId: delivery.endpointId,
        eventId: practiceEventId(delivery.eventId),
        attempt: delivery.attempts + 1,
      };
      if (deliveredNotRecorded.has(key)) {
        await markDelivered(tx, delivery, options.clock());
        logger.info(fields, 'event recorded as delivered (sent before the database went away)');
        return { kind: 'delivered' };
      }
      const outcome = await attempt(delivery);
      const now = options.clock();
      if (outcome.delivered) {
        deliveredNotRecorded.add(key);
        await markDelivered(tx, delivery, now);
        logger.debug({ ...fields, status: outcome.status }, 'event delivered');
        return { kind: 'delivered' };
      }
      const retryingSince = delivery.retryingSince ?? now;
      const next = afterFailure(
        { failedAttempts: delivery.attempts + 1, retryingSince, now },
        options.retry,
        options.random,
      );
      await recordFailure(tx, delivery, {
        now,
        reason: outcome.reason,
        retryingSince,
        nextAttemptAt: next.park ? null : next.nextAttemptAt,
      });
      if (next.park) {
        logger.error(
          { ...fields, reason: outcome.reason },
          'event not delivered in its retry window; parked',
        );
        return { kind: 'parked', endpointId: delivery.endpointId };
      }
      logger.warn(
        { ...fields, reason: outcome.reason, retryAt: next.nextAttemptAt.toISOString() },
        'event not delivered; will retry',
      );
      return { kind: 'failed', retryAt: next.nextAttemptAt };
    });
    // Committed: whatever was sent is on record now.
    if (claimedKey) deliveredNotRecorded.delete(claimedKey);
    return round;
  };
}
