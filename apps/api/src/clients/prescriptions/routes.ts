import { apiErrorSchema } from '@vet/contracts/errors';
import { petIdParamsSchema } from '@vet/contracts/pets';
import {
  newPrescriptionRequestSchema,
  petMedicinesSchema,
  prescriptionRequestSchema,
  prescriptionRequestsSchema,
} from '@vet/contracts/prescription-requests';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { linkedClientOf } from '../../platform/index.ts';
import {
  createPrescriptionRequest,
  listPetMedicines,
  listPrescriptionRequests,
  type PrescriptionDeps,
} from './prescription-requests.ts';
import { createPrescriptionsRepository } from './prescriptions-repository.ts';

const tags = ['prescriptions'];

/**
 * Repeat prescriptions (decision 0111): the signed-in client's pets' medicines, their requests, and a new
 * request. Another client's pet, and a medicine not on the pet's list, answer like a missing one (404).
 */
export const prescriptionRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const deps: PrescriptionDeps = { db: app.db, repository: createPrescriptionsRepository() };

  app.get(
    '/v2/pets/:petId/medications',
    {
      schema: {
        operationId: 'getPetMedications',
        tags,
        summary:
          'The pet’s current medicines, whether a repeat may be asked for, and the written prescription fee',
        description:
          'As the practice system sent them (medications.csv). Each says whether a repeat may be asked for now ' +
          'and, if not, why (not repeatable, no repeats left, a review needed). 403 for a pet that has died or ' +
          'been rehomed.',
        params: petIdParamsSchema,
        response: { 200: petMedicinesSchema, 403: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    (request) => listPetMedicines(deps, linkedClientOf(request).clientId, request.params.petId, new Date()),
  );

  app.get(
    '/prescription-requests',
    {
      schema: {
        operationId: 'listPrescriptionRequests',
        tags,
        summary: 'The signed-in client’s repeat prescription requests and where each stands, newest first',
        response: { 200: prescriptionRequestsSchema },
      },
    },
    (request) => listPrescriptionRequests(deps, linkedClientOf(request).clientId),
  );

  app.post(
    '/prescription-requests',
    {
      schema: {
        operationId: 'requestPrescription',
        tags,
        summary:
          'Asks the practice for repeats of the pet’s medicines, to collect or as a written prescription',
        description:
          'Sent to the practice system as prescription.requested. 400 names the quantity limit; 403 carries ' +
          '`code` `review_needed` (book a review), `not_repeatable`, `no_repeats_left` or `pet_not_active`.',
        body: newPrescriptionRequestSchema,
        response: { 201: prescriptionRequestSchema, 403: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const created = await createPrescriptionRequest(
        deps,
        linkedClientOf(request).clientId,
        request.body,
        new Date(),
      );
      return reply.code(201).send(created);
    },
  );

  done();
};
