import { apiErrorSchema } from '@vet/contracts/errors';
import {
  activateBodySchema,
  checkTokenBodySchema,
  newClientBodySchema,
  signupCheckQuerySchema,
  signupCheckResponseSchema,
  signupV2CheckQuerySchema,
  verifyBodySchema,
} from '@vet/contracts/onboarding';
import { linkStageSchema, waitForInvitationBodySchema } from '@vet/contracts/link-stage';
import { clientProfileSchema } from '@vet/contracts/profile';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Identity, identityOf, limitedBy } from '../../platform/index.ts';
import { findClientProfile } from '../profile/index.ts';
import { runCheck } from './check-service.ts';
import { activateInvitation } from './invitation-service.ts';
import { identityAlreadyLinked } from './link-conflicts.ts';
import { linkStageOf, waitForInvitation } from './link-stage-service.ts';
import { registerNewClient } from './new-client-service.ts';
import { createOnboardingServices } from './onboarding-services.ts';
import { onboardingLimitsFor } from './rate-limits.ts';
import type { OnboardingSettings } from './verification-email.ts';
import { verifyCode } from './verify-service.ts';

const tags = ['onboarding'];
const withConflict = { 409: apiErrorSchema };

/** Onboarding is for an identity not linked yet; a linked one has nothing left to do here (409). */
function unlinkedIdentityOf(request: FastifyRequest): Identity {
  if (request.linkedClient) throw identityAlreadyLinked();
  return identityOf(request);
}

/**
 * From a signed-in identity to a linked client record (registered in the signed-in scope without a
 * linked client): the signed-in check, resends and offers, verifying a code, an invitation, a new client.
 */
export function onboardingRoutes(settings: OnboardingSettings): FastifyPluginCallbackZod {
  return (app, _options, done) => {
    const services = createOnboardingServices(app.db, settings);
    const limits = onboardingLimitsFor(settings.checksPerAddress);
    const checkLimits = limitedBy(app, [limits.checksPerAddress, limits.checksPerEmail]);
    const attemptLimits = limitedBy(app, [limits.attemptsPerAddress, limits.attemptsPerIdentity]);

    // A versioned pair (R7.12): one implementation; v2 has no postcode.
    app.get(
      '/signup/check',
      {
        schema: {
          operationId: 'checkSignup',
          tags,
          summary: 'The pre-signup check for the signed-in identity; a code is bound to it',
          querystring: signupCheckQuerySchema,
          response: { 200: signupCheckResponseSchema, ...withConflict },
        },
        preHandler: checkLimits,
      },
      (request) => {
        const { LastName, PostCode, Email, PracticeId } = request.query;
        return runCheck(
          { ...services, log: request.log },
          { lastName: LastName, postcode: PostCode, email: Email, practiceId: PracticeId },
          { mode: 'signin', identity: unlinkedIdentityOf(request) },
        );
      },
    );
    app.get(
      '/signup-v2/check',
      {
        schema: {
          operationId: 'checkSignupV2',
          tags,
          summary: 'The signed-in check without a postcode: records match on last name and e-mail',
          querystring: signupV2CheckQuerySchema,
          response: { 200: signupCheckResponseSchema, ...withConflict },
        },
        preHandler: checkLimits,
      },
      (request) => {
        const { LastName, Email, PracticeId } = request.query;
        return runCheck(
          { ...services, log: request.log },
          { lastName: LastName, postcode: null, email: Email, practiceId: PracticeId },
          { mode: 'signin', identity: unlinkedIdentityOf(request) },
        );
      },
    );

    app.get(
      '/signup/link-stage',
      {
        schema: {
          operationId: 'getLinkStage',
          tags,
          summary: "Where the signed-in person's link to a client record stands, and so the next step",
          response: { 200: linkStageSchema },
        },
      },
      (request) => linkStageOf(services, identityOf(request), request.linkedClient !== null, new Date()),
    );
    app.put(
      '/signup/waiting-for-invitation',
      {
        schema: {
          operationId: 'waitForInvitation',
          tags,
          summary: "The signed-in person will wait for this practice's invitation",
          body: waitForInvitationBodySchema,
          response: { 204: z.null(), 400: apiErrorSchema, ...withConflict },
        },
      },
      async (request, reply) => {
        await waitForInvitation(
          services.stages,
          unlinkedIdentityOf(request),
          request.body.practiceId,
          new Date(),
        );
        return reply.code(204).send(null);
      },
    );

    app.post(
      '/signup/resend',
      {
        schema: {
          operationId: 'resendSignupCode',
          tags,
          summary: "A new code for the signed-in identity's verification under way",
          response: { 204: z.null(), 400: apiErrorSchema, ...withConflict },
        },
        preHandler: limitedBy(app, [limits.resendsPerAddress, limits.attemptsPerIdentity]),
      },
      async (request, reply) => {
        await services.followUps.resendForIdentity(unlinkedIdentityOf(request), new Date());
        return reply.code(204).send(null);
      },
    );

    app.post(
      '/signup-v2/complete-signup',
      {
        schema: {
          operationId: 'completeSignupV2',
          tags,
          summary: "Confirm a ChooseEmail/ChoosePostcode offer of the identity's check: the code is sent",
          body: checkTokenBodySchema,
          response: { 200: clientProfileSchema, ...withConflict },
        },
        preHandler: limitedBy(app, [limits.resendsPerAddress, limits.attemptsPerIdentity]),
      },
      async (request) => {
        const identity = unlinkedIdentityOf(request);
        await services.followUps.confirmOffer(identity, request.body.checkToken, new Date());
        return findClientProfile(services.profiles, identity, null);
      },
    );

    for (const [url, operationId] of [
      ['/client/verify', 'verifyClient'],
      ['/v2/verify', 'verifyClientV2'],
    ] as const) {
      app.patch(
        url,
        {
          schema: {
            operationId,
            tags,
            summary: 'Use an e-mailed code: links the signed-in identity to the client record',
            body: verifyBodySchema,
            response: { 200: clientProfileSchema, ...withConflict },
          },
          preHandler: attemptLimits,
        },
        (request) => verifyCode(services, unlinkedIdentityOf(request), request.body),
      );
    }

    app.patch(
      '/client/activate',
      {
        schema: {
          operationId: 'activateClient',
          tags,
          summary: "Use a practice's invitation: links the signed-in identity to the invited client record",
          body: activateBodySchema,
          response: { 200: clientProfileSchema, ...withConflict },
        },
        preHandler: attemptLimits,
      },
      (request) => activateInvitation(services, unlinkedIdentityOf(request), request.body),
    );

    app.post(
      '/client/signup',
      {
        schema: {
          operationId: 'signUpNewClient',
          tags,
          summary: 'Register as a new client of a practice: the record is created and linked',
          body: newClientBodySchema,
          // 403: the provider has not verified the identity's e-mail, which the record would take.
          response: { 201: clientProfileSchema, 403: apiErrorSchema, ...withConflict },
        },
        preHandler: attemptLimits,
      },
      async (request, reply) => {
        const profile = await registerNewClient(services, unlinkedIdentityOf(request), request.body);
        return reply.code(201).send(profile);
      },
    );

    done();
  };
}
