import { addressLookupResponseSchema, addressSchema } from '@vet/contracts/address-lookup';
import { apiErrorSchema } from '@vet/contracts/errors';
import { createAddress } from '@vet/db/testing/factories';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { beforeAll, describe, expect, it } from 'vitest';
import { useSignedInTestApp } from '../../testing/signed-in-app.ts';

const database = useTestDatabase();
const { context, bearerForNewIdentity } = useSignedInTestApp(database);
let authorization: string;

beforeAll(async () => {
  authorization = await bearerForNewIdentity();
});

/** A postcode of its own per test run, so other files' addresses never match. */
const postcode = `ZZ${Math.floor(Math.random() * 90 + 10)} ${Math.floor(Math.random() * 9)}QX`;

describe('address lookup', () => {
  it('finds candidates by postcode, whatever its spacing and case, then one address by id', async () => {
    const first = await createAddress(database.db, { line1: '1 Harbour Row', postcode });
    await createAddress(database.db, { line1: '2 Harbour Row', postcode });
    const text = postcode.replace(' ', '').toLowerCase();
    const search = await context.app.inject({
      url: `/address-lookup?text=${text}`,
      headers: { authorization },
    });
    expect(search.statusCode).toBe(200);
    const { addresses } = addressLookupResponseSchema.parse(search.json());
    expect(addresses.map((a) => a.description)).toEqual([
      `1 Harbour Row, Testford, ${postcode}`,
      `2 Harbour Row, Testford, ${postcode}`,
    ]);

    const candidate = addresses[0]!;
    const one = await context.app.inject({
      url: `/address-lookup/${candidate.serviceId}/${candidate.addressId}`,
      headers: { authorization },
    });
    expect(one.statusCode).toBe(200);
    expect(addressSchema.parse(one.json())).toMatchObject({ line1: first.line1, postcode, town: 'Testford' });
  });

  it('matches text literally: % and _ are not wildcards', async () => {
    await createAddress(database.db, { line1: '9 Percent Close', postcode });
    const response = await context.app.inject({
      url: '/address-lookup?text=%25%25%25',
      headers: { authorization },
    });
    expect(addressLookupResponseSchema.parse(response.json()).addresses).toEqual([]);
  });

  it.each([
    ['missing', ''],
    ['too short', '?text=a'],
    ['too long', `?text=${'x'.repeat(101)}`],
  ])('answers 400 in the one error shape when text is %s', async (_case, query) => {
    const response = await context.app.inject({ url: `/address-lookup${query}`, headers: { authorization } });
    expect(response.statusCode).toBe(400);
    const body = apiErrorSchema.strict().parse(response.json());
    expect(body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(body.issues?.[0]?.path).toBe('text');
  });

  it('answers 404 for an unknown service or address', async () => {
    for (const url of [
      '/address-lookup/embedded/999999999',
      '/address-lookup/other/1',
      '/address-lookup/embedded/x',
    ]) {
      const response = await context.app.inject({ url, headers: { authorization } });
      expect(response.statusCode, url).toBe(404);
    }
  });

  it('is for signed-in people only', async () => {
    const response = await context.app.inject({ url: `/address-lookup?text=${postcode}` });
    expect(response.statusCode).toBe(401);
  });
});
