import { apiErrorSchema } from '@vet/contracts/errors';
import {
  listEntryBatchMaxItems,
  listEntryBatchResultSchema,
  listEntryBatchSchema,
  listEntryBodySchema,
  listEntryParamsSchema,
  listEntryWriteSchema,
} from '@vet/contracts/integration-list-entries';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { IntegrationErrorCode } from '@vet/contracts/integration-errors';
import { forbidden, machineGrantOf } from '../../platform/index.ts';
import { putListEntry, putListEntryBatch } from './list-entry-service.ts';
import { listValueRoutes } from './list-value-routes.ts';

const tags = ['list entries'];

/**
 * A group's own entries of the portal's lists (decision 0096), under the integration API's prefix:
 * machine callers only. The rules are list_entries.csv's (docs/practice-import-format.md).
 */
export const listEntryRoutes = (): FastifyPluginCallbackZod => (app, _options, done) => {
  // The lists are the whole group's: only a client granted every practice writes them (decision 0105).
  app.addHook('preHandler', (request, _reply, next) => {
    try {
      if (machineGrantOf(request).practices === 'all') return next();
      throw forbidden(
        'The lists are the whole group’s: only a practice system granted every practice writes them.',
        'practice_not_served' satisfies IntegrationErrorCode,
      );
    } catch (error) {
      next(error as Error);
    }
  });
  app.put(
    '/list-entries/:list/:code',
    {
      schema: {
        operationId: 'putListEntry',
        tags,
        summary:
          'Store one of the group’s own list entries by its code: created (201), changed or unchanged (200)',
        description:
          'A breed, colour, insurer or cancellation reason the portal’s reference lists lack, with the ' +
          'practice system’s code; pets and other records then name it by its name, a synonym or the code. ' +
          'Refused (422) naming each field: a name, code or synonym that is already an entry of the list (of ' +
          'the species) is refused with that entry’s name.',
        params: listEntryParamsSchema,
        body: listEntryBodySchema,
        response: {
          200: listEntryWriteSchema,
          201: listEntryWriteSchema,
          409: apiErrorSchema,
          422: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { created, write } = await putListEntry(app.sessionPool, { ...request.body, ...request.params });
      return reply.code(created ? 201 : 200).send(write);
    },
  );

  app.post(
    '/list-entries/batch',
    {
      schema: {
        operationId: 'putListEntryBatch',
        tags,
        summary: `Store up to ${listEntryBatchMaxItems} of the group’s own list entries; each item is answered on its own`,
        description: 'Items are PUT bodies with their list and code; the valid ones are written together.',
        body: listEntryBatchSchema,
        response: { 200: listEntryBatchResultSchema, 409: apiErrorSchema },
      },
    },
    (request) => putListEntryBatch(app.sessionPool, request.body.items),
  );

  // The values no entry matched (decision 0131): the same grant, the same rule.
  void app.register(listValueRoutes());

  done();
};
