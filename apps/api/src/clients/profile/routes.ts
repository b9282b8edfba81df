import { clientProfileSchema } from '@vet/contracts/profile';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { identityOf } from '../../platform/index.ts';
import { createClientsRepository } from './clients-repository.ts';
import { findClientProfile } from './profile-service.ts';

/** The signed-in identity's own record, linked or not yet (registered in the signed-in scope). */
export const clientRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const clients = createClientsRepository(app.db);

  // A versioned pair (R7.12): one implementation behind both paths.
  for (const [url, operationId] of [
    ['/client/profile', 'getClientProfile'],
    ['/v2/profile', 'getProfileV2'],
  ] as const) {
    app.get(
      url,
      {
        schema: {
          operationId,
          tags: ['clients'],
          summary: 'The signed-in client: activation status, name, home practice and flags',
          response: { 200: clientProfileSchema },
        },
      },
      (request) => findClientProfile(clients, identityOf(request), request.linkedClient),
    );
  }

  done();
};
