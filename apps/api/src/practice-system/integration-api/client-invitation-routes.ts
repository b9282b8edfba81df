import { apiErrorSchema } from '@vet/contracts/errors';
import {
  clientInvitationSchema,
  clientRefParamsSchema,
  invitationQuerySchema,
} from '@vet/contracts/integration-invitations';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { createClientInvitationRepository } from './client-invitation-repository.ts';
import { invitationRefusals, inviteClient } from './client-invitation-service.ts';
import { machineGrantOf, notFound, servesPractice } from '../../platform/index.ts';
import type { InvitationSettings } from './invitation-email.ts';

/** POST /clients/{client_ref}/invitations, under the integration API's prefix. */
export function clientInvitationRoutes(settings: InvitationSettings): FastifyPluginCallbackZod {
  return (app, _options, done) => {
    const deps = { db: app.db, repository: createClientInvitationRepository(), settings };
    app.post(
      '/clients/:client_ref/invitations',
      {
        schema: {
          operationId: 'inviteClient',
          summary: 'Invite a client to the portal: e-mails them an /invite link (R4.18)',
          description:
            'Issues a 30-day, single-use invitation to the client with this reference and e-mails its link ' +
            'to the address on their record (201, outcome issued). While one is unused and unexpired the ' +
            'call is idempotent: it answers that invitation and sends nothing (200, outcome live); ' +
            '`replace=true` issues a new one and ends the old. 404 for an unknown reference, 409 when the ' +
            'client already has an online account, 422 when they have no e-mail address.',
          params: clientRefParamsSchema,
          querystring: invitationQuerySchema,
          response: {
            200: clientInvitationSchema,
            201: clientInvitationSchema,
            404: apiErrorSchema,
            409: apiErrorSchema,
            422: apiErrorSchema,
          },
        },
      },
      async (request, reply) => {
        // A client of a practice not granted answers as a missing one (decision 0105).
        const grant = machineGrantOf(request);
        if (grant.practices !== 'all') {
          const home = await deps.repository.homePracticeRef(app.db, request.params.client_ref);
          if (home !== undefined && !servesPractice(grant, home))
            throw notFound(invitationRefusals.unknownClient);
        }
        const invitation = await inviteClient(deps, request.params.client_ref, {
          replace: request.query.replace,
        });
        return reply.code(invitation.outcome === 'issued' ? 201 : 200).send(invitation);
      },
    );
    done();
  };
}
