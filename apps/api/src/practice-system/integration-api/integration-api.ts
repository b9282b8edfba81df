import { integrationPathPrefix } from '@vet/contracts/machine-access';
import { clientAddressKey } from '@vet/contracts/client-address';
import type { ApiError } from '@vet/contracts/errors';
import { withIntegrationCode } from '@vet/contracts/integration-errors';
import type { MachineGrantKind } from '@vet/contracts/machine-access';
import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { acknowledgementRoutes, mergeRoutes } from '../acknowledgements/index.ts';
import { bookingPaymentRoutes } from '../booking-payments/index.ts';
import { conversationReadRoutes, type ConversationReadSettings } from '../conversation-reads/index.ts';
import { conversationWriteRoutes } from '../conversations/index.ts';
import { failureLimit, integrationScope, type MachineGrant, type RoutePlugin } from '../../platform/index.ts';
import { eventFeedRoutes } from '../event-feed/index.ts';
import { practiceBookingRoutes } from '../desk-bookings/index.ts';
import { listEntryRoutes } from '../list-entries/index.ts';
import { prescriptionAnswerRoutes } from '../prescription-answers/index.ts';
import { practiceRecordRoutes } from '../records/index.ts';
import { webhookEndpointRoutes, type WebhookEndpointSettings } from '../webhook-endpoints/index.ts';
import { clientInvitationRoutes } from './client-invitation-routes.ts';
import { useIdempotencyKeys } from './idempotency-keys.ts';

const isErrorBody = (payload: unknown): payload is ApiError =>
  typeof payload === 'object' && payload !== null && 'statusCode' in payload && 'message' in payload;

/** What the integration API's routes need of the app's config. */
export interface IntegrationRouteSettings {
  /** The portal's public address without a trailing slash (links in e-mails). */
  portalUrl: string;
  brandName: string;
  /** MAIL_FROM: its address organizes a desk cancellation's calendar part (decision 0082). */
  mailFrom?: string;
  /** What the webhook endpoints' secrets are sealed with, and whether their URLs must be https. */
  webhooks: WebhookEndpointSettings;
  /** The API's public address and the attachment links' key: the conversation reads sign links (0169). */
  conversationReads: ConversationReadSettings;
}

/** The integration API's machine callers (INTEGRATION_* variables, decision 0062). */
export interface IntegrationSettings {
  /** The machine clients (`client_id`) of every practice and kind (INTEGRATION_CLIENT_IDS). */
  clientIds: string[];
  /** The machine clients with a grant of their own (INTEGRATION_CLIENT_GRANTS, decision 0105). */
  grants: MachineGrant[];
  /** The scope those tokens must carry. */
  scope: string;
  /** The one issuer whose machine tokens are taken (INTEGRATION_ISSUER, decision 0140). */
  issuer: string;
  /** Where a machine caller gets its token (published in the OpenAPI document). */
  tokenUrl: string;
  /** Requests per minute per caller address on the integration routes. */
  rateLimitMax: number;
  /** Refused requests (401, 403) per caller address in 10 minutes before its requests answer 429. */
  failuresPerAddress: number;
}

export interface IntegrationApiOptions extends IntegrationRouteSettings {
  config: IntegrationSettings;
}

/**
 * Every route plugin of the integration API, in one list: a new kind of record or desk booking adds its
 * plugin here. Each plugin's paths are relative to the prefix (`/clients/:client_ref/invitations`).
 */
export function integrationRoutePlugins(settings: IntegrationRouteSettings): RoutePlugin[] {
  return [
    ofKind('invitations', clientInvitationRoutes(settings)),
    ofKind('appointments', practiceBookingRoutes(settings)),
    // Each record kind's routes name their own kind.
    practiceRecordRoutes(),
    ofKind('list-entries', listEntryRoutes()),
    ofKind('events', eventFeedRoutes()),
    ofKind('acknowledgements', acknowledgementRoutes()),
    ofKind('acknowledgements', mergeRoutes()),
    ofKind('prescription-requests', prescriptionAnswerRoutes(settings)),
    ofKind('webhook-endpoints', webhookEndpointRoutes(settings.webhooks)),
    ofKind('booking-payments', bookingPaymentRoutes()),
    ofKind('messages', conversationReadRoutes(settings.conversationReads)),
    ofKind('messages', conversationWriteRoutes(settings)),
  ];
}

/** The plugin's routes as one kind of a machine client's grant (decision 0105). */
function ofKind(kind: MachineGrantKind, plugin: RoutePlugin): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRoute', (route) => {
      route.config = { ...route.config, integrationKind: kind };
    });
    await app.register(plugin);
  };
}

/**
 * The practice system's way in (decision 0062): every route under `/integration/v1`, inside the
 * integration scope, which lets in only the accepted machine callers with the configured scope.
 */
export const integrationApi: FastifyPluginAsync<IntegrationApiOptions> = async (app, options) => {
  const { config, ...settings } = options;
  // Before the token is verified: a caller whose tokens keep being refused stops costing a verification
  // (security round three, finding 12). What counts is a 401 or 403 of these routes, per address.
  const failures = failureLimit(app, {
    name: 'integration-failures',
    max: config.failuresPerAddress,
    windowMs: 10 * 60_000,
    key: (request) => clientAddressKey(request.ip),
  });
  app.addHook('onRequest', failures.refuseWhileOver);
  // Counted as the answer goes out, not after: the caller's next request sees it.
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode === 401 || reply.statusCode === 403) await failures.count(request);
    return payload;
  });
  // Every 4xx with a code a machine can act on (decision 0102): the problem's own, else its status's.
  app.addHook('preSerialization', async (_request, reply, payload) =>
    reply.statusCode >= 400 && isErrorBody(payload) ? withIntegrationCode(payload) : payload,
  );
  // Every write takes an Idempotency-Key (decision 0113): read once the scope knows the caller.
  useIdempotencyKeys(app, { secretKeys: settings.webhooks.secretKeys });
  await app.register(integrationScope, {
    prefix: integrationPathPrefix,
    routes: integrationRoutePlugins(settings),
    access: {
      clientIds: config.clientIds,
      grants: config.grants,
      scope: config.scope,
      issuer: config.issuer,
    },
    rateLimitMax: config.rateLimitMax,
  });
};
