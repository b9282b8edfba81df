import { apiErrorSchema } from '@vet/contracts/errors';
import { practiceDate } from '@vet/contracts/practice-clock';
import { petIdParamsSchema } from '@vet/contracts/pets';
import {
  membershipIdParamsSchema,
  petPlansSchema,
  planMembershipSchema,
  planMembershipsSchema,
} from '@vet/contracts/plans';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { linkedClientOf } from '../../platform/index.ts';
import { getMembership, listMemberships, petPlans } from './membership-reads.ts';

const tags = ['plans'];

/**
 * The signed-in client's plan memberships (issue 65), read. Another client's membership or pet answers
 * like a missing one (404).
 */
export const membershipReadRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/v2/plan-memberships',
    {
      schema: {
        operationId: 'listPlanMemberships',
        tags,
        summary: 'The signed-in client’s pets’ plan memberships, live first, with benefits used and left',
        response: { 200: planMembershipsSchema },
      },
    },
    (request) => listMemberships(app.db, linkedClientOf(request).clientId, practiceDate(new Date())),
  );

  app.get(
    '/v2/plan-memberships/:membershipId',
    {
      schema: {
        operationId: 'getPlanMembership',
        tags,
        summary: 'A plan membership: what it covers, used and left this plan year, payments and renewal',
        params: membershipIdParamsSchema,
        response: { 200: planMembershipSchema, 404: apiErrorSchema },
      },
    },
    (request) =>
      getMembership(
        app.db,
        linkedClientOf(request).clientId,
        request.params.membershipId,
        practiceDate(new Date()),
      ),
  );

  app.get(
    '/v2/pets/:petId/plans',
    {
      schema: {
        operationId: 'getPetPlans',
        tags,
        summary: 'A pet’s plan memberships, and the plans of its practice it could join or why not',
        params: petIdParamsSchema,
        response: { 200: petPlansSchema, 404: apiErrorSchema },
      },
    },
    (request) =>
      petPlans(app.db, linkedClientOf(request).clientId, request.params.petId, practiceDate(new Date())),
  );

  done();
};
