import { appointmentsResponseSchema } from '@vet/contracts/appointments';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { linkedClientOf } from '../auth/access-scopes.ts';
import { createAppointmentsRepository } from './appointments-repository.ts';

/** R7.12: GET /appointments lists the signed-in client's appointments. */
export const appointmentRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const repository = createAppointmentsRepository(app.db);

  app.get(
    '/appointments',
    {
      schema: {
        operationId: 'listAppointments',
        tags: ['appointments'],
        summary: "The signed-in client's appointments, oldest first",
        response: { 200: appointmentsResponseSchema },
      },
    },
    (request) => repository.listForClient(linkedClientOf(request).clientId),
  );

  done();
};
