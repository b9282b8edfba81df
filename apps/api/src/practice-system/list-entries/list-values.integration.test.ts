import { randomUUID } from 'node:crypto';
import { apiErrorSchema } from '@vet/contracts/errors';
import { listValueMappingSchema, unmappedValuesSchema } from '@vet/contracts/integration-list-values';
import { integrationPathPrefix } from '@vet/contracts/machine-access';
import { petsResponseSchema } from '@vet/contracts/pets';
import { loadReferenceLists } from '@vet/db/reference/load-reference-lists';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { beforeAll, describe, expect, it } from 'vitest';
import { useSignedInTestApp } from '../../testing/signed-in-app.ts';

/**
 * A pet whose labels the lists lack, written by a practice system through the integration API (decision
 * 0131): stored, shown to its owner as the practice wrote it, listed unmapped, then mapped once.
 */
const database = useTestDatabase();
const { context, machineAuthorization, signedInClient } = useSignedInTestApp(database);
beforeAll(() => loadReferenceLists(database.pool));

const send = async (method: 'GET' | 'PUT', path: string, body?: unknown) =>
  context.app.inject({
    method,
    url: `${integrationPathPrefix}/${path}`,
    headers: {
      authorization: await machineAuthorization(),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });

async function ownerWithPet(labels: Record<string, string>) {
  const tag = randomUUID().slice(0, 8);
  const { client, authorization } = await signedInClient({ pmsRef: `CLI-${tag}` });
  const pet = { client_ref: `CLI-${tag}`, name: 'Smudge', ...labels };
  const stored = await send('PUT', `pets/PET-${tag}`, pet);
  expect(stored.statusCode, stored.body).toBe(201);
  const petOfOwner = async () => {
    const response = await context.app.inject({ url: '/v2/pets', headers: { authorization } });
    return petsResponseSchema.parse(response.json())[0];
  };
  return { client, tag, petOfOwner };
}

const unmapped = async (text: string, system = 'group') => {
  const response = await send('GET', `list-values/unmapped?list=breeds&practice_system=${system}`);
  expect(response.statusCode, response.body).toBe(200);
  return unmappedValuesSchema.parse(response.json()).items.find((item) => item.text === text);
};

describe('values no list entry matches, through the integration API', () => {
  it('stores the pet, shows its owner the practice’s words, and the mapped entry once mapped', async () => {
    const breed = `Moggy ${randomUUID().slice(0, 6)}`;
    const { petOfOwner } = await ownerWithPet({ species: 'Cat', breed, colour: 'Tabby-ish' });
    expect(await petOfOwner()).toMatchObject({ speciesName: 'Cat', breedId: null, breedName: breed });

    const value = await unmapped(breed);
    // This API's records carry no code of a value.
    expect(value).toMatchObject({
      list: 'breeds',
      species: 'Cat',
      practice_system: 'group',
      code: null,
      records: 1,
    });

    const mapped = await send('PUT', `list-values/${value!.id}/mapping`, { entry: 'Persian' });
    expect(mapped.statusCode, mapped.body).toBe(200);
    expect(listValueMappingSchema.strict().parse(mapped.json())).toMatchObject({
      text: breed,
      entry: { name: 'Persian' },
      changed: true,
      records: 1,
    });
    expect(await petOfOwner()).toMatchObject({ breedName: 'Persian' });
    expect(await unmapped(breed)).toBeUndefined();
    // Again: idempotent.
    const again = await send('PUT', `list-values/${value!.id}/mapping`, { entry: 'persian' });
    expect(again.json()).toMatchObject({ changed: false, records: 0 });
  });

  it('lists a connector’s value with its system’s id of it, the code', async () => {
    const system = `connector:codes-${randomUUID().slice(0, 6)}`;
    // As a connector's pet left it (connector-sync.integration.test.ts reads one from its system).
    await database.pool.query(
      `insert into practice_list_values (list, practice_system, species_id, key, text, code)
       select 'breeds', $1, id, 'fenmoggy', 'Fen Moggy', '4711' from species where name = 'Cat'`,
      [system],
    );
    expect(await unmapped('Fen Moggy', system)).toMatchObject({ practice_system: system, code: '4711' });
  });

  it('reads UK labels as practice systems write them: a cross, a bare VeNom code, DSH for a cat', async () => {
    const cross = await ownerWithPet({ species: 'Canine', breed: 'Labrador X' });
    expect(await cross.petOfOwner()).toMatchObject({ breedName: 'Labrador Retriever cross' });
    const venom = await ownerWithPet({ species: 'Dog', breed: '14796' });
    expect(await venom.petOfOwner()).toMatchObject({ breedName: 'German Shepherd Dog' });
    const dsh = await ownerWithPet({ species: 'Cat', breed: 'DSH', colour: 'Tortoiseshell and White' });
    expect(await dsh.petOfOwner()).toMatchObject({
      breedName: 'Domestic Shorthair',
      colourName: 'Tortoiseshell and White',
    });
  });

  it('shows a species the list lacks as written, the pet stored as Other', async () => {
    const species = `Tortoise ${randomUUID().slice(0, 6)}`;
    const { petOfOwner } = await ownerWithPet({ species });
    expect(await petOfOwner()).toMatchObject({ speciesName: species });
  });

  it('refuses with clean 4xx: another species’ entry, an unknown id, a value mapped elsewhere, a bad body', async () => {
    const breed = `Longhair Moggie ${randomUUID().slice(0, 6)}`;
    await ownerWithPet({ species: 'Cat', breed });
    const value = await unmapped(breed);
    const map = (body: unknown, id = value!.id) => send('PUT', `list-values/${id}/mapping`, body);

    const otherSpecies = await map({ entry: 'Labrador Retriever' });
    expect(otherSpecies.statusCode).toBe(422);
    expect(apiErrorSchema.parse(otherSpecies.json())).toMatchObject({
      code: 'record_refused',
      issues: [{ path: 'entry', message: expect.stringContaining('a breed of Dog, not of Cat') as string }],
    });
    expect((await map({ entry: 'Persian' }, 2_000_000_000)).statusCode).toBe(404);
    for (const body of [{}, { entry: 'Persian', group_entry: true }, { entry: '   ' }]) {
      const bad = await map(body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await send('PUT', 'list-values/abc/mapping', { entry: 'Persian' })).statusCode).toBe(400);
    expect((await send('GET', 'list-values/unmapped?list=unicorns')).statusCode).toBe(400);

    expect((await map({ entry: 'Persian' })).statusCode).toBe(200);
    const elsewhere = await map({ entry: 'Siamese' });
    expect(elsewhere.statusCode).toBe(409);
    expect(apiErrorSchema.parse(elsewhere.json()).code).toBe('value_already_mapped');
  });
});
