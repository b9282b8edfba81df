import {
  addressLookupQuerySchema,
  addressLookupResponseSchema,
  addressParamsSchema,
  addressSchema,
} from '@vet/contracts/address-lookup';
import { apiErrorSchema } from '@vet/contracts/errors';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { notFound } from '../../platform/index.ts';
import { createAddressRepository } from './address-repository.ts';

/**
 * R3.8 and R7.6: address candidates by text or postcode, then one address by service and id. In the
 * signed-in scope (it serves the new-client form), so the data set cannot be scraped anonymously.
 */
export const addressRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const repository = createAddressRepository(app.db);

  app.get(
    '/address-lookup',
    {
      schema: {
        operationId: 'searchAddresses',
        tags: ['lookups'],
        summary: 'Address candidates by postcode or part of the first line',
        querystring: addressLookupQuerySchema,
        response: { 200: addressLookupResponseSchema },
      },
    },
    async (request) => ({ addresses: await repository.search(request.query.text) }),
  );

  app.get(
    '/address-lookup/:serviceId/:addressId',
    {
      schema: {
        operationId: 'getAddress',
        tags: ['lookups'],
        summary: 'One address, from a candidate of the search',
        params: addressParamsSchema,
        response: { 200: addressSchema, 404: apiErrorSchema },
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
