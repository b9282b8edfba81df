import { apiErrorSchema } from '@vet/contracts/errors';
import {
  bookingPaymentBodySchema,
  bookingPaymentListSchema,
  bookingPaymentParamsSchema,
  bookingPaymentPracticeParamsSchema,
  bookingPaymentWriteSchema,
  type BookingPaymentPolicyAnswer,
} from '@vet/contracts/integration-booking-payments';
import { maxBookingPaymentPence, minBookingPaymentPence } from '@vet/contracts/payment-rules';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  clearBookingPaymentPolicy,
  listBookingPaymentPolicies,
  setBookingPaymentPolicy,
  type StoredBookingPaymentPolicy,
} from '../../payments/index.ts';
import { machineGrantOf } from '../../platform/index.ts';
import { reasonIdOf, servedPracticeId } from './booking-payment-practices.ts';

const answerOf = (policy: StoredBookingPaymentPolicy): BookingPaymentPolicyAnswer => ({
  reason_ref: policy.reasonRef,
  reason_id: policy.reasonId,
  kind: policy.kind,
  amount_pence: policy.amountPence,
  applies_to: policy.appliesTo,
  source: policy.source,
  updated_at: policy.updatedAt.toISOString(),
});

const scoped =
  'A practice this client is not granted answers 403 `practice_not_served` (decision 0105); an unknown ' +
  '`practice_ref` or `reason_ref` answers 404.';

/**
 * A practice's booking payments under the integration API's prefix (issue 64, decision 0158): per
 * appointment reason, a deposit or card hold asked at online booking, set, replaced, cleared and listed.
 * The practice system's word replaces the operator's, and the reverse: the last one stands.
 */
export const bookingPaymentRoutes = (): FastifyPluginCallbackZod => (app, _options, done) => {
  const path = '/practices/:practice_ref/appointment-reasons/:reason_ref/booking-payment';

  app.put(
    path,
    {
      schema: {
        operationId: 'putBookingPayment',
        summary: 'Ask a deposit or card hold to book this reason online at this practice',
        description:
          'Replaces what the practice asked before, whoever set it: created (201), changed or unchanged ' +
          '(200; the same body again changes nothing). `amount_pence` outside ' +
          `${minBookingPaymentPence} to ${maxBookingPaymentPence} answers 400 naming it. ${scoped}`,
        params: bookingPaymentParamsSchema,
        body: bookingPaymentBodySchema,
        response: { 200: bookingPaymentWriteSchema, 201: bookingPaymentWriteSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const practiceId = await servedPracticeId(app.db, machineGrantOf(request), request.params.practice_ref);
      const reasonId = await reasonIdOf(app.db, request.params.reason_ref);
      const { outcome, policy } = await setBookingPaymentPolicy(app.db, {
        practiceId,
        reasonId,
        kind: request.body.kind,
        amountPence: request.body.amount_pence,
        appliesTo: request.body.applies_to,
        source: 'practice_system',
      });
      return reply
        .code(outcome === 'created' ? 201 : 200)
        .send({ ...answerOf(policy), outcome: outcome === 'unchanged' ? 'unchanged' : 'applied' });
    },
  );

  app.delete(
    path,
    {
      schema: {
        operationId: 'clearBookingPayment',
        summary: 'Ask nothing to book this reason online at this practice',
        description: `204 whether or not something was asked: clearing again changes nothing. ${scoped}`,
        params: bookingPaymentParamsSchema,
        response: { 204: z.null(), 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const practiceId = await servedPracticeId(app.db, machineGrantOf(request), request.params.practice_ref);
      const reasonId = await reasonIdOf(app.db, request.params.reason_ref);
      await clearBookingPaymentPolicy(app.db, { practiceId, reasonId });
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/practices/:practice_ref/booking-payments',
    {
      schema: {
        operationId: 'listBookingPayments',
        summary: 'What this practice asks to book each reason online (reasons asking nothing are left out)',
        description: `Whoever set each: the practice system or the portal’s operator. ${scoped}`,
        params: bookingPaymentPracticeParamsSchema,
        response: { 200: bookingPaymentListSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const practiceRef = request.params.practice_ref;
      const practiceId = await servedPracticeId(app.db, machineGrantOf(request), practiceRef);
      const policies = await listBookingPaymentPolicies(app.db, { practiceId });
      return { practice_ref: practiceRef, policies: policies.map(answerOf) };
    },
  );
  done();
};
