import { apiErrorSchema } from '@vet/contracts/errors';
import { petIdParamsSchema, petSchema, petsResponseSchema } from '@vet/contracts/pets';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { identityOf } from '../auth/auth-plugin.ts';
import { linkedClientId } from '../clients/linked-client.ts';
import { commonErrorResponses, notFound } from '../http/errors.ts';
import { createPetsRepository } from './pets-repository.ts';

/** The signed-in client's pets. Another client's pet answers exactly like a missing one (404). */
export const petRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const repository = createPetsRepository(app.db);
  const signedIn = { 401: apiErrorSchema, 403: apiErrorSchema, 503: apiErrorSchema, ...commonErrorResponses };

  app.get(
    '/v2/pets',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['pets'],
        summary: "The signed-in client's pets, by name",
        security: [{ bearerAuth: [] }],
        response: { 200: petsResponseSchema, ...signedIn },
      },
    },
    async (request) => repository.listForClient(await linkedClientId(app.db, identityOf(request))),
  );

  app.get(
    '/v2/pets/:petId',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['pets'],
        summary: 'One of the signed-in client’s pets',
        security: [{ bearerAuth: [] }],
        params: petIdParamsSchema,
        response: { 200: petSchema, 400: apiErrorSchema, 404: apiErrorSchema, ...signedIn },
      },
    },
    async (request) => {
      const clientId = await linkedClientId(app.db, identityOf(request));
      const pet = await repository.findForClient(clientId, request.params.petId);
      if (!pet) throw notFound('We could not find that pet.');
      return pet;
    },
  );

  done();
};
