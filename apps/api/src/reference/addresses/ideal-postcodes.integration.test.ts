import { addressLookupResponseSchema, addressSchema } from '@vet/contracts/address-lookup';
import { apiErrorSchema } from '@vet/contracts/errors';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { unusedPort } from '@vet/email/testing/test-smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { buildTestApp } from '../../testing/test-app.ts';
import {
  startTestIdentityProvider,
  trustingEnv,
  type TestIdentityProvider,
} from '../../testing/test-identity-provider.ts';
import {
  startIdealPostcodesStandIn,
  type IdealPostcodesStandIn,
  type StandInFailure,
} from './testing/ideal-postcodes-stand-in.ts';

/**
 * The address lookup through Ideal Postcodes (decision 0098), against the stand-in of its documented API:
 * both steps, every documented failure as the one 503 the form falls back on, a timeout, an unreachable
 * provider and a portal with no provider; and a log that names the failure, never what was searched.
 */
const database = useTestDatabase();
let standIn: IdealPostcodesStandIn;
let identities: TestIdentityProvider;
let app: App;
let authorization: string;
const logLines: string[] = [];

const providerEnv = (url: string, key: string) => ({
  ADDRESS_PROVIDER: 'ideal-postcodes',
  IDEAL_POSTCODES_API_KEY: key,
  IDEAL_POSTCODES_API_URL: url,
  ADDRESS_LOOKUP_TIMEOUT_MS: '400',
  LOG_LEVEL: 'info',
});

beforeAll(async () => {
  standIn = await startIdealPostcodesStandIn();
  identities = await startTestIdentityProvider();
  app = await buildTestApp(database, {
    env: { ...trustingEnv(identities), ...providerEnv(standIn.url, standIn.apiKey) },
    logger: { write: (line) => void logLines.push(line) },
  });
  authorization = await bearer();
});

afterAll(async () => {
  await app?.close();
  await identities?.close();
  await standIn?.close();
});

beforeEach(() => {
  standIn.received.length = 0;
  standIn.failNext(0, 'hang');
});

const bearer = async () =>
  `Bearer ${await identities.sign({ claims: { sub: `subject-${crypto.randomUUID()}` } })}`;
const get = (target: App, url: string, headers = { authorization }) => target.inject({ url, headers });
const search = (text: string) => get(app, `/address-lookup?text=${encodeURIComponent(text)}`);

/** The API's one answer to every failure of the provider: the form's fallback (decision 0098). */
const unavailable = {
  statusCode: 503,
  error: 'Service Unavailable',
  message: 'Address search is not available just now: type your address.',
  code: 'address_lookup_unavailable',
};

function loggedFailures(): unknown[] {
  return logLines
    .map((line) => JSON.parse(line) as { addressLookup?: unknown })
    .flatMap((entry) => (entry.addressLookup ? [entry.addressLookup] : []));
}

describe('address lookup through Ideal Postcodes', () => {
  it('finds candidates by text, each under the provider’s service, with its suggestion as it came', async () => {
    const response = await search('quayside walk');
    expect(response.statusCode).toBe(200);
    const { addresses } = addressLookupResponseSchema.parse(response.json());
    expect(addresses.map((a) => a.addressId)).toEqual([
      'paf_90000001',
      'paf_90000003',
      'paf_90000005',
      'paf_90000007',
      'mr_51000001',
    ]);
    expect(addresses[0]).toEqual({
      serviceId: 'ideal-postcodes',
      addressId: 'paf_90000001',
      description: '1 Quayside Walk, Harbourton, ZZ1',
    });
    expect(standIn.received).toEqual([
      {
        path: '/v1/autocomplete/addresses',
        query: { api_key: standIn.apiKey, query: 'quayside walk', context: 'GBR', limit: '20' },
        authorization: undefined,
      },
    ]);
  });

  it('finds every address of a postcode, however it is typed, and none of a postcode it does not know', async () => {
    const response = await search(' zz11qw ');
    expect(addressLookupResponseSchema.parse(response.json()).addresses).toHaveLength(5);
    expect(standIn.received[0]?.query).toMatchObject({ query: 'zz11qw', postcode: 'zz11qw', limit: '100' });
    const none = await search('ZZ9 9ZZ');
    expect(addressLookupResponseSchema.parse(none.json())).toEqual({ addresses: [] });
  });

  it('retrieves a candidate in full, the UK format’s three lines as two', async () => {
    const organisation = await get(app, '/address-lookup/ideal-postcodes/paf_23747771');
    expect(addressSchema.strict().parse(organisation.json())).toEqual({
      serviceId: 'ideal-postcodes',
      addressId: 'paf_23747771',
      line1: 'Prime Minister & First Lord Of The Treasury',
      line2: '10 Downing Street',
      town: 'London',
      county: 'London',
      postcode: 'SW1A 2AA',
    });
    // A flat of a Multiple Residence (`mr_`): resolved like any other suggestion, in one step.
    const flat = await get(app, '/address-lookup/ideal-postcodes/mr_51000001');
    expect(flat.json()).toMatchObject({
      line1: 'Flat A',
      line2: '9 Quayside Walk, Old Town',
      county: 'Harbourshire',
    });
    const street = await get(app, '/address-lookup/ideal-postcodes/paf_90000003');
    expect(street.json()).toMatchObject({ line1: '3 Quayside Walk', line2: null, county: null });
    expect(standIn.received.map((request) => [request.path, request.query])).toEqual([
      ['/v1/autocomplete/addresses/paf_23747771/gbr', { api_key: standIn.apiKey }],
      ['/v1/autocomplete/addresses/mr_51000001/gbr', { api_key: standIn.apiKey }],
      ['/v1/autocomplete/addresses/paf_90000003/gbr', { api_key: standIn.apiKey }],
    ]);
  });

  it('answers 404 for an id the provider does not know, and for another service’s id without asking', async () => {
    expect((await get(app, '/address-lookup/ideal-postcodes/paf_1')).statusCode).toBe(404);
    expect(standIn.received).toHaveLength(1);
    const demo = await get(app, '/address-lookup/embedded/17');
    expect(demo.statusCode).toBe(404);
    expect(demo.json()).toMatchObject({ message: 'We could not find that address.' });
    expect(standIn.received).toHaveLength(1);
  });

  it.each<[StandInFailure, object]>([
    ['invalid_key', { failure: 'invalid_key', status: 401, providerCode: 4010 }],
    ['url_not_allowed', { failure: 'key_not_allowed', status: 401, providerCode: 4011 }],
    ['balance_depleted', { failure: 'balance_depleted', status: 402, providerCode: 4020 }],
    ['limit_reached', { failure: 'limit_reached', status: 402, providerCode: 4021 }],
    ['bad_request', { failure: 'bad_request', status: 400, providerCode: 4000 }],
    ['rate_limited', { failure: 'rate_limited', status: 429, providerCode: 4291 }],
    ['ip_rate_limited', { failure: 'rate_limited', status: 503 }],
    ['server_error', { failure: 'provider_error', status: 500, providerCode: 5001 }],
    ['not_json', { failure: 'unexpected_response', status: 200 }],
  ])('answers the provider’s %s with the one 503 and logs its code', async (failure, logged) => {
    logLines.length = 0;
    standIn.failNext(2, failure);
    for (const response of [
      await search('Quayside'),
      await get(app, '/address-lookup/ideal-postcodes/paf_90000001'),
    ]) {
      expect(response.statusCode).toBe(503);
      expect(apiErrorSchema.strict().parse(response.json())).toEqual(unavailable);
    }
    expect(loggedFailures()).toEqual([
      { service: 'ideal-postcodes', ...logged },
      { service: 'ideal-postcodes', ...logged },
    ]);
  });

  it('gives up on a provider that does not answer within ADDRESS_LOOKUP_TIMEOUT_MS', async () => {
    logLines.length = 0;
    standIn.failNext(1, 'hang');
    const started = performance.now();
    const response = await search('Quayside');
    expect(performance.now() - started).toBeLessThan(2000);
    expect(response.json()).toEqual(unavailable);
    expect(loggedFailures()).toEqual([{ service: 'ideal-postcodes', failure: 'timeout' }]);
  });

  it('answers the reference’s own failing test queries as the quota failures they stand for', async () => {
    for (const text of ['ID1 CLIP', 'ID1 CHOP', 'ID1 DOWN'])
      expect((await search(text)).statusCode).toBe(503);
  });

  it('never logs what was searched, the address found or the key', async () => {
    await search('ZZ1 1QW');
    await get(app, '/address-lookup/ideal-postcodes/mr_51000001');
    standIn.failNext(1, 'invalid_key');
    await search('Quayside Walk');
    const log = logLines.join('\n');
    for (const secret of [
      'ZZ1',
      'zz11qw',
      'Quayside',
      'Flat A',
      'Harbourshire',
      'mr_51000001',
      standIn.apiKey,
    ])
      expect(log).not.toContain(secret);
  });

  it('allows each person 20 retrievals in 10 minutes: each is paid for (decision 0098)', async () => {
    const person = { authorization: await bearer() };
    for (let n = 0; n < 20; n += 1)
      expect((await get(app, '/address-lookup/ideal-postcodes/paf_90000001', person)).statusCode).toBe(200);
    const refused = await get(app, '/address-lookup/ideal-postcodes/paf_90000001', person);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    const another = { authorization: await bearer() };
    expect((await get(app, '/address-lookup/ideal-postcodes/paf_90000001', another)).statusCode).toBe(200);
  });
});

describe('address lookup with no provider, or one that cannot be reached', () => {
  it('answers 503 with address_lookup_off when ADDRESS_PROVIDER=off, and asks no one', async () => {
    const off = await buildTestApp(database, {
      env: { ...trustingEnv(identities), ADDRESS_PROVIDER: 'off' },
    });
    try {
      for (const url of ['/address-lookup?text=ZZ1%201QW', '/address-lookup/ideal-postcodes/paf_90000001']) {
        const response = await get(off, url);
        expect(response.statusCode, url).toBe(503);
        expect(response.json()).toEqual({
          statusCode: 503,
          error: 'Service Unavailable',
          message: 'Address search is not available: type your address.',
          code: 'address_lookup_off',
        });
      }
    } finally {
      await off.close();
    }
  });

  it('answers the one 503 when nothing listens at the provider’s address', async () => {
    const lines: string[] = [];
    const nowhere = `http://127.0.0.1:${await unusedPort()}`;
    const unreachable = await buildTestApp(database, {
      env: { ...trustingEnv(identities), ...providerEnv(nowhere, standIn.apiKey) },
      logger: { write: (line) => void lines.push(line) },
    });
    try {
      const response = await get(unreachable, '/address-lookup?text=Quayside');
      expect(response.json()).toEqual(unavailable);
      expect(lines.join('\n')).toContain('"failure":"unreachable"');
    } finally {
      await unreachable.close();
    }
  });
});
