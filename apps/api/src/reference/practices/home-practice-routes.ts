import { apiErrorSchema } from '@vet/contracts/errors';
import { homePracticeSchema } from '@vet/contracts/home-practice';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { linkedClientOf, notFound } from '../../platform/index.ts';
import { createHomePracticeRepository } from './home-practice-repository.ts';

/**
 * The signed-in client's home practice (client-owned scope, "Your practice" of R2.33): the practice is
 * always the linked client's own, never one named in the request.
 */
export const homePracticeRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const repository = createHomePracticeRepository(app.db);

  app.get(
    '/client/practice',
    {
      schema: {
        operationId: 'getHomePractice',
        tags: ['clients'],
        summary:
          "The signed-in client's home practice: address, phone, weekly opening hours and closures " +
          'of the next 8 weeks',
        response: { 200: homePracticeSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const practice = await repository.findHomePractice(linkedClientOf(request).homePracticeId, new Date());
      // Only if the practice disappears between finding the client and reading it.
      if (!practice) throw notFound('We could not find your practice.');
      return practice;
    },
  );

  done();
};
