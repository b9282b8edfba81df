import { apiErrorSchema } from '@vet/contracts/errors';
import {
  invoicePaymentRequestSchema,
  paymentIdParamsSchema,
  paymentSchema,
  startedPaymentSchema,
} from '@vet/contracts/payments';
import { invoiceIdParamsSchema } from '@vet/contracts/bills';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { linkedClientOf } from '../../platform/index.ts';
import { cancelPayment, getPayment, startInvoicePayment } from './payments-service.ts';
import type { PaymentsDeps } from './settle-payment.ts';

const tags = ['payments'];

/**
 * Paying online, the signed-in client's side (decision 0157): a bill paid in full on the provider's hosted
 * page, and the payment asked about on the way back. Another client's bill or payment answers like a
 * missing one (404).
 */
export const paymentRoutes =
  (deps: Omit<PaymentsDeps, 'db'>): FastifyPluginCallbackZod =>
  (app, _options, done) => {
    const withDb: PaymentsDeps = { ...deps, db: app.db };

    app.post(
      '/v2/bills/invoices/:invoiceId/payment',
      {
        schema: {
          operationId: 'payInvoice',
          tags,
          summary: 'Start paying a bill in full on the payment provider’s page',
          description:
            '`amountPence` is the amount due the owner was shown: 409 `amount_changed` when it is no longer ' +
            'what is due (the message names the new amount), `nothing_due` when nothing is, `payments_off` when ' +
            'paying online is not set up. A second press while a page is open answers the same page. 503 when ' +
            'the provider cannot be reached: nothing was taken.',
          params: invoiceIdParamsSchema,
          body: invoicePaymentRequestSchema,
          response: {
            201: startedPaymentSchema,
            404: apiErrorSchema,
            409: apiErrorSchema,
            503: apiErrorSchema,
          },
        },
      },
      async (request, reply) => {
        const client = linkedClientOf(request);
        const started = await startInvoicePayment(
          withDb,
          { clientId: client.clientId, email: client.email },
          request.params.invoiceId,
          request.body.amountPence,
        );
        return reply.code(201).send(started);
      },
    );

    app.get(
      '/v2/payments/:paymentId',
      {
        schema: {
          operationId: 'getPayment',
          tags,
          summary: 'Where a payment stands, checked with the provider while it is pending',
          params: paymentIdParamsSchema,
          response: { 200: paymentSchema, 404: apiErrorSchema },
        },
      },
      (request) => getPayment(withDb, linkedClientOf(request).clientId, request.params.paymentId),
    );

    app.post(
      '/v2/payments/:paymentId/cancel',
      {
        schema: {
          operationId: 'cancelPayment',
          tags,
          summary: 'Close a payment’s page the owner came back from without paying',
          description: 'If it was paid meanwhile, the answer says paid: money taken is always recorded.',
          params: paymentIdParamsSchema,
          response: { 200: paymentSchema, 404: apiErrorSchema, 503: apiErrorSchema },
        },
      },
      (request) => cancelPayment(withDb, linkedClientOf(request).clientId, request.params.paymentId),
    );
    done();
  };
