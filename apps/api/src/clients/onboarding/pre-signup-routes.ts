import { apiErrorSchema } from '@vet/contracts/errors';
import {
  checkTokenBodySchema,
  preSignupCheckQuerySchema,
  signupCheckResponseSchema,
} from '@vet/contracts/onboarding';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { runCheck } from './check-service.ts';
import { createOnboardingServices } from './onboarding-services.ts';
import { onboardingLimitsFor } from './rate-limits.ts';
import { limitedBy } from '../../platform/index.ts';
import type { OnboardingSettings } from './verification-email.ts';

const tags = ['onboarding'];

/** The anonymous pre-signup check and its resend (registered in the public scope). */
export function preSignupRoutes(settings: OnboardingSettings): FastifyPluginCallbackZod {
  return (app, _options, done) => {
    const services = createOnboardingServices(app.db, settings);
    const { checksPerAddress, checksPerEmail, resendsPerAddress } = onboardingLimitsFor(
      settings.checksPerAddress,
    );

    app.get(
      '/pre-signup/check',
      {
        schema: {
          operationId: 'checkPreSignup',
          tags,
          summary:
            'Match a person to a client record of the group; a match e-mails a code to the address on file',
          querystring: preSignupCheckQuerySchema,
          response: { 200: signupCheckResponseSchema },
        },
        preHandler: limitedBy(app, [checksPerAddress, checksPerEmail]),
      },
      (request) =>
        runCheck(
          { ...services, log: request.log },
          {
            lastName: request.query.LastName,
            postcode: request.query.Postcode,
            email: request.query.Email,
            practiceId: request.query.PracticeId,
          },
          { mode: 'signup', identity: null },
        ),
    );

    app.post(
      '/pre-signup/resend',
      {
        schema: {
          operationId: 'resendPreSignupCode',
          tags,
          summary: 'A new code for the check (VerifyClient), or the first one for a confirmed Choose* offer',
          body: checkTokenBodySchema,
          response: { 204: z.null(), 409: apiErrorSchema },
        },
        preHandler: limitedBy(app, [resendsPerAddress]),
      },
      async (request, reply) => {
        await services.followUps.resendForCheck(request.body.checkToken, new Date());
        return reply.code(204).send(null);
      },
    );

    done();
  };
}
