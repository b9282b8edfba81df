import { connectDatabase } from '@vet/db/connection';
import { startEventDispatcher } from '@vet/practice-events/dispatcher';
import { listenerConnection } from '@vet/practice-events/event-listener';
import fp from 'fastify-plugin';
import type { AllowedPrivateHosts } from '@vet/practice-events/endpoint-address';
import type { RetryPolicy } from '@vet/practice-events/retry-policy';
import type { SecretKeys } from '@vet/practice-events/secret-box';
import type { DeliveryLimits } from '@vet/practice-events/webhook-delivery';

/** How webhooks are sent (the WEBHOOK_* variables). */
export interface PracticeEventsSettings {
  limits: DeliveryLimits;
  retry: RetryPolicy;
  /** Webhooks this instance sends at once (each holds a connection of the dispatcher's own pool). */
  concurrency: number;
  /** Production sends to https:// endpoints only. */
  requireHttps: boolean;
  /** What opens the endpoints' stored secrets (WEBHOOK_SECRET_KEYS). */
  secretKeys: SecretKeys;
  /** Hosts that are not public that may still be dialled (WEBHOOK_ALLOWED_PRIVATE_HOSTS, decision 0137). */
  allowedPrivateHosts: AllowedPrivateHosts;
}

export interface EventDispatcherPluginOptions {
  databaseUrl: string;
  /** Unset: no statement timeout. */
  database: { statementTimeoutMs: number | undefined };
  practiceEvents: PracticeEventsSettings;
  /** Milliseconds between looks for work without a wake-up (tests shorten it). */
  pollMs?: number;
}

/**
 * Runs the practice events' dispatcher inside the API process (decision 0067), and stops it, letting the
 * webhooks being sent finish, when the app closes. Every API instance runs one; the deliveries' row
 * locks keep two from sending one event at once. Its own pool: each webhook being sent holds a
 * connection for as long as the endpoint takes to answer, which must never starve the API's requests.
 */
export const eventDispatcherPlugin = fp<EventDispatcherPluginOptions>(
  (app, { databaseUrl, database: settings, practiceEvents, pollMs }, done) => {
    const logger = app.log.child({ component: 'event-dispatcher' });
    const database = connectDatabase(databaseUrl, {
      max: practiceEvents.concurrency + 2,
      statementTimeoutMs: settings.statementTimeoutMs,
      applicationName: 'portal-api:webhooks',
    });
    const dispatcher = startEventDispatcher({
      db: database.db,
      connectListener: listenerConnection(databaseUrl),
      limits: practiceEvents.limits,
      retry: practiceEvents.retry,
      concurrency: practiceEvents.concurrency,
      requireHttps: practiceEvents.requireHttps,
      // Every host it dials is public or named here; any other is refused, not dialled (decision 0137).
      addressRule: { allowedPrivateHosts: practiceEvents.allowedPrivateHosts },
      secretKeys: practiceEvents.secretKeys,
      pollMs,
      logger,
      // The connectors' way out (decision 0106), when connectorsPlugin was registered before this one.
      connectors: app.hasDecorator('connectorDeliveries') ? app.connectorDeliveries : undefined,
    });
    const { names, addresses } = practiceEvents.allowedPrivateHosts;
    logger.info(
      {
        concurrency: practiceEvents.concurrency,
        requireHttps: practiceEvents.requireHttps,
        allowedPrivateHosts: [...names, ...addresses],
      },
      'event dispatcher started',
    );
    app.addHook('onClose', async () => {
      await dispatcher.stop();
      await database.close();
    });
    done();
  },
  { name: 'event-dispatcher' },
);
