import { apiErrorSchema } from '@vet/contracts/errors';
import {
  appointmentReasonsResponseSchema,
  breedParamsSchema,
  breedsResponseSchema,
  cancellationReasonsResponseSchema,
  coloursResponseSchema,
  insurersResponseSchema,
  salutationsResponseSchema,
  speciesParamsSchema,
  speciesResponseSchema,
} from '@vet/contracts/lookups';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { findBreedColours, findBreeds } from './breeds-and-colours.ts';
import { createReferenceDataRepository } from './reference-data-repository.ts';
import { createSpeciesRepository } from './species-repository.ts';

/** Reference data changes rarely and is the same for everyone: browsers and proxies may keep it 5 minutes. */
export const LOOKUP_CACHE_CONTROL = 'public, max-age=300';

const tags = ['lookups'];
const withNotFound = { 404: apiErrorSchema };

/** Public reference data. Encapsulated, so the caching hook applies to these routes only. */
export const lookupRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const referenceData = createReferenceDataRepository(app.db);
  const species = createSpeciesRepository(app.db);

  // Only successful answers are cacheable; an error must not stick in a shared cache.
  app.addHook('onSend', (_request, reply, payload, next) => {
    if (reply.statusCode >= 200 && reply.statusCode < 300)
      reply.header('cache-control', LOOKUP_CACHE_CONTROL);
    next(null, payload);
  });

  app.get(
    '/lookup/salutations',
    {
      schema: {
        operationId: 'listSalutations',
        tags,
        summary: 'Salutations (Mr, Mrs, ...) in display order',
        response: { 200: salutationsResponseSchema },
      },
    },
    () => referenceData.listSalutations(),
  );

  app.get(
    '/lookup/online-appointment-reasons',
    {
      schema: {
        operationId: 'listOnlineAppointmentReasons',
        tags,
        summary: 'Reasons a client can book online, with the species each is limited to (none: all)',
        response: { 200: appointmentReasonsResponseSchema },
      },
    },
    () => referenceData.listOnlineAppointmentReasons(),
  );

  app.get(
    '/lookup/cancellation-reasons',
    {
      schema: {
        operationId: 'listCancellationReasons',
        tags,
        summary: 'Reasons a client can give for cancelling an appointment',
        response: { 200: cancellationReasonsResponseSchema },
      },
    },
    () => referenceData.listCancellationReasons(),
  );

  app.get(
    '/v2/insurers',
    {
      schema: {
        operationId: 'listInsurers',
        tags,
        summary: 'Pet insurers, by name',
        response: { 200: insurersResponseSchema },
      },
    },
    () => referenceData.listInsurers(),
  );

  app.get(
    '/v2/species',
    {
      schema: {
        operationId: 'listSpecies',
        tags,
        summary: 'Species in display order',
        response: { 200: speciesResponseSchema },
      },
    },
    () => species.listSpecies(),
  );

  app.get(
    '/v2/species/:speciesId/breeds',
    {
      schema: {
        operationId: 'listBreeds',
        tags,
        summary: 'The breeds of a species, by name, each with its synonyms (when it has some)',
        params: speciesParamsSchema,
        response: { 200: breedsResponseSchema, ...withNotFound },
      },
    },
    (request) => findBreeds(species, request.params.speciesId),
  );

  app.get(
    '/v2/species/:speciesId/breeds/:breedId/colours',
    {
      schema: {
        operationId: 'listBreedColours',
        tags,
        summary: 'The colours a breed of a species comes in, by name',
        params: breedParamsSchema,
        response: { 200: coloursResponseSchema, ...withNotFound },
      },
    },
    (request) => findBreedColours(species, request.params.speciesId, request.params.breedId),
  );

  done();
};
