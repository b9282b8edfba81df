import {
  addressLookupErrorCodes,
  addressLookupMessages,
  addressLookupQuerySchema,
  addressLookupResponseSchema,
  addressParamsSchema,
  addressSchema,
} from '@vet/contracts/address-lookup';
import { apiErrorSchema } from '@vet/contracts/errors';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { byIdentity, limitedBy, notFound, serviceUnavailable, type LimitRule } from '../../platform/index.ts';
import { addressProviderOf, type AddressLookupSettings } from './address-lookup.ts';
import { AddressLookupUnavailable, type AddressProvider } from './address-provider.ts';

const tenMinutes = 10 * 60_000;

/**
 * Per signed-in identity (decision 0098): a person finds their address in a few searches and one choice.
 * The provider's autocomplete limit (3000 requests in 5 minutes) is the whole portal's, and each
 * retrieval is paid for: one account must not spend them for everyone.
 */
export const addressLookupLimits = {
  searches: { name: 'address-searches', max: 60, windowMs: tenMinutes, key: byIdentity },
  retrievals: { name: 'address-retrievals', max: 20, windowMs: tenMinutes, key: byIdentity },
} as const satisfies Record<string, LimitRule>;

/**
 * R3.8 and R7.6: address candidates by text or postcode, then one address by service and id, from the
 * configured provider (decision 0098). In the signed-in scope (it serves the new-client form), so the data
 * set cannot be scraped anonymously. A provider that fails answers 503 with words that send the person to
 * the address fields; the log gets a code, never the text searched or the address.
 */
export const addressRoutes =
  (settings: AddressLookupSettings): FastifyPluginCallbackZod =>
  (app, _options, done) => {
    const provider = addressProviderOf(settings, app.db);
    const providerOrOff = (log: FastifyBaseLogger): AddressProvider => {
      if (provider) return provider;
      log.info({ addressLookup: { failure: 'off' } }, 'address lookup is off');
      throw serviceUnavailable(addressLookupMessages.off, addressLookupErrorCodes.off);
    };
    /** A provider's failure as the 503 that sends the person to the fields; anything else as it is. */
    function unavailable(log: FastifyBaseLogger, error: unknown): never {
      if (!(error instanceof AddressLookupUnavailable)) throw error;
      log.warn(
        { addressLookup: { service: provider?.serviceId, failure: error.failure, ...error.answer } },
        'address lookup unavailable',
      );
      throw serviceUnavailable(addressLookupMessages.unavailable, addressLookupErrorCodes.unavailable);
    }

    app.get(
      '/address-lookup',
      {
        schema: {
          operationId: 'searchAddresses',
          tags: ['lookups'],
          summary: 'Address candidates by postcode or part of the address',
          querystring: addressLookupQuerySchema,
          response: { 200: addressLookupResponseSchema, 503: apiErrorSchema },
        },
        preHandler: limitedBy(app, [addressLookupLimits.searches]),
      },
      async (request) => {
        const source = providerOrOff(request.log);
        try {
          return { addresses: await source.search(request.query.text) };
        } catch (error) {
          return unavailable(request.log, error);
        }
      },
    );

    app.get(
      '/address-lookup/:serviceId/:addressId',
      {
        schema: {
          operationId: 'getAddress',
          tags: ['lookups'],
          summary: 'One address, from a candidate of the search',
          params: addressParamsSchema,
          response: { 200: addressSchema, 404: apiErrorSchema, 503: apiErrorSchema },
        },
        preHandler: limitedBy(app, [addressLookupLimits.retrievals]),
      },
      async (request) => {
        const source = providerOrOff(request.log);
        // A candidate of another service (the demo's, before the provider was configured) is not found.
        const address =
          request.params.serviceId === source.serviceId
            ? await source
                .find(request.params.addressId)
                .catch((error: unknown) => unavailable(request.log, error))
            : undefined;
        if (!address) throw notFound('We could not find that address.');
        return address;
      },
    );

    done();
  };
