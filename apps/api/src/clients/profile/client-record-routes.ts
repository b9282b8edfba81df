import { apiErrorSchema } from '@vet/contracts/errors';
import { clientDetailsSchema, updateClientDetailsBodySchema } from '@vet/contracts/client-details';
import {
  contactPreferencesResponseSchema,
  updateContactPreferencesBodySchema,
} from '@vet/contracts/contact-preferences';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { linkedClientOf, identityOf } from '../../platform/index.ts';
import { findClientDetails, updateClientDetails } from './client-details-service.ts';
import { createClientRecordRepository } from './client-record-repository.ts';
import { findContactPreferences, saveContactPreferences } from './contact-preferences-service.ts';

const tags = ['clients'];

// 404 only when the linked record disappears mid-request (it is never another client's record).

/**
 * The signed-in client's own record and contact preferences (client-owned scope): the client id is always
 * the linked client's, never one from the body, which is stripped of anything it does not define.
 */
export const clientRecordRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const records = createClientRecordRepository(app.db);
  const deps = { db: app.db, records };

  app.get(
    '/client',
    {
      schema: {
        operationId: 'getClientDetails',
        tags,
        summary: "The signed-in client's own details: names, phones, address and home practice",
        response: { 200: clientDetailsSchema, 404: apiErrorSchema },
      },
    },
    (request) => findClientDetails(records, linkedClientOf(request).clientId),
  );

  app.post(
    '/client',
    {
      schema: {
        operationId: 'updateClientDetails',
        tags,
        summary: "Changes the signed-in client's own details",
        description:
          'Every editable field at once. The e-mail address is the identity’s and changes at the identity ' +
          'provider only; clientId, email, activationStatus and any other key in the body is ignored. ' +
          'The home practice must be one listed online (400 on homePracticeId otherwise).',
        body: updateClientDetailsBodySchema,
        response: { 200: clientDetailsSchema, 404: apiErrorSchema },
      },
    },
    (request) =>
      updateClientDetails(deps, identityOf(request), linkedClientOf(request).clientId, request.body),
  );

  app.get(
    '/client/contact-preferences',
    {
      schema: {
        operationId: 'getContactPreferences',
        tags,
        summary: "The signed-in client's contact preferences (purposes × channels) and when last confirmed",
        response: { 200: contactPreferencesResponseSchema, 404: apiErrorSchema },
      },
    },
    (request) => findContactPreferences(deps, linkedClientOf(request).clientId),
  );

  app.put(
    '/client/contact-preferences',
    {
      schema: {
        operationId: 'updateContactPreferences',
        tags,
        summary: 'Saves (or confirms unchanged) the signed-in client’s contact preferences',
        description:
          'Sets lastConfirmedAt on every save, so requireContactPreferencesUpdate turns false; who changed ' +
          'what and when is recorded in the same transaction.',
        body: updateContactPreferencesBodySchema,
        response: { 200: contactPreferencesResponseSchema, 404: apiErrorSchema },
      },
    },
    (request) =>
      saveContactPreferences(
        deps,
        identityOf(request),
        linkedClientOf(request).clientId,
        request.body.preferences,
      ),
  );

  done();
};
