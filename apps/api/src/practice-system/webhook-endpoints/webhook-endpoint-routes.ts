import { apiErrorSchema } from '@vet/contracts/errors';
import {
  defaultOverlapHours,
  maxOverlapHours,
  registerWebhookEndpointSchema,
  removeWebhookEndpointQuerySchema,
  rotateWebhookSecretSchema,
  updateWebhookEndpointSchema,
  webhookEndpointListSchema,
  webhookEndpointParamsSchema,
  webhookEndpointSchema,
  webhookEndpointsPerClient,
  webhookEndpointWithSecretSchema,
} from '@vet/contracts/integration-webhook-endpoints';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { machineGrantOf } from '../../platform/index.ts';
import {
  getWebhookEndpoint,
  listWebhookEndpoints,
  registerWebhookEndpoint,
  removeWebhookEndpoint,
  rotateWebhookSecret,
  updateWebhookEndpoint,
  type WebhookEndpointSettings,
} from './webhook-endpoint-service.ts';

/** Decision 0137: where a webhook may be sent. */
const publicHost =
  'The URL’s host must be public: a loopback, private, link-local, carrier-grade NAT, unique-local, ' +
  'multicast or reserved address, or a name resolving to one, answers 400 `invalid_request` naming the ' +
  'rule, unless the portal’s operator allows that host.';

const filters =
  '`event_types` (only these types; null: every type; an unknown type answers 400 naming it) and ' +
  '`practices` (practice references; null: every practice this client serves, stored as that list for ' +
  'a client granted some practices; one it is not granted answers 403 `practice_not_served`).';

/** /webhook-endpoints under the integration API's prefix (decision 0112): a client's own endpoints. */
export const webhookEndpointRoutes =
  (settings: WebhookEndpointSettings): FastifyPluginCallbackZod =>
  (app, _options, done) => {
    const deps = { db: app.db, settings };
    const byId = { params: webhookEndpointParamsSchema };
    // Their answers hold the secret shown once: an Idempotency-Key keeps them sealed (decision 0139).
    const holdsSecret = { answerHoldsSecret: true };

    app.get(
      '/webhook-endpoints',
      {
        schema: {
          operationId: 'listWebhookEndpoints',
          summary: 'This practice system’s webhook endpoints, without their secrets',
          response: { 200: webhookEndpointListSchema },
        },
      },
      async (request) => ({ endpoints: await listWebhookEndpoints(deps, machineGrantOf(request)) }),
    );

    app.post(
      '/webhook-endpoints',
      {
        config: holdsSecret,
        schema: {
          operationId: 'registerWebhookEndpoint',
          summary: 'Register a webhook endpoint; its signing secret is in this answer only',
          description:
            'The portal sends the events committed from now on to `url` as Standard Webhooks, signed ' +
            `with the \`secret\` of this answer, which is never shown again. ${publicHost} Filters: ${filters} ` +
            `A practice system holds at most ${webhookEndpointsPerClient} endpoints (409 \`too_many_endpoints\`).`,
          body: registerWebhookEndpointSchema,
          response: { 201: webhookEndpointWithSecretSchema, 403: apiErrorSchema, 409: apiErrorSchema },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await registerWebhookEndpoint(deps, machineGrantOf(request), request.body)),
    );

    app.get(
      '/webhook-endpoints/:endpoint_id',
      {
        schema: {
          operationId: 'getWebhookEndpoint',
          summary: 'One of this practice system’s webhook endpoints',
          ...byId,
          response: { 200: webhookEndpointSchema, 404: apiErrorSchema },
        },
      },
      (request) => getWebhookEndpoint(deps, machineGrantOf(request), request.params.endpoint_id),
    );

    app.patch(
      '/webhook-endpoints/:endpoint_id',
      {
        schema: {
          operationId: 'updateWebhookEndpoint',
          summary: 'Change a webhook endpoint’s URL or filters',
          description: `Only the fields given change; events numbered from then on follow them. ${publicHost} ${filters}`,
          ...byId,
          body: updateWebhookEndpointSchema,
          response: { 200: webhookEndpointSchema, 403: apiErrorSchema, 404: apiErrorSchema },
        },
      },
      (request) =>
        updateWebhookEndpoint(deps, machineGrantOf(request), request.params.endpoint_id, request.body),
    );

    app.post(
      '/webhook-endpoints/:endpoint_id/rotate-secret',
      {
        config: holdsSecret,
        schema: {
          operationId: 'rotateWebhookSecret',
          summary: 'Give a webhook endpoint a new signing secret, the old one signing beside it a while',
          description:
            'Answers the new secret, shown this once. For `overlap_hours` (0 to ' +
            `${maxOverlapHours}, ${defaultOverlapHours} by default) each webhook carries two signatures in ` +
            '`webhook-signature`, one by each secret, so a receiver holding either verifies it; then only ' +
            'the new one signs. The answer comes once no webhook signed by the old secret alone is on its ' +
            'way. 0 drops the old secret at once (one that leaked).',
          ...byId,
          body: rotateWebhookSecretSchema,
          response: { 200: webhookEndpointWithSecretSchema, 404: apiErrorSchema },
        },
      },
      (request) =>
        rotateWebhookSecret(
          deps,
          machineGrantOf(request),
          request.params.endpoint_id,
          request.body.overlap_hours,
        ),
    );

    app.delete(
      '/webhook-endpoints/:endpoint_id',
      {
        schema: {
          operationId: 'removeWebhookEndpoint',
          summary: 'Remove a webhook endpoint, refused while deliveries wait unless they are discarded',
          description:
            'Refused (409 `endpoint_has_waiting_deliveries`) while deliveries wait for it or are parked, so ' +
            'nothing is lost unasked; `discard_waiting=true` removes it with them. Its events stay in the ' +
            'feed (`GET /events`).',
          ...byId,
          querystring: removeWebhookEndpointQuerySchema,
          response: { 204: z.null(), 404: apiErrorSchema, 409: apiErrorSchema },
        },
      },
      async (request, reply) => {
        await removeWebhookEndpoint(deps, machineGrantOf(request), request.params.endpoint_id, {
          discardWaiting: request.query.discard_waiting,
        });
        return reply.code(204).send(null);
      },
    );
    done();
  };
