import { apiErrorSchema } from '@vet/contracts/errors';
import {
  editablePetSchema,
  editPetBodySchema,
  petChangedConflictSchema,
  petDepartureBodySchema,
  type EditablePet,
} from '@vet/contracts/pet-changes';
import { petIdParamsSchema } from '@vet/contracts/pets';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { linkedClientOf, errorBody } from '../../platform/index.ts';
import {
  changePetDetails,
  editablePet,
  PetChangedElsewhere,
  recordPetDeparture,
  type DepartureCancellation,
  type PetChangesDeps,
} from './pet-changes.ts';
import type { PetsRepository } from './pets-repository.ts';

const tags = ['pets'];
const refusals = { 403: apiErrorSchema, 404: apiErrorSchema, 409: petChangedConflictSchema };

/**
 * R2.40 (decision 0083): the signed-in client edits their own pet, or records that it has died
 * or has a new home. Another client's pet answers like a missing one (404); a version the pet no longer
 * has answers 409 with the pet as it now is; a pet no longer active answers 403.
 */
export const petChangeRoutes: FastifyPluginCallbackZod<{
  pets: PetsRepository;
  cancelAppointmentsOf: DepartureCancellation;
}> = (app, { pets, cancelAppointmentsOf }, done) => {
  const deps: PetChangesDeps = { db: app.db, pets, cancelAppointmentsOf };
  /** The change's answer, or 409 with the current pet when another change came first. */
  async function answer(
    reply: FastifyReply,
    clientId: number,
    petId: number,
    change: () => Promise<EditablePet>,
  ) {
    try {
      return await change();
    } catch (error) {
      if (!(error instanceof PetChangedElsewhere)) throw error;
      const current = await editablePet(deps, clientId, petId);
      return reply.code(409).send({ ...errorBody(409, error.message), current });
    }
  }

  app.get(
    '/v2/pets/:petId/edit',
    {
      schema: {
        operationId: 'getEditablePet',
        tags,
        summary: 'One of the signed-in client’s pets as its edit form starts from, with its version',
        params: petIdParamsSchema,
        response: { 200: editablePetSchema, 404: apiErrorSchema },
      },
    },
    (request) => editablePet(deps, linkedClientOf(request).clientId, request.params.petId),
  );

  app.patch(
    '/v2/pets/:petId',
    {
      schema: {
        operationId: 'editPet',
        tags,
        summary: 'Changes the name, neutered, microchip, insurer and policy number of the client’s pet',
        description:
          'With the registration rules. `version` is the one GET /v2/pets/{petId}/edit gave: 409 with ' +
          'the pet as it now is when it has changed since; 403 for a pet that has died or been rehomed. ' +
          'Only the fields that changed are written and sent to the practice (pet.details_changed).',
        params: petIdParamsSchema,
        body: editPetBodySchema,
        response: { 200: editablePetSchema, 400: apiErrorSchema, ...refusals },
      },
    },
    (request, reply) => {
      const { clientId } = linkedClientOf(request);
      const { petId } = request.params;
      return answer(reply, clientId, petId, () =>
        changePetDetails(deps, clientId, petId, request.body.version, request.body.details),
      );
    },
  );

  app.put(
    '/v2/pets/:petId/status',
    {
      schema: {
        operationId: 'recordPetDeparture',
        tags,
        summary: 'Records that the client’s pet has died (Deceased) or has a new home (Rehomed)',
        description:
          'The pet and its history stay; it can no longer be booked for (decision 0066) and gets no ' +
          'reminders. Its booked appointments still to come are cancelled, each e-mailed and sent to ' +
          'the practice as appointment.cancelled (decision 0099). `version` as for PATCH (409 with the ' +
          'current pet when it has changed). The practice is sent pet.died or pet.rehomed.',
        params: petIdParamsSchema,
        body: petDepartureBodySchema,
        response: { 200: editablePetSchema, 400: apiErrorSchema, ...refusals },
      },
    },
    (request, reply) => {
      const { clientId } = linkedClientOf(request);
      const { petId } = request.params;
      return answer(reply, clientId, petId, () =>
        recordPetDeparture(deps, clientId, petId, request.body.version, request.body.status),
      );
    },
  );

  done();
};
