import { apiErrorSchema } from '@vet/contracts/errors';
import { practicePricesSchema } from '@vet/contracts/practice-prices';
import {
  featureTogglesResponseSchema,
  onlinePracticesResponseSchema,
  practiceIdParamsSchema,
} from '@vet/contracts/practices';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { notFound } from '../../platform/index.ts';
import { findFeatureToggles } from './feature-toggles.ts';
import { createPracticePricesRepository } from './practice-prices-repository.ts';
import { createPracticesRepository } from './practices-repository.ts';

/** Practices and their settings, for anyone (registered in the public scope). */
export const practiceRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const practices = createPracticesRepository(app.db);
  const prices = createPracticePricesRepository(app.db);

  app.get(
    '/online-practices',
    {
      schema: {
        operationId: 'listOnlinePractices',
        tags: ['practices'],
        summary: 'The practices a client can choose online, by name',
        response: { 200: onlinePracticesResponseSchema },
      },
    },
    () => practices.listOnlinePractices(),
  );

  app.get(
    '/practices/:practiceId/feature-toggles',
    {
      schema: {
        operationId: 'getPracticeFeatureToggles',
        tags: ['practices'],
        summary: "A practice's feature settings (featureKey and value pairs)",
        params: practiceIdParamsSchema,
        response: { 200: featureTogglesResponseSchema, 404: apiErrorSchema },
      },
    },
    (request) => findFeatureToggles(practices, request.params.practiceId),
  );

  app.get(
    '/practices/:practiceId/prices',
    {
      schema: {
        operationId: 'getPracticePrices',
        tags: ['practices'],
        summary:
          'A practice\'s owner and its prices in force today: its appointment reasons\' "from" prices and its price list by band, VAT included, with the day it last changed (decisions 0104, 0146)',
        params: practiceIdParamsSchema,
        response: { 200: practicePricesSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const found = await prices.findPracticePrices(request.params.practiceId, new Date());
      if (!found) throw notFound('We could not find this practice.');
      return found;
    },
  );

  done();
};
