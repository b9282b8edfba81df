import { manageLinksEndedSchema } from '@vet/contracts/manage-link';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { linkedClientOf } from '../../platform/index.ts';
import { endClientManageLinks } from './manage-link-service.ts';

/**
 * Signed in, client-owned (decision 0095): the client ends the manage links of all their upcoming
 * appointments, in every e-mail and text already sent. No id in the request: the signed-in client's own
 * record is the only one it can reach.
 */
export const manageLinkClientRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.post(
    '/client/manage-links/end',
    {
      schema: {
        operationId: 'endManageLinks',
        tags: ['manage-link'],
        summary: 'Ends the links in every appointment e-mail and text already sent to the client',
        description:
          'Raises the link generation of each upcoming booked appointment of the signed-in client, so the ' +
          'links already sent answer the one refusal (decision 0095); messages sent later carry new ones. ' +
          '`ended` counts those appointments.',
        response: { 200: manageLinksEndedSchema },
      },
    },
    (request) => endClientManageLinks(app.db, linkedClientOf(request).clientId, new Date()),
  );
  done();
};
