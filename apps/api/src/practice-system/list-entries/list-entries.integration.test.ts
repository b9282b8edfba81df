import { randomUUID } from 'node:crypto';
import { apiErrorSchema } from '@vet/contracts/errors';
import { listEntryWriteSchema } from '@vet/contracts/integration-list-entries';
import { integrationPathPrefix } from '@vet/contracts/machine-access';
import { loadReferenceLists } from '@vet/db/reference/load-reference-lists';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { jsonRecords } from '@vet/practice-import/testing/json-records';
import { testGroup } from '@vet/practice-import/testing/test-group';
import { beforeAll, describe, expect, it } from 'vitest';
import { useSignedInTestApp } from '../../testing/signed-in-app.ts';

/**
 * PUT /integration/v1/list-entries/{list}/{code} and POST …/batch (decision 0096): a group's own breed,
 * colour, insurer or cancellation reason with the practice system's code, by list_entries.csv's rules;
 * the lists' routes then show it, and records name it at once.
 */
const database = useTestDatabase();
const { context, machineAuthorization, signedInClient } = useSignedInTestApp(database);
beforeAll(() => loadReferenceLists(database.pool));

const send = async (method: 'PUT' | 'POST', path: string, body: unknown, authorization?: string) =>
  context.app.inject({
    method,
    url: `${integrationPathPrefix}/${path}`,
    headers: {
      authorization: authorization ?? (await machineAuthorization()),
      'content-type': 'application/json',
    },
    payload: JSON.stringify(body),
  });
const put = (list: string, code: string, body: unknown) =>
  send('PUT', `list-entries/${list}/${encodeURIComponent(code)}`, body);
const dogId = async () =>
  (
    await database.pool.query<{ id: number }>(
      `select id from species where code = 'Canine' and source is not null`,
    )
  ).rows[0]!.id;

describe('PUT /integration/v1/list-entries/{list}/{code}', () => {
  it('stores a group’s breed (201), unchanged again (200); the form’s list shows it and a pet names it at once', async () => {
    const tag = randomUUID().slice(0, 8);
    const body = { name: `Sprollie ${tag}`, species: 'Canine', synonyms: [`Springer Collie ${tag}`] };
    const created = await put('breeds', `B-${tag}`, body);
    expect(created.statusCode, created.body).toBe(201);
    const { id } = listEntryWriteSchema.strict().parse(created.json());
    const again = await put('breeds', `B-${tag}`, body);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ outcome: 'unchanged', id });

    const breeds = await context.app.inject({ method: 'GET', url: `/v2/species/${await dogId()}/breeds` });
    // With its synonym, which the form's breed field matches too (decision 0096).
    expect(breeds.json()).toContainEqual({
      breedId: id,
      speciesId: await dogId(),
      name: `Sprollie ${tag}`,
      synonyms: [`Springer Collie ${tag}`],
    });
    const colours = await context.app.inject({
      method: 'GET',
      url: `/v2/species/${await dogId()}/breeds/${id}/colours`,
    });
    expect(colours.json<unknown[]>().length).toBeGreaterThan(20);

    // A pet of the practice system names it by its code, straight after.
    const group = testGroup();
    for (const [kind, file] of [
      ['practices', 'practices.csv'],
      ['clients', 'clients.csv'],
    ] as const)
      for (const record of jsonRecords(group, file)) {
        const ref = String(record[kind === 'practices' ? 'practice_ref' : 'client_ref']);
        expect((await send('PUT', `${kind}/${ref}`, record)).statusCode).toBe(201);
      }
    const [pet] = jsonRecords(group, 'pets.csv');
    const stored = await send('PUT', `pets/${String(pet!.pet_ref)}`, {
      ...pet,
      breed: `b-${tag}`,
      colour: '',
    });
    expect(stored.statusCode, stored.body).toBe(201);
    const row = await database.pool.query('select breed_id from pets where pms_ref = $1', [pet!.pet_ref]);
    expect(row.rows[0]).toEqual({ breed_id: id });
  });

  it('refuses (422) a name that is a standard entry’s, naming it, and a breed without its species', async () => {
    const tag = randomUUID().slice(0, 8);
    const clash = await put('insurers', `I-${tag}`, { name: 'Bought By Many' });
    expect(clash.statusCode).toBe(422);
    expect(apiErrorSchema.strict().parse(clash.json()).issues).toEqual([
      {
        path: 'name',
        message: `already names the portal's insurer "ManyPets" (manypets): use that entry, or give the group's its own names`,
      },
    ]);
    const noSpecies = await put('breeds', `B-${tag}`, { name: `Odd ${tag}` });
    expect(noSpecies.statusCode).toBe(422);
    expect(apiErrorSchema.parse(noSpecies.json()).issues?.map((i) => i.path)).toEqual(['species']);
    expect((await put('guinea-pigs', `G-${tag}`, { name: 'x' })).statusCode).toBe(400);
  });

  it('answers a batch item by item, the cancel dialog’s reasons showing the group’s own', async () => {
    const tag = randomUUID().slice(0, 8);
    const response = await send('POST', 'list-entries/batch', {
      items: [
        { list: 'cancellation-reasons', code: `R-${tag}`, name: `Snowed in ${tag}` },
        { list: 'colours', code: `C-${tag}`, name: 'Black', species: 'Dog' },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const { results } = response.json<{ results: { index: number; outcome: string; id?: number }[] }>();
    expect(results.map((r) => r.outcome)).toEqual(['applied', 'refused']);
    const reasons = await context.app.inject({ method: 'GET', url: '/lookup/cancellation-reasons' });
    const listed = reasons.json<{ cancellationReasonId: number; description: string }[]>();
    expect(listed).toContainEqual({ cancellationReasonId: results[0]!.id, description: `Snowed in ${tag}` });
    expect(listed.at(-1)?.description).toBe('Other');
  });

  it('is for the practice system only: a signed-in client is refused', async () => {
    const { authorization } = await signedInClient();
    const response = await send(
      'PUT',
      `list-entries/insurers/X-${randomUUID()}`,
      { name: 'x' },
      authorization,
    );
    expect(response.statusCode).toBe(403);
  });
});
