import { apiErrorSchema } from '@vet/contracts/errors';
import { petSchema, petsResponseSchema } from '@vet/contracts/pets';
import { createBreed, createPet, createSpecies } from '@vet/db/testing/factories';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { describe, expect, it } from 'vitest';
import { useSignedInTestApp } from '../testing/signed-in-app.ts';

const database = useTestDatabase();
const { context, bearerForNewIdentity, signedInClient } = useSignedInTestApp(database);

describe('pets of the signed-in client', () => {
  it('lists only their pets, by name then id, with lookup names', async () => {
    const { client, authorization } = await signedInClient();
    const other = await signedInClient();
    const dog = await createSpecies(database.db, { name: `Dog ${crypto.randomUUID()}` });
    const breed = await createBreed(database.db, { speciesId: dog.id, name: 'Beagle' });
    const rex = await createPet(database.db, {
      clientId: client.id,
      name: 'Rex',
      speciesId: dog.id,
      breedId: breed.id,
    });
    const alfie = await createPet(database.db, { clientId: client.id, name: 'Alfie', speciesId: dog.id });
    await createPet(database.db, { clientId: other.client.id, name: 'Aardvark', speciesId: dog.id });

    const response = await context.app.inject({ url: '/v2/pets', headers: { authorization } });
    expect(response.statusCode).toBe(200);
    const pets = petsResponseSchema.parse(response.json());
    expect(pets.map((p) => p.petId)).toEqual([alfie.id, rex.id]);
    expect(pets[1]).toMatchObject({
      name: 'Rex',
      speciesName: dog.name,
      breedName: 'Beagle',
      status: 'Active',
    });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers an empty list for a client with no pets', async () => {
    const { authorization } = await signedInClient();
    const response = await context.app.inject({ url: '/v2/pets', headers: { authorization } });
    expect(response.json()).toEqual([]);
  });

  it('shows one pet to its owner; another client’s pet answers exactly like a missing one', async () => {
    const owner = await signedInClient();
    const stranger = await signedInClient();
    const pet = await createPet(database.db, { clientId: owner.client.id, name: 'Mittens' });

    const own = await context.app.inject({
      url: `/v2/pets/${pet.id}`,
      headers: { authorization: owner.authorization },
    });
    expect(petSchema.parse(own.json())).toMatchObject({ petId: pet.id, name: 'Mittens' });

    const theirs = await context.app.inject({
      url: `/v2/pets/${pet.id}`,
      headers: { authorization: stranger.authorization },
    });
    const missing = await context.app.inject({
      url: '/v2/pets/2147483647',
      headers: { authorization: stranger.authorization },
    });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual(missing.json());
  });

  it('answers 403 to an identity not linked to a client, and 401 without a token', async () => {
    const unlinked = await context.app.inject({
      url: '/v2/pets',
      headers: { authorization: await bearerForNewIdentity() },
    });
    expect(unlinked.statusCode).toBe(403);
    expect(apiErrorSchema.parse(unlinked.json())).toMatchObject({ statusCode: 403, error: 'Forbidden' });
    expect((await context.app.inject({ url: '/v2/pets' })).statusCode).toBe(401);
  });

  it('answers 400 for a malformed pet id', async () => {
    const { authorization } = await signedInClient();
    const response = await context.app.inject({ url: '/v2/pets/rex', headers: { authorization } });
    expect(response.statusCode).toBe(400);
  });
});
