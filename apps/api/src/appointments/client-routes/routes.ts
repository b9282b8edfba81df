import { appointmentsResponseSchema } from '@vet/contracts/appointments';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { clientNotLinked, identityOf } from '../../platform/index.ts';
import { createAppointmentsRepository } from '../booking/index.ts';

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
        description:
          'earlierTimes: the appointment’s live "tell me if an earlier time comes up" request (its ' +
          'latestDate), or null; the same as GET /appointments/{appointmentId}/earlier-times answers.',
        response: { 200: appointmentsResponseSchema },
      },
      // Read on most pages: the linked client is found in the list's own statement (decision 0037).
      config: { linkedClient: 'read-by-route' },
    },
    async (request) => {
      const list = await repository.listForIdentity(identityOf(request));
      if (!list) throw clientNotLinked();
      return list;
    },
  );

  done();
};
