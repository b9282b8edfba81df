import { apiErrorSchema } from '@vet/contracts/errors';
import {
  webhookEndpointListSchema,
  webhookEndpointSchema,
  webhookEndpointsPerClient,
  webhookEndpointWithSecretSchema,
} from '@vet/contracts/integration-webhook-endpoints';
import { webhookEndpoints } from '@vet/db/schema/practice-events';
import { createPractice } from '@vet/db/testing/factories';
import { useTestDatabase } from '@vet/db/testing/test-database';
import type { ResolveHost } from '@vet/practice-events/endpoint-address';
import { developmentSecretKeys, endpointSecretBinding, openSecret } from '@vet/practice-events/secret-box';
import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { useSignedInTestApp } from '../../testing/signed-in-app.ts';
import { endpointRequests } from './testing/endpoint-requests.ts';

/**
 * Decision 0112: a practice system registers, lists, changes, re-keys and removes its own webhook
 * endpoints; another's answer as missing; what is stored of a secret is sealed, and no answer but the one
 * that makes a secret shows it.
 */
const tag = randomUUID().slice(0, 8).toUpperCase();
const north = `PRAC-N-${tag}`;
const south = `PRAC-S-${tag}`;
const grants = [
  { client: `vendor-north-${tag}`, practices: [north], kinds: ['webhook-endpoints'] },
  { client: `vendor-group-${tag}`, practices: 'all', kinds: ['webhook-endpoints'] },
  { client: `vendor-limit-${tag}`, practices: 'all', kinds: ['webhook-endpoints'] },
  { client: `vendor-feed-${tag}`, practices: 'all', kinds: ['events'] },
];
const database = useTestDatabase();
/** No DNS in these tests: names under rebinding.example resolve to loopback, every other name to nothing. */
const resolveHost: ResolveHost = (host) =>
  host.endsWith('.rebinding.example')
    ? Promise.resolve([{ address: '127.0.0.1', family: 4 }])
    : Promise.reject(Object.assign(new Error(`${host} does not resolve`), { code: 'ENOTFOUND' }));
const { context, machineAuthorization } = useSignedInTestApp(database, {
  env: {
    INTEGRATION_CLIENT_GRANTS: JSON.stringify(grants),
    WEBHOOK_ALLOWED_PRIVATE_HOSTS: 'receiver.vets.internal,10.20.0.5',
  },
  resolveHost,
});
const as = (clientId: string) =>
  endpointRequests(
    () => context.app,
    () => machineAuthorization({ clientId }),
  );
const northApi = as(`vendor-north-${tag}`);
const groupApi = as(`vendor-group-${tag}`);
const url = (path: string) => `https://pms-${tag.toLowerCase()}.example/${path}`;
const errorOf = (response: { json: () => unknown }) => apiErrorSchema.strict().parse(response.json());

beforeAll(async () => {
  await createPractice(database.db, { pmsRef: north });
  await createPractice(database.db, { pmsRef: south });
});

async function storedRow(id: number) {
  const [row] = await database.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  return row!;
}

describe('registering a webhook endpoint', () => {
  it('answers its secret once, stores it sealed, and lists it without it', async () => {
    const response = await groupApi.register({ url: url('a'), event_types: ['appointment.booked'] });
    expect(response.statusCode, response.body).toBe(201);
    const created = webhookEndpointWithSecretSchema.strict().parse(response.json());
    expect(created).toMatchObject({
      url: url('a'),
      event_types: ['appointment.booked'],
      practices: null,
      waiting: 0,
      parked: 0,
      previous_secret_expires_at: null,
    });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);

    // Read raw: sealed under the key of WEBHOOK_SECRET_KEYS, and only that key opens it.
    const row = await storedRow(created.id);
    expect(row.ownerClientId).toBe(`vendor-group-${tag}`);
    expect(row.secret).toMatch(/^enc:v2:dev:/);
    expect(row.secret).not.toContain(created.secret.slice('whsec_'.length, 20));
    expect(openSecret(developmentSecretKeys, row.secret, endpointSecretBinding(created.id))).toBe(
      created.secret,
    );

    const listed = await groupApi.list();
    expect(listed.statusCode).toBe(200);
    const { endpoints } = webhookEndpointListSchema.parse(listed.json());
    expect(endpoints.map((endpoint) => webhookEndpointSchema.strict().parse(endpoint))).toContainEqual(
      expect.objectContaining({ id: created.id, url: url('a') }),
    );
    expect(listed.body).not.toContain(created.secret);
    expect(listed.body).not.toContain('secret"');
    const one = await groupApi.get(created.id);
    expect(webhookEndpointSchema.strict().parse(one.json())).toEqual(webhookEndpointSchema.parse(created));
    expect(one.body).not.toContain(created.secret);
  });

  it('refuses an unknown event type by name (400 invalid_request), and stores nothing', async () => {
    const response = await groupApi.register({
      url: url('typo'),
      event_types: ['appointment.booked', 'appointment.bokked'],
    });
    expect(response.statusCode).toBe(400);
    const body = errorOf(response);
    expect(body.code).toBe('invalid_request');
    expect(body.issues?.map((issue) => issue.path)).toEqual(['event_types']);
    expect(body.issues?.[0]?.message).toContain('appointment.bokked');
    expect(body.issues?.[0]?.message).not.toContain('appointment.booked');
    const rows = await database.db
      .select({ id: webhookEndpoints.id })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.url, url('typo')));
    expect(rows).toEqual([]);
  });

  it('refuses a URL that is not http(s), or holds a password, naming the field', async () => {
    for (const bad of ['ftp://pms.example/hooks', 'https://user:pw@pms.example/hooks', 'not a url']) {
      const response = await groupApi.register({ url: bad });
      expect(response.statusCode, bad).toBe(400);
      expect(errorOf(response)).toMatchObject({ code: 'invalid_request', issues: [{ path: 'url' }] });
      expect(response.body).not.toContain('pw@');
    }
  });

  it('refuses a practice the caller is not granted (403 practice_not_served)', async () => {
    const response = await northApi.register({ url: url('south'), practices: [north, south] });
    expect(response.statusCode).toBe(403);
    expect(errorOf(response)).toMatchObject({ code: 'practice_not_served' });
    expect(errorOf(response).message).toContain(south);
    expect(errorOf(response).message).not.toContain(north);
  });

  it('gives a caller of some practices, naming none, only those practices', async () => {
    const response = await northApi.register({ url: url('north') });
    expect(response.statusCode, response.body).toBe(201);
    const created = webhookEndpointWithSecretSchema.parse(response.json());
    expect(created.practices).toEqual([north]);
    expect((await storedRow(created.id)).practiceRefs).toEqual([north]);
    // Clearing the filter keeps it to the grant, too.
    const cleared = await northApi.update(created.id, { practices: null });
    expect(webhookEndpointSchema.parse(cleared.json()).practices).toEqual([north]);
  });

  it(`holds at most ${webhookEndpointsPerClient} endpoints per caller (409 too_many_endpoints)`, async () => {
    const limited = as(`vendor-limit-${tag}`);
    for (let n = 0; n < webhookEndpointsPerClient; n += 1)
      expect((await limited.register({ url: url(`limit-${n}`) })).statusCode).toBe(201);
    const over = await limited.register({ url: url('one-too-many') });
    expect(over.statusCode).toBe(409);
    expect(errorOf(over).code).toBe('too_many_endpoints');
  });

  it('is refused to a caller not granted the kind (403 kind_not_allowed)', async () => {
    const response = await as(`vendor-feed-${tag}`).register({ url: url('feed') });
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).code).toBe('kind_not_allowed');
  });
});

describe('a URL whose host is not public (security round four, S1; decision 0137)', () => {
  const mustBePublic = '; webhook endpoints must be public.';
  const inward = [
    ['https://169.254.169.254/latest/', 'the host 169.254.169.254 is a cloud metadata address'],
    ['https://localhost:5432/', 'the host localhost names this machine (localhost)'],
    ['https://10.0.0.1:8443/', 'the host 10.0.0.1 is a private address'],
    ['https://[::1]/', 'the host [::1] is a loopback address'],
    ['https://[::ffff:10.0.0.1]/', 'the host [::ffff:a00:1] is a private address (10.0.0.1 inside IPv6)'],
    ['https://0.0.0.0/', 'the host 0.0.0.0 is an unspecified address'],
    ['https://100.64.0.1/', 'the host 100.64.0.1 is a carrier-grade NAT address'],
    ['https://[fd00::1]/', 'the host [fd00::1] is a unique-local address'],
    // Outside production http is allowed; loopback is not.
    ['http://127.0.0.1:4000/', 'the host 127.0.0.1 is a loopback address'],
  ] as const;

  it('is refused when registered: 400 invalid_request naming the rule, and nothing stored', async () => {
    for (const [bad, rule] of inward) {
      const response = await groupApi.register({ url: bad });
      expect(response.statusCode, bad).toBe(400);
      expect(errorOf(response), bad).toMatchObject({
        code: 'invalid_request',
        message: 'The endpoint’s URL is refused.',
        issues: [{ path: 'url', message: `${rule}${mustBePublic}` }],
      });
      const rows = await database.db
        .select({ id: webhookEndpoints.id })
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.url, bad));
      expect(rows, bad).toEqual([]);
    }
  });

  it('is refused as a change of URL (PATCH), which leaves the endpoint as it was', async () => {
    const created = webhookEndpointWithSecretSchema.parse(
      (await groupApi.register({ url: url('moving-inward') })).json(),
    );
    const before = await storedRow(created.id);
    for (const [bad, rule] of inward) {
      const response = await groupApi.update(created.id, { url: bad, event_types: ['client.linked'] });
      expect(response.statusCode, bad).toBe(400);
      expect(errorOf(response).issues, bad).toEqual([{ path: 'url', message: `${rule}${mustBePublic}` }]);
    }
    expect(await storedRow(created.id)).toEqual(before);
  });

  it('is refused when its name resolves to one, without telling the address', async () => {
    const name = `hooks-${tag.toLowerCase()}.rebinding.example`;
    const registered = await groupApi.register({ url: `https://${name}/events` });
    expect(registered.statusCode).toBe(400);
    expect(errorOf(registered).issues).toEqual([
      { path: 'url', message: `the host ${name} resolves to a loopback address${mustBePublic}` },
    ]);
    expect(registered.body).not.toContain('127.0.0.1');
    const created = webhookEndpointWithSecretSchema.parse(
      (await groupApi.register({ url: url('renamed-inward') })).json(),
    );
    const changed = await groupApi.update(created.id, { url: `https://${name}/events` });
    expect(changed.statusCode).toBe(400);
    expect(errorOf(changed).issues?.[0]?.message).toContain('resolves to a loopback address');
  });

  it('is accepted when WEBHOOK_ALLOWED_PRIVATE_HOSTS names it, by name or address', async () => {
    for (const allowed of ['https://receiver.vets.internal/events', 'https://10.20.0.5:8443/events']) {
      const response = await groupApi.register({ url: allowed });
      expect(response.statusCode, response.body).toBe(201);
    }
    expect((await groupApi.register({ url: 'https://10.20.0.6/events' })).statusCode).toBe(400);
  });
});

describe('one caller’s endpoint, reached by another', () => {
  it('answers 404 exactly as a missing one, and changes nothing', async () => {
    const created = webhookEndpointWithSecretSchema.parse(
      (await groupApi.register({ url: url('owned') })).json(),
    );
    const before = await storedRow(created.id);
    const missing = 2_147_483_000;
    const calls = [
      (id: number) => northApi.get(id),
      (id: number) => northApi.update(id, { url: url('hijacked') }),
      (id: number) => northApi.rotate(id, { overlap_hours: 1 }),
      (id: number) => northApi.remove(id, '?discard_waiting=true'),
    ];
    for (const call of calls) {
      const [reached, absent] = [await call(created.id), await call(missing)];
      expect(reached.statusCode).toBe(404);
      expect(reached.json()).toEqual(absent.json());
    }
    expect(webhookEndpointListSchema.parse((await northApi.list()).json()).endpoints).not.toContainEqual(
      expect.objectContaining({ id: created.id }),
    );
    expect(await storedRow(created.id)).toEqual(before);
  });
});

describe('changing an endpoint', () => {
  it('changes only the fields given, and refuses an empty change', async () => {
    const created = webhookEndpointWithSecretSchema.parse(
      (await groupApi.register({ url: url('before'), event_types: ['client.linked'] })).json(),
    );
    const moved = await groupApi.update(created.id, { url: url('after'), practices: [south] });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(webhookEndpointSchema.strict().parse(moved.json())).toMatchObject({
      url: url('after'),
      event_types: ['client.linked'],
      practices: [south],
    });
    const everyType = await groupApi.update(created.id, { event_types: null });
    expect(webhookEndpointSchema.parse(everyType.json()).event_types).toBeNull();
    const empty = await groupApi.update(created.id, {});
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty).code).toBe('invalid_request');
    const typo = await groupApi.update(created.id, { event_types: ['pet.regstered'] });
    expect(typo.statusCode).toBe(400);
    expect(JSON.stringify(errorOf(typo).issues)).toContain('pet.regstered');
  });
});
