import {
  addressLookupQuerySchema,
  addressLookupResponseSchema,
  addressParamsSchema,
  addressSchema,
} from '@vet/contracts/address-lookup';
import { apiErrorSchema } from '@vet/contracts/errors';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { commonErrorResponses, notFound } from '../http/errors.ts';
import { createAddressRepository } from './address-repository.ts';

/**
 * Spec 7 "Lookups": address candidates by text or postcode, then one address by service and id. Signed-in
 * only (it serves the new-client form), so the data set cannot be scraped anonymously.
 */
export const addressRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const repository = createAddressRepository(app.db);
  const signedIn = { 401: apiErrorSchema, 503: apiErrorSchema, ...commonErrorResponses };

  app.get(
    '/address-lookup',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['lookups'],
        summary: 'Address candidates by postcode or part of the first line',
        security: [{ bearerAuth: [] }],
        querystring: addressLookupQuerySchema,
        response: { 200: addressLookupResponseSchema, 400: apiErrorSchema, ...signedIn },
      },
    },
    async (request) => ({ addresses: await repository.search(request.query.text) }),
  );

  app.get(
    '/address-lookup/:serviceId/:addressId',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['lookups'],
        summary: 'One address, from a candidate of the search',
        security: [{ bearerAuth: [] }],
        params: addressParamsSchema,
        response: { 200: addressSchema, 400: apiErrorSchema, 404: apiErrorSchema, ...signedIn },
      },
    },
    async (request) => {
      const address = await repository.find(request.params.serviceId, request.params.addressId);
      if (!address) throw notFound('We could not find that address.');
      return address;
    },
  );

  done();
};
