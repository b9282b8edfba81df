import { apiErrorSchema } from '@vet/contracts/errors';
import {
  featureTogglesResponseSchema,
  onlinePracticesResponseSchema,
  practiceIdParamsSchema,
} from '@vet/contracts/practices';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { findFeatureToggles } from './feature-toggles.ts';
import { createPracticesRepository } from './practices-repository.ts';

/** Practices and their settings, for anyone (registered in the public scope). */
export const practiceRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const practices = createPracticesRepository(app.db);

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

  done();
};
