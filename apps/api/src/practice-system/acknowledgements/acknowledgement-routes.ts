import {
  acknowledgedKinds,
  acknowledgementBodySchema,
  acknowledgementFields,
  acknowledgementParamsSchema,
  acknowledgementSchema,
  type AcknowledgedKind,
} from '@vet/contracts/integration-acknowledgements';
import { apiErrorSchema } from '@vet/contracts/errors';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { machineGrantOf } from '../../platform/index.ts';
import { createAcknowledgementRepository } from './acknowledgement-repository.ts';
import { acknowledge, type AcknowledgementDeps } from './acknowledgement-service.ts';

const operationNames: Record<AcknowledgedKind, string> = {
  clients: 'acknowledgeOnlineClient',
  pets: 'acknowledgeOnlinePet',
  appointments: 'acknowledgeOnlineAppointment',
  payments: 'acknowledgeOnlinePayment',
};

/**
 * `PUT /{kind}/online/{id}/ref` under the integration API's prefix (decision 0067): the practice
 * system's own reference for a client, pet or appointment born online, by the portal's id.
 */
export const acknowledgementRoutes = (): FastifyPluginCallbackZod => (app, _options, done) => {
  const deps: AcknowledgementDeps = { db: app.db, repository: createAcknowledgementRepository() };
  for (const kind of acknowledgedKinds) {
    const { id, ref, noun } = acknowledgementFields[kind];
    app.put(
      `/${kind}/online/:${id}/ref`,
      {
        schema: {
          operationId: operationNames[kind],
          summary: `Acknowledge a ${noun} born online: store the practice system’s reference for it`,
          description:
            `From then on the portal’s events about the ${noun} carry \`${ref}\`. The same reference again ` +
            `answers unchanged (200). 404 for an unknown id; 409 when the ${noun} already has another ` +
            `reference, or another ${noun} has this one.`,
          params: acknowledgementParamsSchema(kind),
          body: acknowledgementBodySchema(kind),
          response: { 200: acknowledgementSchema, 404: apiErrorSchema, 409: apiErrorSchema },
        },
      },
      (request) => acknowledge(deps, machineGrantOf(request), kind, request.params[id], request.body[ref]),
    );
  }
  done();
};
