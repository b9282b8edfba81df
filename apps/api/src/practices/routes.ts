import { apiErrorSchema } from '@vet/contracts/errors';
import {
  featureTogglesResponseSchema,
  onlinePracticesResponseSchema,
  practiceIdParamsSchema,
} from '@vet/contracts/practices';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { commonErrorResponses } from '../http/errors.ts';
import { findFeatureToggles } from './feature-toggles.ts';
import { createPracticesRepository } from './practices-repository.ts';

/** Public for now; a `preHandler: requireAuth` goes on each route that needs a signed-in client. */
export const practiceRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const practices = createPracticesRepository(app.db);

  app.get(
    '/online-practices',
    {
      schema: {
        tags: ['practices'],
        summary: 'The practices a client can choose online, by name',
        response: { 200: onlinePracticesResponseSchema, ...commonErrorResponses },
      },
    },
    () => practices.listOnlinePractices(),
  );

  app.get(
    '/practices/:practiceId/feature-toggles',
    {
      schema: {
        tags: ['practices'],
        summary: "A practice's feature settings (featureKey and value pairs)",
        params: practiceIdParamsSchema,
        response: {
          200: featureTogglesResponseSchema,
          400: apiErrorSchema,
          404: apiErrorSchema,
          ...commonErrorResponses,
        },
      },
    },
    (request) => findFeatureToggles(practices, request.params.practiceId),
  );

  done();
};
