import { apiErrorSchema } from '@vet/contracts/errors';
import { clientProfileSchema } from '@vet/contracts/profile';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { identityOf } from '../auth/auth-plugin.ts';
import { commonErrorResponses } from '../http/errors.ts';
import { createProfileRepository } from './profile-repository.ts';
import { findClientProfile } from './profile-service.ts';

/** Routes of the signed-in client: each requires a valid access token (onRequest: app.requireAuth). */
export const clientRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const profiles = createProfileRepository(app.db);
  const signedIn = { 401: apiErrorSchema, 503: apiErrorSchema, ...commonErrorResponses };

  // The spec's versioned pair: one implementation behind both paths.
  for (const url of ['/client/profile', '/v2/profile']) {
    app.get(
      url,
      {
        onRequest: app.requireAuth,
        schema: {
          tags: ['clients'],
          summary: 'The signed-in client: activation status, name, home practice and flags',
          security: [{ bearerAuth: [] }],
          response: { 200: clientProfileSchema, ...signedIn },
        },
      },
      (request) => findClientProfile(profiles, identityOf(request)),
    );
  }

  done();
};
