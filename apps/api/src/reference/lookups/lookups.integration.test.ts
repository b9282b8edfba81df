import { apiErrorSchema } from '@vet/contracts/errors';
import {
  createBreed,
  createCancellationReason,
  createColour,
  createInsurer,
  createReason,
  createSalutation,
  createSpecies,
  linkBreedColour,
  linkReasonSpecies,
} from '@vet/db/testing/factories';
import { loadReferenceLists } from '@vet/db/reference/load-reference-lists';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { buildTestApp } from '../../testing/test-app.ts';
import { LOOKUP_CACHE_CONTROL } from './routes.ts';

const MAX_SERIAL_ID = 2_147_483_647;
const database = useTestDatabase();
const db = database.db;
let app: App;

beforeAll(async () => {
  app = await buildTestApp(database);
});
afterAll(() => app.close());

async function get<T>(url: string): Promise<T> {
  const response = await app.inject({ method: 'GET', url });
  expect(response.statusCode, url).toBe(200);
  expect(response.headers['cache-control'], url).toBe(LOOKUP_CACHE_CONTROL);
  return response.json<T>();
}

/** The rows this test made, in the order the API sent them (the shared database holds others too). */
const only = <T>(rows: T[], key: keyof T, ids: unknown[]) => rows.filter((row) => ids.includes(row[key]));

describe('reference data', () => {
  it('GET /lookup/salutations lists salutations in sort order', async () => {
    const second = await createSalutation(db, { sortOrder: 20 });
    const first = await createSalutation(db, { sortOrder: 10 });
    const rows = await get<{ salutationId: number }[]>('/lookup/salutations');
    expect(only(rows, 'salutationId', [first.id, second.id])).toStrictEqual([
      { salutationId: first.id, salutationDescription: first.description },
      { salutationId: second.id, salutationDescription: second.description },
    ]);
  });

  it('GET /v2/insurers lists insurers by name', async () => {
    const tag = crypto.randomUUID().slice(0, 8);
    const petPlan = await createInsurer(db, { name: `PetGuard ${tag}` });
    const animalCare = await createInsurer(db, { name: `AnimalCare ${tag}` });
    const rows = await get<{ insurerId: number }[]>('/v2/insurers');
    expect(only(rows, 'insurerId', [petPlan.id, animalCare.id])).toStrictEqual([
      { insurerId: animalCare.id, name: animalCare.name },
      { insurerId: petPlan.id, name: petPlan.name },
    ]);
  });

  it('GET /lookup/cancellation-reasons lists reasons in sort order', async () => {
    const later = await createCancellationReason(db, { sortOrder: 2 });
    const sooner = await createCancellationReason(db, { sortOrder: 1 });
    const rows = await get<{ cancellationReasonId: number }[]>('/lookup/cancellation-reasons');
    expect(only(rows, 'cancellationReasonId', [sooner.id, later.id])).toStrictEqual([
      { cancellationReasonId: sooner.id, description: sooner.description },
      { cancellationReasonId: later.id, description: later.description },
    ]);
  });

  it('GET /lookup/online-appointment-reasons lists online reasons with their species', async () => {
    const [dog, cat] = [await createSpecies(db), await createSpecies(db, { code: 'Feline' })];
    const vaccination = await createReason(db, { sortOrder: 1, durationMinutes: 20 });
    await linkReasonSpecies(db, { reasonId: vaccination.id, speciesId: cat.id });
    await linkReasonSpecies(db, { reasonId: vaccination.id, speciesId: dog.id });
    const nurseClinic = await createReason(db, {
      sortOrder: 2,
      clinicianType: 'Nurse',
      isInitialConsultation: true,
    });
    const offline = await createReason(db, { isOnline: false });

    const rows = await get<{ appointmentReasonId: number }[]>('/lookup/online-appointment-reasons');

    expect(only(rows, 'appointmentReasonId', [vaccination.id, nurseClinic.id, offline.id])).toStrictEqual([
      {
        appointmentReasonId: vaccination.id,
        name: vaccination.name,
        durationMinutes: 20,
        clinicianType: 'Vet',
        isInitialConsultation: false,
        speciesIds: [dog.id, cat.id],
      },
      {
        appointmentReasonId: nurseClinic.id,
        name: nurseClinic.name,
        durationMinutes: 15,
        clinicianType: 'Nurse',
        isInitialConsultation: true,
        speciesIds: [],
      },
    ]);
  });
});

describe('species, breeds and colours', () => {
  it('GET /v2/species lists species in sort order', async () => {
    const rabbit = await createSpecies(db, { code: 'Rabbit', sortOrder: 5 });
    const ferret = await createSpecies(db, { code: 'Ferret', sortOrder: 4 });
    const rows = await get<{ speciesId: number }[]>('/v2/species');
    expect(only(rows, 'speciesId', [rabbit.id, ferret.id])).toStrictEqual([
      { speciesId: ferret.id, name: ferret.name, code: 'Ferret' },
      { speciesId: rabbit.id, name: rabbit.name, code: 'Rabbit' },
    ]);
  });

  it('GET /v2/species/:speciesId/breeds lists the breeds of that species by name', async () => {
    const dog = await createSpecies(db);
    const cat = await createSpecies(db, { code: 'Feline' });
    const whippet = await createBreed(db, { speciesId: dog.id, name: 'Whippet' });
    const beagle = await createBreed(db, { speciesId: dog.id, name: 'Beagle' });
    await createBreed(db, { speciesId: cat.id, name: 'Bengal' });

    expect(await get(`/v2/species/${dog.id}/breeds`)).toStrictEqual([
      { breedId: beagle.id, speciesId: dog.id, name: 'Beagle' },
      { breedId: whippet.id, speciesId: dog.id, name: 'Whippet' },
    ]);
    const fish = await createSpecies(db, { code: 'Fish' });
    expect(await get(`/v2/species/${fish.id}/breeds`)).toEqual([]);
  });

  it("GET /v2/species/:speciesId/breeds carries a breed's synonyms, only when it has some", async () => {
    const dog = await createSpecies(db);
    const shepherd = await createBreed(db, { speciesId: dog.id, name: 'German Shepherd Dog' });
    const beagle = await createBreed(db, { speciesId: dog.id, name: 'Beagle' });
    await database.pool.query(
      `insert into breed_keys (breed_id, species_id, key, text, kind) values
         ($1, $2, 'germanshepherddog', 'German Shepherd Dog', 'name'),
         ($1, $2, 'alsatian', 'Alsatian', 'synonym'),
         ($1, $2, 'deutscherschaferhund', 'Deutscher Schäferhund', 'synonym'),
         ($1, $2, 'venom12345', 'VeNom:12345', 'code'),
         ($3, $2, 'beagle', 'Beagle', 'name')`,
      [shepherd.id, dog.id, beagle.id],
    );

    expect(await get(`/v2/species/${dog.id}/breeds`)).toStrictEqual([
      { breedId: beagle.id, speciesId: dog.id, name: 'Beagle' },
      {
        breedId: shepherd.id,
        speciesId: dog.id,
        name: 'German Shepherd Dog',
        synonyms: ['Alsatian', 'Deutscher Schäferhund'],
      },
    ]);
  });

  it("lists the loaded dog breeds with VBO's synonyms in a response of reasonable size", async () => {
    await loadReferenceLists(database.pool);
    const { rows } = await database.pool.query<{ id: number }>(
      `select id from species where code = 'Canine' and source is not null`,
    );
    const response = await app.inject({ method: 'GET', url: `/v2/species/${rows[0]!.id}/breeds` });
    const breeds = response.json<{ name: string; synonyms?: string[] }[]>();

    expect(breeds.length).toBeGreaterThan(1000);
    expect(breeds.find((breed) => breed.name === 'German Shepherd Dog')?.synonyms).toContain('Alsatian');
    expect(breeds.every((breed) => breed.synonyms === undefined || breed.synonyms.length > 0)).toBe(true);
    // About 127 kB as sent (some 25 kB gzipped) when written: a bound that notices a list grown out of hand.
    expect(Buffer.byteLength(response.body)).toBeLessThan(160_000);
  });

  it('GET /v2/species/:speciesId/breeds/:breedId/colours lists the colours of that breed by name', async () => {
    const dog = await createSpecies(db);
    const labrador = await createBreed(db, { speciesId: dog.id, name: 'Labrador' });
    const pug = await createBreed(db, { speciesId: dog.id, name: 'Pug' });
    const yellow = await createColour(db, { speciesId: dog.id, name: 'Yellow' });
    const black = await createColour(db, { speciesId: dog.id, name: 'Black' });
    const fawn = await createColour(db, { speciesId: dog.id, name: 'Fawn' });
    await linkBreedColour(db, { breedId: labrador.id, colourId: yellow.id });
    await linkBreedColour(db, { breedId: labrador.id, colourId: black.id });
    await linkBreedColour(db, { breedId: pug.id, colourId: fawn.id });

    expect(await get(`/v2/species/${dog.id}/breeds/${labrador.id}/colours`)).toStrictEqual([
      { colourId: black.id, name: 'Black' },
      { colourId: yellow.id, name: 'Yellow' },
    ]);
    const plain = await createBreed(db, { speciesId: dog.id });
    expect(await get(`/v2/species/${dog.id}/breeds/${plain.id}/colours`)).toEqual([]);
  });

  it('answers 404, uncached, for a breed of another species and for unknown ids', async () => {
    const dog = await createSpecies(db);
    const cat = await createSpecies(db, { code: 'Feline' });
    const siamese = await createBreed(db, { speciesId: cat.id });
    const cream = await createColour(db, { speciesId: cat.id });
    await linkBreedColour(db, { breedId: siamese.id, colourId: cream.id });

    for (const url of [
      `/v2/species/${dog.id}/breeds/${siamese.id}/colours`,
      `/v2/species/${cat.id}/breeds/${MAX_SERIAL_ID}/colours`,
      `/v2/species/${MAX_SERIAL_ID}/breeds`,
    ]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(apiErrorSchema.strict().parse(response.json())).toMatchObject({
        statusCode: 404,
        error: 'Not Found',
      });
      expect(response.headers['cache-control'], url).toBeUndefined();
    }
  });

  it('answers 400 for an id past PostgreSQL’s int4 range', async () => {
    const response = await app.inject({ method: 'GET', url: `/v2/species/${10 ** 12}/breeds` });
    expect(response.statusCode).toBe(400);
  });

  it('answers 400 with issues for malformed ids', async () => {
    const response = await app.inject({ method: 'GET', url: '/v2/species/dog/breeds/x/colours' });
    expect(response.statusCode).toBe(400);
    const body = apiErrorSchema.strict().parse(response.json());
    expect(body.issues?.map((issue) => issue.path).sort()).toEqual(['breedId', 'speciesId']);
    expect(response.headers['cache-control']).toBeUndefined();
  });
});
