import { apiErrorSchema } from '@vet/contracts/errors';
import { featureKeys, onlinePracticesResponseSchema } from '@vet/contracts/practices';
import { createPractice } from '@vet/db/testing/factories';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { buildTestApp } from '../../testing/test-app.ts';

const MAX_SERIAL_ID = 2_147_483_647;
const database = useTestDatabase();
let app: App;

beforeAll(async () => {
  app = await buildTestApp(database);
});
afterAll(() => app.close());

describe('GET /online-practices', () => {
  it('lists the online practices by name, with only the public fields', async () => {
    const tag = crypto.randomUUID().slice(0, 8);
    const zebra = await createPractice(database.db, {
      name: `Zebra Vets ${tag}`,
      addressLine2: 'Unit 4',
      email: 'zebra@example.test',
      onlineRegistrationAvailable: false,
    });
    const alpha = await createPractice(database.db, { name: `Alpha Vets ${tag}` });
    const offline = await createPractice(database.db, { name: `Offline Vets ${tag}`, isOnline: false });

    const response = await app.inject({ method: 'GET', url: '/online-practices' });

    expect(response.statusCode).toBe(200);
    const practices = onlinePracticesResponseSchema.parse(response.json());
    const ours = practices.filter((practice) => practice.name.endsWith(tag));
    expect(ours.map((practice) => practice.id)).toEqual([alpha.id, zebra.id]);
    expect(practices.map((practice) => practice.id)).not.toContain(offline.id);
    expect(ours[1]).toStrictEqual({
      id: zebra.id,
      name: zebra.name,
      phone: zebra.phone,
      addressLine1: zebra.addressLine1,
      addressLine2: 'Unit 4',
      town: zebra.town,
      postcode: zebra.postcode,
      onlineRegistrationAvailable: false,
    });
  });
});

describe('GET /practices/:practiceId/feature-toggles', () => {
  it("lists the practice's feature settings", async () => {
    const practice = await createPractice(
      database.db,
      {},
      { [featureKeys.onlineBooking]: 'True', [featureKeys.onlinePetRegistration]: 'false' },
    );
    await createPractice(database.db, {}, { [featureKeys.onlineBooking]: 'False' });

    const response = await app.inject({ method: 'GET', url: `/practices/${practice.id}/feature-toggles` });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { featureKey: 'Online Booking Enabled', value: 'True' },
      { featureKey: 'online-register-pet-enabled', value: 'false' },
    ]);
  });

  it('answers an empty list for a practice with no settings', async () => {
    const practice = await createPractice(database.db);
    const response = await app.inject({ method: 'GET', url: `/practices/${practice.id}/feature-toggles` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });

  it('answers 404 for an unknown practice', async () => {
    const id = MAX_SERIAL_ID;
    const response = await app.inject({ method: 'GET', url: `/practices/${id}/feature-toggles` });
    expect(response.statusCode).toBe(404);
    expect(apiErrorSchema.strict().parse(response.json())).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'We could not find that practice.',
    });
  });

  it.each(['abc', '0', '-3', '1.5', String(MAX_SERIAL_ID + 1), String(10 ** 15)])(
    'answers 400 with issues for the malformed id %s',
    async (id) => {
      const response = await app.inject({ method: 'GET', url: `/practices/${id}/feature-toggles` });
      expect(response.statusCode).toBe(400);
      const body = apiErrorSchema.strict().parse(response.json());
      expect(body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      expect(body.issues).toEqual([{ path: 'practiceId', message: expect.any(String) as unknown }]);
    },
  );
});
