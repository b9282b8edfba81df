import { apiErrorSchema } from '@vet/contracts/errors';
import {
  prescriptionAnswerBodySchema,
  prescriptionAnswerParamsSchema,
  prescriptionAnswerResultSchema,
} from '@vet/contracts/prescription-requests';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { answerPrescriptionRequest, type PrescriptionEmailSettings } from '../../clients/index.ts';
import { machineGrantOf, servesPractice } from '../../platform/index.ts';

/**
 * `PUT /prescription-requests/{request_id}/answer` under the integration API's prefix (decision 0111): the
 * practice's answer to a client's repeat prescription request (prescription.requested), shown on the
 * client's request and e-mailed to them. A request of a practice the caller's grant lacks answers 404.
 */
export const prescriptionAnswerRoutes =
  (settings: PrescriptionEmailSettings): FastifyPluginCallbackZod =>
  (app, _options, done) => {
    app.put(
      '/prescription-requests/:request_id/answer',
      {
        schema: {
          operationId: 'answerPrescriptionRequest',
          summary: 'Answer a client’s repeat prescription request',
          description:
            '`Approved`, `ReadyToCollect`, `PrescriptionIssued` (the written prescription is ready), ' +
            '`Declined` (with `message`, the reason the client reads) or `ReviewNeeded` (the client is asked ' +
            'to book a review). The client sees it on the request and is e-mailed. The same answer again ' +
            'answers unchanged and sends nothing; a later answer replaces an earlier one.',
          params: prescriptionAnswerParamsSchema,
          body: prescriptionAnswerBodySchema,
          response: { 200: prescriptionAnswerResultSchema, 404: apiErrorSchema },
        },
      },
      (request) => {
        const grant = machineGrantOf(request);
        return answerPrescriptionRequest(app.db, settings, {
          requestId: request.params.request_id,
          status: request.body.status,
          message: request.body.message,
          serves: (practiceRef) => servesPractice(grant, practiceRef),
        });
      },
    );
    done();
  };
