import { apiErrorSchema } from '@vet/contracts/errors';
import { petSchema, petSliceResponseSchema, petsResponseSchema } from '@vet/contracts/pets';
import { createBreed, createClient, createPet, createSpecies } from '@vet/db/testing/factories';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { describe, expect, it } from 'vitest';
import { useSignedInTestApp } from '../../testing/signed-in-app.ts';

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

  it('answers the pets the practice recorded as rehomed or without a sex, in every list and alone', async () => {
    const { client, authorization } = await signedInClient();
    const pip = await createPet(database.db, {
      clientId: client.id,
      name: 'Pip',
      status: 'Rehomed',
      sex: 'Unknown',
    });
    const get = async (url: string) => {
      const response = await context.app.inject({ url, headers: { authorization } });
      expect(response.statusCode, url).toBe(200);
      return response.json<unknown>();
    };
    const expected = { petId: pip.id, status: 'Rehomed', sex: 'Unknown' };
    expect(petsResponseSchema.parse(await get('/v2/pets'))).toMatchObject([expected]);
    expect(petSliceResponseSchema.parse(await get('/v2/pets/slice')).slicedData).toMatchObject([expected]);
    expect(petSchema.parse(await get(`/v2/pets/${pip.id}`))).toMatchObject(expected);
  });

  it('sorts by name ignoring case, ties by id: the one order every screen shows', async () => {
    const { client, authorization } = await signedInClient();
    const species = await createSpecies(database.db, { name: `Cat ${crypto.randomUUID()}` });
    const create = (name: string) =>
      createPet(database.db, { clientId: client.id, name, speciesId: species.id });
    const rexLower = await create('rex');
    const bella = await create('bella');
    const rexUpper = await create('Rex');
    const alfie = await create('Alfie');

    const response = await context.app.inject({ url: '/v2/pets', headers: { authorization } });
    const pets = petsResponseSchema.parse(response.json());
    expect(pets.map((p) => p.petId)).toEqual([alfie.id, bella.id, rexLower.id, rexUpper.id]);
  });

  it('sorts by the field asked for, ascending, ties by id; undated pets last', async () => {
    const { client, authorization } = await signedInClient();
    const create = (name: string, dateOfBirth: string | null) =>
      createPet(database.db, { clientId: client.id, name, dateOfBirth });
    const young = await create('Alfie', '2024-05-01');
    const undated = await create('Bella', null);
    const oldTwin = await create('Cleo', '2015-02-03');
    const otherTwin = await create('Dot', '2015-02-03');

    const ids = async (query: string) => {
      const response = await context.app.inject({ url: `/v2/pets${query}`, headers: { authorization } });
      expect(response.statusCode, query).toBe(200);
      return petsResponseSchema.parse(response.json()).map((pet) => pet.petId);
    };
    expect(await ids('?sortBy=dateOfBirth')).toEqual([oldTwin.id, otherTwin.id, young.id, undated.id]);
    expect(await ids('?sortBy=petId')).toEqual([young.id, undated.id, oldTwin.id, otherTwin.id]);
    expect(await ids('?sortBy=name')).toEqual(await ids(''));

    const bad = await context.app.inject({ url: '/v2/pets?sortBy=colour', headers: { authorization } });
    expect(bad.statusCode).toBe(400);
    expect(apiErrorSchema.parse(bad.json()).issues?.map((issue) => issue.path)).toEqual(['sortBy']);
  });

  it('slices: the first three by name and the total (R3.6), or as many as asked for', async () => {
    const { client, authorization } = await signedInClient();
    const other = await signedInClient();
    for (const name of ['Pip', 'alfie', 'Mabel', 'Bonnie', 'Zed']) {
      await createPet(database.db, { clientId: client.id, name });
    }
    await createPet(database.db, { clientId: other.client.id, name: 'Aaron' });

    const slice = async (query: string) => {
      const response = await context.app.inject({
        url: `/v2/pets/slice${query}`,
        headers: { authorization },
      });
      expect(response.statusCode, query).toBe(200);
      const body = petSliceResponseSchema.parse(response.json());
      return { total: body.total, names: body.slicedData.map((pet) => pet.name) };
    };
    expect(await slice('')).toEqual({ total: 5, names: ['alfie', 'Bonnie', 'Mabel'] });
    expect(await slice('?take=1&sortBy=petId')).toEqual({ total: 5, names: ['Pip'] });
    expect(await slice('?take=10')).toEqual({ total: 5, names: ['alfie', 'Bonnie', 'Mabel', 'Pip', 'Zed'] });

    const none = await signedInClient();
    const empty = await context.app.inject({
      url: '/v2/pets/slice',
      headers: { authorization: none.authorization },
    });
    expect(empty.json()).toEqual({ total: 0, slicedData: [] });

    for (const take of ['0', '101', 'three']) {
      const bad = await context.app.inject({
        url: `/v2/pets/slice?take=${take}`,
        headers: { authorization },
      });
      expect(bad.statusCode, take).toBe(400);
    }
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

  it('answers an identity not linked on the list exactly as on the routes whose scope finds the client', async () => {
    const authorization = await bearerForNewIdentity();
    const list = await context.app.inject({ url: '/v2/pets?sortBy=dateOfBirth', headers: { authorization } });
    const slice = await context.app.inject({ url: '/v2/pets/slice', headers: { authorization } });
    expect(list.statusCode).toBe(403);
    expect(list.json()).toEqual(slice.json());
  });

  it('finds the client by issuer and subject together: the same subject from another issuer is someone else', async () => {
    const subject = `subject-${crypto.randomUUID()}`;
    const elsewhere = await createClient(database.db, {
      identityIssuer: 'https://another-provider.example',
      identitySubject: subject,
    });
    await createPet(database.db, { clientId: elsewhere.id, name: 'Not yours' });
    const authorization = `Bearer ${await context.provider.sign({ claims: { sub: subject } })}`;

    const response = await context.app.inject({ url: '/v2/pets', headers: { authorization } });
    expect(response.statusCode).toBe(403);
    expect(response.body).not.toContain('Not yours');
  });

  it('answers 400 for a malformed pet id', async () => {
    const { authorization } = await signedInClient();
    const response = await context.app.inject({ url: '/v2/pets/rex', headers: { authorization } });
    expect(response.statusCode).toBe(400);
  });
});
