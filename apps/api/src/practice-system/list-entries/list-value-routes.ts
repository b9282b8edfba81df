import { apiErrorSchema } from '@vet/contracts/errors';
import type { IntegrationErrorCode } from '@vet/contracts/integration-errors';
import {
  listValueMappingBodySchema,
  listValueMappingSchema,
  listValueParamsSchema,
  unmappedValuesQuerySchema,
  unmappedValuesSchema,
} from '@vet/contracts/integration-list-values';
import {
  ListValueRefusal,
  listUnmappedValues,
  mapListValue,
} from '@vet/practice-import/list-values/list-values';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { conflict, notFound, unprocessable } from '../../platform/index.ts';

const tags = ['list entries'];

/** A refusal of the mapping as the API's answer: what it names, and the code a caller acts on. */
function problemOf(refusal: ListValueRefusal) {
  switch (refusal.code) {
    case 'not_found':
      return notFound(refusal.message);
    case 'already_mapped':
      return conflict(refusal.message, 'value_already_mapped' satisfies IntegrationErrorCode);
    case 'unknown_entry':
    case 'other_species':
    case 'no_group_entry':
      return unprocessable(
        refusal.message,
        [{ path: refusal.code === 'no_group_entry' ? 'group_entry' : 'entry', message: refusal.message }],
        'record_refused' satisfies IntegrationErrorCode,
      );
  }
}

/**
 * The values practice systems wrote that no list entry matches (decision 0131), under the list entries'
 * grant and its rule (only a practice system granted every practice: the lists are the group's).
 */
export const listValueRoutes = (): FastifyPluginCallbackZod => (app, _options, done) => {
  app.get(
    '/list-values/unmapped',
    {
      schema: {
        operationId: 'listUnmappedValues',
        tags,
        summary:
          'The values practice systems wrote that no list entry matches, with how many records carry each',
        description:
          'Each record carrying such a value was applied with the value kept as written (decision 0131). ' +
          'Labels and counts only: never which records.',
        querystring: unmappedValuesQuerySchema,
        response: { 200: unmappedValuesSchema },
      },
    },
    async (request) => {
      const values = await listUnmappedValues(app.sessionPool, {
        list: request.query.list,
        practiceSystem: request.query.practice_system,
      });
      return {
        items: values.map(({ practiceSystem, ...value }) => ({ ...value, practice_system: practiceSystem })),
      };
    },
  );

  app.put(
    '/list-values/:id/mapping',
    {
      schema: {
        operationId: 'mapListValue',
        tags,
        summary: 'Map an unmapped value to an entry of its list, or make it the group’s own entry',
        description:
          'Every stored record carrying the value takes the entry, and so does every later record of that ' +
          'practice system. The same mapping again changes nothing (200, `changed` false); a value mapped ' +
          'to another entry answers 409 `value_already_mapped`; an entry of another species or none of the ' +
          'list answers 422 naming it.',
        params: listValueParamsSchema,
        body: listValueMappingBodySchema,
        response: {
          200: listValueMappingSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          422: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const { entry, group_entry: groupEntry } = request.body;
      try {
        return await mapListValue(
          app.sessionPool,
          request.params.id,
          groupEntry ? { groupEntry } : { entry: entry! },
        );
      } catch (error) {
        throw error instanceof ListValueRefusal ? problemOf(error) : error;
      }
    },
  );

  done();
};
