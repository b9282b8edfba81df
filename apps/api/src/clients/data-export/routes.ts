import { dataExportSchema } from '@vet/contracts/data-export';
import { apiErrorSchema } from '@vet/contracts/errors';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { identityOf, requireRecentSignIn } from '../../platform/index.ts';
import { createDataExportRepository } from './data-export-repository.ts';

/**
 * GET /client/data-export (R2.37, decision 0079): everything the portal holds about the signed-in
 * person, as a JSON file. Needs a sign-in within the last ten minutes; generated on each request, never
 * cached, and each request recorded. A person not linked to a client record gets `client: null`.
 */
export const dataExportRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const repository = createDataExportRepository(app.db);

  app.get(
    '/client/data-export',
    {
      schema: {
        operationId: 'exportMyData',
        tags: ['clients'],
        summary: 'Everything the portal holds about the signed-in person (needs a recent sign-in)',
        response: { 200: dataExportSchema, 403: apiErrorSchema },
      },
      preHandler: requireRecentSignIn,
    },
    async (request, reply) => {
      const data = await repository.exportFor(identityOf(request));
      reply
        .header('cache-control', 'no-store')
        .header(
          'content-disposition',
          `attachment; filename="my-data-${data.generatedAt.slice(0, 10)}.json"`,
        );
      return data;
    },
  );
  done();
};
