import {
  acknowledgementBodySchema,
  acknowledgementFields,
  acknowledgementParamsSchema,
  mergedKinds,
  mergeSchema,
  type MergedKind,
} from '@vet/contracts/integration-acknowledgements';
import { apiErrorSchema } from '@vet/contracts/errors';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { machineGrantOf } from '../../platform/index.ts';
import { createAcknowledgementRepository } from './acknowledgement-repository.ts';
import { createMergeRepository } from './merge-repository.ts';
import { mergeOnlineRecord, type MergeDeps } from './merge-service.ts';

const operationNames: Record<MergedKind, string> = {
  clients: 'mergeOnlineClient',
  pets: 'mergeOnlinePet',
};

const moved: Record<MergedKind, string> = {
  clients:
    'its pets, appointments, requests and history move to the client born online, who keeps their sign-in, details and contact preferences; a `client.linked` event follows',
  pets: 'its appointments, vaccinations, medications and requests move to the pet born online, which keeps its details',
};

/**
 * `POST /{kind}/online/{id}/merge` under the integration API's prefix (decision 0113): a client or pet
 * born online is the practice's record of this reference; its duplicate is folded into it.
 */
export const mergeRoutes = (): FastifyPluginCallbackZod => (app, _options, done) => {
  const deps: MergeDeps = {
    db: app.db,
    acknowledgements: createAcknowledgementRepository(),
    merges: createMergeRepository(),
  };
  for (const kind of mergedKinds) {
    const { id, ref, noun } = acknowledgementFields[kind];
    app.post(
      `/${kind}/online/:${id}/merge`,
      {
        schema: {
          operationId: operationNames[kind],
          summary: `Say a ${noun} born online is the practice’s ${noun} of this reference, merging the duplicate`,
          description:
            `No ${noun} has \`${ref}\`: it is stored (applied), as an acknowledgement. The practice’s own ${noun} ` +
            `has it: that record is merged into the one born online (merged, with its former id): ${moved[kind]}. ` +
            `The same again answers unchanged. 404 for an unknown id; 409 reference_differs when the ${noun} ` +
            `has another reference, reference_taken when the ${noun} holding it is not a duplicate ` +
            (kind === 'clients'
              ? '(it has an online account of its own).'
              : '(of another client, or registered online itself).'),
          params: acknowledgementParamsSchema(kind),
          body: acknowledgementBodySchema(kind),
          response: { 200: mergeSchema, 404: apiErrorSchema, 409: apiErrorSchema },
        },
      },
      (request) =>
        mergeOnlineRecord(deps, machineGrantOf(request), kind, request.params[id], request.body[ref]),
    );
  }
  done();
};
