import { appointmentsResponseSchema } from '@vet/contracts/appointments';
import { apiErrorSchema } from '@vet/contracts/errors';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { identityOf } from '../auth/auth-plugin.ts';
import { linkedClientId } from '../clients/linked-client.ts';
import { commonErrorResponses } from '../http/errors.ts';
import { createAppointmentsRepository } from './appointments-repository.ts';

/** product.md "API surface": GET /appointments lists the signed-in client's appointments. */
export const appointmentRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const repository = createAppointmentsRepository(app.db);

  app.get(
    '/appointments',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['appointments'],
        summary: "The signed-in client's appointments, oldest first",
        security: [{ bearerAuth: [] }],
        response: {
          200: appointmentsResponseSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          503: apiErrorSchema,
          ...commonErrorResponses,
        },
      },
    },
    async (request) => repository.listForClient(await linkedClientId(app.db, identityOf(request))),
  );

  done();
};
