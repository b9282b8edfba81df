import { scrubPersonalData } from '@vet/contracts/personal-data';
import { renderErrorReportSchema, telemetryApplicationTag } from '@vet/contracts/telemetry';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * The default error-reporting endpoint (R1.5): the browser's render errors are logged here, without
 * personal data, for whatever collects the API's logs. Anonymous (errors happen before sign-in too) and
 * rate-limited like every route.
 */
export const telemetryRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.post(
    '/telemetry/render-errors',
    {
      schema: {
        operationId: 'reportRenderError',
        tags: ['telemetry'],
        summary: 'Report a render error from the portal (logged without personal data)',
        body: renderErrorReportSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const { message, digest, path } = request.body;
      request.log.warn(
        {
          renderError: {
            message: scrubPersonalData(message),
            digest,
            path: scrubPersonalData(path),
            application: telemetryApplicationTag,
          },
        },
        'render error reported by the portal',
      );
      return reply.code(204).send(null);
    },
  );
  done();
};
