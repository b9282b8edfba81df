import { apiErrorSchema } from '@vet/contracts/errors';
import {
  cancellationQuoteSchema,
  cancelPlanRequestSchema,
  joinConfirmationSchema,
  joinPlanRequestSchema,
  joinPlanResponseSchema,
  membershipIdParamsSchema,
  planCancellationSchema,
} from '@vet/contracts/plans';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { errorBody, linkedClientOf, notFound } from '../../platform/index.ts';
import { DirectDebitRefusedError, DirectDebitUnavailableError } from '../direct-debit/index.ts';
import { activate } from './activate-membership.ts';
import { cancelPlan, cancellationQuote, FeeChangedError } from './cancel-plan.ts';
import { joinPlan } from './join-plan.ts';
import { membershipById } from './membership-rows.ts';
import { planMessages, type PlanWriteDeps } from './plan-deps.ts';

const tags = ['plans'];
/** A 409 of the cancellation: `fee_changed` carries what applies now. */
const cancelConflictSchema = apiErrorSchema.extend({ quote: cancellationQuoteSchema.optional() });

/**
 * Joining a plan by Direct Debit and leaving it, the signed-in client's side (issue 65, decision 0162).
 * Another client's pet or membership answers like a missing one (404).
 */
export const membershipWriteRoutes =
  (deps: Omit<PlanWriteDeps, 'db'>): FastifyPluginCallbackZod =>
  (app, _options, done) => {
    const withDb: PlanWriteDeps = { ...deps, db: app.db };

    app.post(
      '/v2/plan-memberships',
      {
        schema: {
          operationId: 'joinPlan',
          tags,
          summary: 'Join a plan for a pet: the answer sends the owner to the provider’s Direct Debit page',
          description:
            'The membership is written pending first; a second press (or a reload) of the same pet and plan ' +
            'answers the same membership and a page of the same Direct Debit request. 404: not the client’s ' +
            'pet, or a plan its practice does not offer online. 422 with the reason when the pet is outside ' +
            'the plan’s species or ages, or has died or been rehomed (`code`: species, age_unknown, too_young, ' +
            'too_old, pet_gone), or yearly billing is not offered. 409 `already_member` when the pet is on the ' +
            'plan, `joining_off` when Direct Debit is not set up. 503 when the provider cannot be reached.',
          body: joinPlanRequestSchema,
          response: {
            201: joinPlanResponseSchema,
            404: apiErrorSchema,
            409: apiErrorSchema,
            422: apiErrorSchema,
            503: apiErrorSchema,
          },
        },
      },
      async (request, reply) => {
        const joined = await joinPlan(withDb, linkedClientOf(request).clientId, request.body);
        return reply.code(201).send(joined);
      },
    );

    app.post(
      '/v2/plan-memberships/:membershipId/confirm',
      {
        schema: {
          operationId: 'confirmPlanMembership',
          tags,
          summary:
            'On return from the provider’s page: activate the membership if its Direct Debit is set up',
          description:
            'Reads the Direct Debit request at the provider and activates as its webhook does, once. `pending` ' +
            'when the provider has not finished (or cannot be reached): the webhook activates it later.',
          params: membershipIdParamsSchema,
          response: { 200: joinConfirmationSchema, 404: apiErrorSchema },
        },
      },
      async (request) => {
        const clientId = linkedClientOf(request).clientId;
        const { membershipId } = request.params;
        if (!(await membershipById(withDb.db, membershipId, clientId)))
          throw notFound(planMessages.membershipNotFound);
        await activate(withDb, membershipId).catch((error: unknown) => {
          // The provider down or refusing: the owner is told it is still being set up; the webhook finishes it.
          if (error instanceof DirectDebitUnavailableError || error instanceof DirectDebitRefusedError) {
            request.log.warn(
              { membershipId, providerCode: error.providerCode },
              'plan confirm: provider not answering',
            );
            return;
          }
          throw error;
        });
        const row = await membershipById(withDb.db, membershipId, clientId);
        if (!row) throw notFound(planMessages.membershipNotFound);
        return {
          membershipId: row.id,
          status: row.status,
          petId: row.pet_id,
          petName: row.pet_name,
          planName: row.plan_name,
          nextPaymentOn: row.next_payment_on,
        };
      },
    );

    app.get(
      '/v2/plan-memberships/:membershipId/cancellation',
      {
        schema: {
          operationId: 'getPlanCancellationQuote',
          tags,
          summary: 'What leaving the plan today costs, in words, before the last press',
          description:
            '409 `still_pending` while the Direct Debit is being set up, `not_live` once it has ended.',
          params: membershipIdParamsSchema,
          response: { 200: cancellationQuoteSchema, 404: apiErrorSchema, 409: apiErrorSchema },
        },
      },
      (request) => cancellationQuote(withDb, linkedClientOf(request).clientId, request.params.membershipId),
    );

    app.post(
      '/v2/plan-memberships/:membershipId/cancellation',
      {
        schema: {
          operationId: 'cancelPlanMembership',
          tags,
          summary: 'Leave the plan, paying the fee shown; the Direct Debit ends at the provider',
          description:
            '`feePence` is the fee the owner was shown: 409 `fee_changed` with `quote`, what applies now, when ' +
            'it differs. The owner is e-mailed a confirmation and the practice system is told (plan.cancelled).',
          params: membershipIdParamsSchema,
          body: cancelPlanRequestSchema,
          response: { 200: planCancellationSchema, 404: apiErrorSchema, 409: cancelConflictSchema },
        },
      },
      async (request, reply) => {
        try {
          return await cancelPlan(
            withDb,
            linkedClientOf(request).clientId,
            request.params.membershipId,
            request.body.feePence,
          );
        } catch (error) {
          if (!(error instanceof FeeChangedError)) throw error;
          return reply
            .code(409)
            .send({ ...errorBody(409, error.message, undefined, 'fee_changed'), quote: error.quote });
        }
      },
    );
    done();
  };
