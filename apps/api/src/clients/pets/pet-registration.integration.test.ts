import { apiErrorSchema } from '@vet/contracts/errors';
import {
  petRegistrationUnavailableMessage,
  petsResponseSchema,
  practiceToday,
  registeredPetSchema,
} from '@vet/contracts/pets';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { describe, expect, it } from 'vitest';
import { useSignedInTestApp } from '../../testing/signed-in-app.ts';
import {
  clientOfPractice,
  registrationLookups,
  validRegistration,
} from './testing/pet-registration-fixtures.ts';

const database = useTestDatabase();
const db = database.db;
const { context, bearerForNewIdentity, signedInClient } = useSignedInTestApp(database);

const register = (authorization: string, payload: unknown) =>
  context.app.inject({
    method: 'POST',
    url: '/v2/pets',
    headers: { authorization },
    payload: payload as object,
  });

describe('POST /v2/pets', () => {
  it('registers the pet to the signed-in client, active and awaiting its initial consultation', async () => {
    const choices = await registrationLookups(db);
    const { client, authorization } = await clientOfPractice(db, signedInClient, 'true');

    const response = await register(authorization, validRegistration(choices));

    expect(response.statusCode).toBe(201);
    const pet = registeredPetSchema.strict().parse(response.json());
    expect(pet).toMatchObject({
      name: 'Rolo',
      speciesId: choices.dog.id,
      breedName: 'Beagle',
      colourName: 'Tricolour',
      sex: 'Male',
      neutered: false,
      dateOfBirth: '2025-03-14',
      microchipNumber: '941000024680135',
      insurerName: choices.insurer.name,
      policyNumber: 'PP-123/45',
      status: 'Active',
      awaitingInitialConsultation: true,
      registeredOnline: true,
    });
    const list = await context.app.inject({ url: '/v2/pets', headers: { authorization } });
    expect(petsResponseSchema.parse(list.json()).map((p) => p.petId)).toEqual([pet.petId]);
    expect(client.id).toBeGreaterThan(0);
  });

  it('ignores an owner, status or consultation flag in the body (no mass assignment)', async () => {
    const choices = await registrationLookups(db);
    const victim = await signedInClient();
    const { authorization } = await clientOfPractice(db, signedInClient, 'True');

    const response = await register(authorization, {
      ...validRegistration(choices),
      petId: 1,
      clientId: victim.client.id,
      status: 'Deceased',
      awaitingInitialConsultation: false,
      registeredOnline: false,
    });

    expect(response.statusCode).toBe(201);
    const pet = registeredPetSchema.parse(response.json());
    expect(pet).toMatchObject({
      status: 'Active',
      awaitingInitialConsultation: true,
      registeredOnline: true,
    });
    expect(pet.petId).not.toBe(1);
    const own = await context.app.inject({ url: `/v2/pets/${pet.petId}`, headers: { authorization } });
    expect(own.statusCode).toBe(200);
    const victims = await context.app.inject({
      url: '/v2/pets',
      headers: { authorization: victim.authorization },
    });
    expect(victims.json()).toEqual([]);
  });

  it('registers without optional fields, and without a breed where the species has none', async () => {
    const choices = await registrationLookups(db);
    const { authorization } = await clientOfPractice(db, signedInClient);
    const response = await register(authorization, {
      name: 'Bubbles',
      speciesId: choices.fish.id,
      sex: 'Female',
      neutered: false,
      dateOfBirth: practiceToday(new Date()),
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      breedId: null,
      colourId: null,
      microchipNumber: null,
      insurerId: null,
      policyNumber: null,
    });
  });

  it.each([
    ['the client is not allowed', 'True', { onlineBookingAllowed: false }],
    ['the practice has registration off', 'False', {}],
    ['the practice has no registration setting', null, {}],
  ])('answers 403 with a message when %s, whatever the body says', async (_why, setting, overrides) => {
    const choices = await registrationLookups(db);
    const { authorization } = await clientOfPractice(db, signedInClient, setting, overrides);
    for (const payload of [validRegistration(choices), {}, { clientId: 1, status: 'Active' }]) {
      const response = await register(authorization, payload);
      expect(response.statusCode).toBe(403);
      expect(apiErrorSchema.strict().parse(response.json())).toEqual({
        statusCode: 403,
        error: 'Forbidden',
        message: petRegistrationUnavailableMessage,
      });
    }
    const list = await context.app.inject({ url: '/v2/pets', headers: { authorization } });
    expect(list.json()).toEqual([]);
  });

  it('answers 401 without a token and 403 to an identity not linked to a client', async () => {
    expect((await context.app.inject({ method: 'POST', url: '/v2/pets', payload: {} })).statusCode).toBe(401);
    const unlinked = await register(await bearerForNewIdentity(), {});
    expect(unlinked.statusCode).toBe(403);
  });
});
