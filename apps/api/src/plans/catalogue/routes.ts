import { apiErrorSchema } from '@vet/contracts/errors';
import { practicePlansSchema } from '@vet/contracts/plans';
import { practiceIdParamsSchema } from '@vet/contracts/practices';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { notFound } from '../../platform/index.ts';
import { plansOfferedOnline, practiceName } from './catalogue-repository.ts';

/** A practice's plans, for anyone (public scope): they sit beside its prices (issue 65). */
export const planCatalogueRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/practices/:practiceId/plans',
    {
      schema: {
        operationId: 'getPracticePlans',
        tags: ['plans'],
        summary:
          'The health plans a practice offers online: prices a month and a year (VAT included), for which ' +
          'pets, terms and benefits',
        params: practiceIdParamsSchema,
        response: { 200: practicePlansSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const { practiceId } = request.params;
      const [name, plans] = await Promise.all([
        practiceName(app.db, practiceId),
        plansOfferedOnline(app.db, practiceId),
      ]);
      if (name === undefined) throw notFound('We could not find this practice.');
      return { practiceName: name, plans };
    },
  );
  done();
};
