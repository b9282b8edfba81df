import {
  billsPageSchema,
  billsQuerySchema,
  billsSummarySchema,
  estimateAnswerSchema,
  estimateDetailSchema,
  estimateIdParamsSchema,
  invoiceDetailSchema,
  invoiceIdParamsSchema,
} from '@vet/contracts/bills';
import { apiErrorSchema } from '@vet/contracts/errors';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { linkedClientOf } from '../../platform/index.ts';
import type { BillEmailSettings } from './bill-emails.ts';
import { createBillsRepository } from './bills-repository.ts';
import { billsSummary, getEstimate, getInvoice, listBills, type BillsDeps } from './bills-service.ts';
import { answerEstimate } from './estimate-answer.ts';

const tags = ['bills'];

/**
 * Estimates and bills (issue 63, decisions 0151, 0153): the signed-in client's, read and answered. Another
 * client's estimate, bill or pet answers like a missing one (404).
 */
export const billRoutes =
  (settings: BillEmailSettings): FastifyPluginCallbackZod =>
  (app, _options, done) => {
    const deps: BillsDeps = { db: app.db, repository: createBillsRepository() };

    app.get(
      '/v2/bills',
      {
        schema: {
          operationId: 'listBills',
          tags,
          summary: 'The signed-in client’s estimates and bills together, newest first, a page at a time',
          description:
            'Ordered by the day issued, then id. `petId`: only those with a line for that pet (another ' +
            'client’s pet: 404). `cursor`: the previous page’s `nextCursor` (400 if not one).',
          querystring: billsQuerySchema,
          response: { 200: billsPageSchema, 400: apiErrorSchema, 404: apiErrorSchema },
        },
      },
      (request) => listBills(deps, linkedClientOf(request).clientId, request.query, new Date()),
    );

    app.get(
      '/v2/bills/summary',
      {
        schema: {
          operationId: 'getBillsSummary',
          tags,
          summary: 'The estimates waiting for the client’s answer and the bills with money still due',
          response: { 200: billsSummarySchema },
        },
      },
      (request) => billsSummary(deps, linkedClientOf(request).clientId, new Date()),
    );

    app.get(
      '/v2/bills/estimates/:estimateId',
      {
        schema: {
          operationId: 'getEstimate',
          tags,
          summary: 'An estimate line by line, with the practice’s terms and where it stands',
          params: estimateIdParamsSchema,
          response: { 200: estimateDetailSchema, 404: apiErrorSchema },
        },
      },
      (request) => getEstimate(deps, linkedClientOf(request).clientId, request.params.estimateId, new Date()),
    );

    app.get(
      '/v2/bills/invoices/:invoiceId',
      {
        schema: {
          operationId: 'getInvoice',
          tags,
          summary: 'A bill line by line, with the practice’s address, VAT number and owner',
          params: invoiceIdParamsSchema,
          response: { 200: invoiceDetailSchema, 404: apiErrorSchema },
        },
      },
      (request) =>
        getInvoice(
          deps,
          linkedClientOf(request).clientId,
          request.params.invoiceId,
          settings.payOnline === true,
        ),
    );

    app.post(
      '/v2/bills/estimates/:estimateId/answer',
      {
        schema: {
          operationId: 'answerEstimate',
          tags,
          summary: 'Accepts or declines (with a reason) the revision of the estimate the client read',
          description:
            'Sent to the practice system as estimate.accepted or estimate.declined, and confirmed by e-mail. ' +
            '409 with `code` `estimate_changed` (revised since read: read it again), `already_answered`, ' +
            '`estimate_expired`, `estimate_superseded` or `estimate_closed`.',
          params: estimateIdParamsSchema,
          body: estimateAnswerSchema,
          response: { 200: estimateDetailSchema, 404: apiErrorSchema, 409: apiErrorSchema },
        },
      },
      (request) =>
        answerEstimate(
          deps,
          settings,
          linkedClientOf(request).clientId,
          request.params.estimateId,
          request.body,
          new Date(),
        ),
    );

    done();
  };
