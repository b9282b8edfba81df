import { apiErrorSchema } from '@vet/contracts/errors';
import {
  petIdParamsSchema,
  petListQuerySchema,
  petSchema,
  petSliceQuerySchema,
  petSliceResponseSchema,
  petsResponseSchema,
  registeredPetSchema,
  registerPetBodySchema,
} from '@vet/contracts/pets';
import { petHealthRecordSchema } from '@vet/contracts/pet-health-record';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { clientNotLinked, linkedClientOf, identityOf, notFound } from '../../platform/index.ts';
import {
  createLookupNames,
  createReferenceDataRepository,
  createSpeciesRepository,
  createPracticesRepository,
} from '../../reference/index.ts';
import { petChangeRoutes } from './pet-change-routes.ts';
import type { DepartureCancellation } from './pet-changes.ts';
import { createHealthRecordRepository } from './health-record.ts';
import { assertMayRegisterPets, registerPet, type PetRegistrationDeps } from './pet-registration.ts';
import { createPetsRepository } from './pets-repository.ts';

const tags = ['pets'];

/**
 * The signed-in client's pets. Another client's pet answers exactly like a missing one (404).
 * `newPetsPerDay`: the pets a client may register online in 24 hours (decision 0057).
 */
export const petRoutes =
  (options: {
    newPetsPerDay: number;
    cancelAppointmentsOf: DepartureCancellation;
  }): FastifyPluginCallbackZod =>
  (app, _options, done) => {
    const repository = createPetsRepository(app.db, createLookupNames(app.db));
    const practices = createPracticesRepository(app.db);
    const healthRecords = createHealthRecordRepository(app.db);
    const registration: PetRegistrationDeps = {
      db: app.db,
      newPetsPerDay: options.newPetsPerDay,
      featureToggles: (practiceId) => practices.listFeatureToggles(practiceId),
      species: createSpeciesRepository(app.db),
      referenceData: createReferenceDataRepository(app.db),
      pets: repository,
    };

    app.get(
      '/v2/pets',
      {
        schema: {
          operationId: 'listPets',
          tags,
          summary: "The signed-in client's pets, by name unless sortBy says otherwise (ties by petId)",
          querystring: petListQuerySchema,
          response: { 200: petsResponseSchema },
        },
        // Read on most pages: the linked client is found in the list's own statement (decision 0037).
        config: { linkedClient: 'read-by-route' },
      },
      async (request) => {
        const pets = await repository.listForIdentity(identityOf(request), request.query.sortBy);
        if (!pets) throw clientNotLinked();
        return pets;
      },
    );

    // R3.6, R7.8: a separate operation, so that each operation answers one shape (see decision 0017).
    app.get(
      '/v2/pets/slice',
      {
        schema: {
          operationId: 'listPetsSlice',
          tags,
          summary: "The first `take` (3) of the signed-in client's pets by sortBy, and their total",
          querystring: petSliceQuerySchema,
          response: { 200: petSliceResponseSchema },
        },
      },
      (request) =>
        repository.sliceForClient(linkedClientOf(request).clientId, request.query.sortBy, request.query.take),
    );

    app.get(
      '/v2/pets/:petId',
      {
        schema: {
          operationId: 'getPet',
          tags,
          summary: 'One of the signed-in client’s pets',
          params: petIdParamsSchema,
          response: { 200: petSchema, 404: apiErrorSchema },
        },
      },
      async (request) => {
        const pet = await repository.findForClient(linkedClientOf(request).clientId, request.params.petId);
        if (!pet) throw notFound('We could not find that pet.');
        return pet;
      },
    );

    app.get(
      '/v2/pets/:petId/health-record',
      {
        schema: {
          operationId: 'getPetHealthRecord',
          tags,
          summary: 'One of the signed-in client’s pets: its vaccinations given and due, and its practice',
          description:
            'Due: per vaccine, the due date of its latest dose; overdue from the day after it, by the ' +
            'practice’s UK date. Nothing is due for a pet that is no longer active.',
          params: petIdParamsSchema,
          response: { 200: petHealthRecordSchema, 404: apiErrorSchema },
        },
      },
      async (request) => {
        const record = await healthRecords.findForClient(
          linkedClientOf(request).clientId,
          request.params.petId,
          new Date(),
        );
        if (!record) throw notFound('We could not find that pet.');
        return record;
      },
    );

    app.post(
      '/v2/pets',
      {
        schema: {
          operationId: 'registerPet',
          tags,
          summary: 'Registers a pet to the signed-in client, awaiting its initial consultation',
          description:
            'The owner is the signed-in client; any clientId, status or awaitingInitialConsultation in the body ' +
            'is ignored. 403 when the client may not register pets online or the home practice has pet ' +
            'registration off; 429 past the new pets a client may register online in 24 hours.',
          body: registerPetBodySchema,
          response: { 201: registeredPetSchema },
        },
        // Before the body is validated: a client who may not register learns only that, whatever was sent.
        preValidation: (request) => assertMayRegisterPets(registration, linkedClientOf(request)),
      },
      async (request, reply) => {
        const pet = await registerPet(registration, linkedClientOf(request), request.body);
        return reply.code(201).send(pet);
      },
    );

    // Editing a pet, and its death or new home (R2.40, decision 0083).
    void app.register(petChangeRoutes, {
      pets: repository,
      cancelAppointmentsOf: options.cancelAppointmentsOf,
    });

    done();
  };
