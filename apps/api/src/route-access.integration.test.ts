import { apiErrorSchema } from '@vet/contracts/errors';
import { integrationPathPrefix } from '@vet/contracts/machine-access';
import { recordPracticeEvent } from '@vet/practice-events/record-events';
import {
  createAppointment,
  createClient,
  createClinician,
  createPet,
  createPractice,
  createReason,
} from '@vet/db/testing/factories';
import { createEstimate, createInvoice } from '@vet/db/testing/bill-factories';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { insertOwnedEndpoint } from '@vet/practice-events/owned-endpoints-repository';
import { developmentSecretKeys, sealSecret } from '@vet/practice-events/secret-box';
import { newEndpointSecret } from '@vet/practice-events/webhook-delivery';
import { feedEnd, untilSequenced } from './practice-system/event-feed/testing/feed-fixtures.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { machineRefusals } from './platform/auth/machine-access.ts';
import { connectorWebhookRoutes } from './practice-system/connectors/connector-webhook-routes.ts';
import { buildTestApp } from './testing/test-app.ts';
import { useSignedInTestApp } from './testing/signed-in-app.ts';

/**
 * Every route of the OpenAPI document (so a new route is covered without editing this test), called by
 * each kind of caller: nobody, a signed-in client, and a practice system (decision 0062). Which answer
 * each gets depends only on the access scope the route sits in, read from the document's `security`.
 */
const database = useTestDatabase({ max: 10 });
// Every integration route is refused twice from one address here: more than the refused requests an
// address may make (integration-rate-limit.integration.test.ts tests that limit).
// A practice system granted every kind but one practice only, which holds none of the records it is sent
// to (decision 0105).
const servedPractice = `PRAC-SERVED-${crypto.randomUUID()}`;
const { context, signedInClient, machineAuthorization } = useSignedInTestApp(database, {
  env: {
    INTEGRATION_FAILURES_PER_ADDRESS: '100000',
    INTEGRATION_CLIENT_GRANTS: JSON.stringify([
      { client: 'one-practice', practices: [servedPractice], kinds: 'all' },
    ]),
  },
});

type Access = 'public' | 'signedIn' | 'integration';
type Caller = 'anonymous' | 'client' | 'machine';
/** 'answered': the route itself answered (any status but an access refusal). */
type Expected = 401 | 403 | 'answered';

const expectedAnswers: Record<Access, Record<Caller, Expected>> = {
  public: { anonymous: 'answered', client: 'answered', machine: 'answered' },
  signedIn: { anonymous: 401, client: 'answered', machine: 403 },
  integration: { anonymous: 401, client: 403, machine: 'answered' },
};

/** The 403 each scope answers the wrong kind of caller with. */
const refusalOf: Record<Access, string | undefined> = {
  public: undefined,
  signedIn: machineRefusals.machineOnPersonRoute,
  integration: machineRefusals.personOnIntegration,
};

interface Operation {
  method: string;
  path: string;
  access: Access;
  parameters: { name: string; in: string }[];
}

interface OpenApiOperation {
  security?: Record<string, unknown>[];
  parameters?: Operation['parameters'];
}

function accessOf(security: Record<string, unknown>[] | undefined): Access {
  if (security?.some((entry) => 'practiceSystemAuth' in entry)) return 'integration';
  if (security?.some((entry) => 'bearerAuth' in entry)) return 'signedIn';
  return 'public';
}

function operationsOf(document: { paths: Record<string, Record<string, OpenApiOperation>> }): Operation[] {
  return Object.entries(document.paths)
    .filter(([path]) => !path.startsWith('/docs'))
    .flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        method: method.toUpperCase(),
        path,
        access: accessOf(operation.security),
        parameters: operation.parameters ?? [],
      })),
    );
}

/** A value no record has: a numeric id refuses it (400), a reference finds nothing (404). */
const unknownValue = `access-check-${crypto.randomUUID()}`;

function urlOf(operation: Operation, values: Record<string, string> = {}): string {
  return operation.parameters
    .filter((parameter) => parameter.in === 'path')
    .reduce(
      (url, parameter) =>
        url.replace(`{${parameter.name}}`, encodeURIComponent(values[parameter.name] ?? unknownValue)),
      operation.path,
    );
}

/** Records of a practice the one-practice caller does not serve, by each path parameter that names one. */
async function anotherPracticesRecords() {
  const { db } = database;
  const tag = crypto.randomUUID();
  const practice = await createPractice(db, { pmsRef: `PRAC-OTHER-${tag}` });
  const client = await createClient(db, { homePracticeId: practice.id, pmsRef: `CLI-${tag}` });
  const pet = await createPet(db, { clientId: client.id, pmsRef: `PET-${tag}` });
  const clinician = await createClinician(db, { practiceId: practice.id, pmsRef: `VET-${tag}` });
  const startsAt = new Date(Date.now() + 86_400_000);
  const appointment = await createAppointment(db, {
    practiceId: practice.id,
    clinicianId: clinician.id,
    clientId: client.id,
    petId: pet.id,
    reasonId: (await createReason(db)).id,
    startsAt,
    endsAt: new Date(startsAt.getTime() + 900_000),
  });
  await database.pool.query('update appointments set pms_ref = $1 where id = $2', [
    `APT-${tag}`,
    appointment.id,
  ]);
  // A webhook endpoint of another practice system, filtered to that practice (decision 0112).
  const endpointId = await insertOwnedEndpoint(db, {
    ownerClientId: `another-system-${tag}`,
    url: 'https://pms.example/another-system',
    sealedSecret: sealSecret(developmentSecretKeys, newEndpointSecret()),
    eventTypes: null,
    practiceRefs: [practice.pmsRef!],
  });
  const billOf = { practiceId: practice.id, clientId: client.id };
  const estimate = await createEstimate(db, billOf, [{ unitPricePence: 1000, vatRate: 'zero' }]);
  const invoice = await createInvoice(db, billOf, [{ unitPricePence: 1000, vatRate: 'zero' }]);
  // A health plan of that practice and its pet's membership (issue 65), as the practice system stores them.
  await database.pool.query(
    `with plan as (insert into health_plans (pms_ref, practice_id, name, monthly_pence)
                   values ($1, $3, 'Plan', 1000) returning id)
     insert into plan_memberships (pms_ref, practice_id, plan_id, client_id, pet_id, status, price_pence, started_on, renews_on)
     select $2, $3, plan.id, $4, $5, 'active', 1000, '2026-01-01', '2027-01-01' from plan`,
    [`PLAN-${tag}`, `MEM-${tag}`, practice.id, client.id, pet.id],
  );
  return {
    client,
    values: {
      plan_ref: `PLAN-${tag}`,
      membership_ref: `MEM-${tag}`,
      estimate_ref: estimate.pmsRef!,
      invoice_ref: invoice.pmsRef!,
      practice_ref: practice.pmsRef!,
      clinician_ref: clinician.pmsRef!,
      client_ref: client.pmsRef!,
      pet_ref: pet.pmsRef!,
      appointment_ref: `APT-${tag}`,
      client_id: String(client.id),
      pet_id: String(pet.id),
      appointment_id: String(appointment.id),
      endpoint_id: String(endpointId),
    },
  };
}

describe('who may call each route', () => {
  let operations: Operation[];
  let authorizations: Record<Caller, string | undefined>;
  beforeAll(async () => {
    const response = await context.app.inject({ method: 'GET', url: '/docs/json' });
    operations = operationsOf(response.json());
    authorizations = {
      anonymous: undefined,
      client: (await signedInClient()).authorization,
      machine: await machineAuthorization(),
    };
  });

  it('finds routes of every access scope, the integration API’s included', () => {
    const count = (access: Access) => operations.filter((operation) => operation.access === access).length;
    expect(count('public')).toBeGreaterThan(10);
    expect(count('signedIn')).toBeGreaterThan(20);
    expect(count('integration')).toBeGreaterThanOrEqual(1);
  });

  it('answers each caller as its scope says: 401 without a token, 403 for the other kind of token', async () => {
    const mismatches: string[] = [];
    for (const operation of operations) {
      for (const caller of ['anonymous', 'client', 'machine'] as const) {
        const authorization = authorizations[caller];
        const response = await context.app.inject({
          method: operation.method as 'GET',
          url: urlOf(operation),
          headers: authorization === undefined ? {} : { authorization },
        });
        const body = response.statusCode >= 400 ? apiErrorSchema.parse(response.json()) : undefined;
        const refusedAccess =
          response.statusCode === 401 ||
          (response.statusCode === 403 && Object.values(machineRefusals).some((m) => m === body?.message));
        const expected = expectedAnswers[operation.access][caller];
        const ok =
          expected === 'answered'
            ? !refusedAccess
            : response.statusCode === expected &&
              (expected === 401 || body?.message === refusalOf[operation.access]);
        if (!ok) mismatches.push(`${caller} ${operation.method} ${operation.path}: ${response.statusCode}`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('answers a caller reaching a practice it does not serve as if the record were missing, or 403', async () => {
    const { values } = await anotherPracticesRecords();
    // References and ids no record has (an id nobody has is still a valid id).
    const nobodys = Object.fromEntries(
      Object.keys(values).map((name) => [name, name.endsWith('_id') ? '2147483000' : unknownValue]),
    );
    const integration = operations.filter((operation) => operation.access === 'integration');
    const stranger = await machineAuthorization({ clientId: 'one-practice' });
    const mismatches: string[] = [];
    for (const operation of integration) {
      const call = (authorization: string, url: string) =>
        context.app.inject({ method: operation.method as 'GET', url, headers: { authorization } });
      // The same route of a record nobody has, asked by a caller of every practice: what "missing" answers.
      const missing = await call(authorizations.machine!, urlOf(operation, nobodys));
      const reached = await call(stranger, urlOf(operation, values));
      const code = reached.statusCode >= 400 ? apiErrorSchema.parse(reached.json()).code : undefined;
      const ok =
        (reached.statusCode === 403 && code === 'practice_not_served') ||
        (reached.statusCode === missing.statusCode &&
          (reached.statusCode >= 400 || operation.method === 'GET'));
      if (!ok) mismatches.push(`${operation.method} ${operation.path}: ${reached.statusCode} (${code})`);
    }
    expect(integration.length).toBeGreaterThan(10);
    expect(mismatches).toEqual([]);
  });

  it('lists no event of a practice the caller does not serve', async () => {
    const after = await feedEnd(database.db);
    const { client } = await anotherPracticesRecords();
    const id = await recordPracticeEvent(database.db, 'client.linked', {
      client_id: client.id,
      client_ref: client.pmsRef,
      practice_id: client.homePracticeId,
      practice_ref: null,
    });
    await untilSequenced(database.db, [id]);
    const read = async (authorization: string) =>
      (
        await context.app.inject({
          method: 'GET',
          url: `${integrationPathPrefix}/events?after=${after}&limit=1000`,
          headers: { authorization },
        })
      ).json<{ events: { id: string }[] }>();

    const everyPractice = await read(authorizations.machine!);
    const onePractice = await read(await machineAuthorization({ clientId: 'one-practice' }));

    expect(everyPractice.events.map((event) => event.id)).toContain(`evt_${id}`);
    expect(onePractice.events.map((event) => event.id)).not.toContain(`evt_${id}`);
  });
});

/**
 * The one machine route outside both scopes: Provet Cloud's webhooks (decision 0115), opened by the
 * connector's secret in its URL only. Neither a client's token nor a practice system's opens it, and the
 * secret opens nothing else (it is no bearer token).
 */
describe("who may call a connector's webhook route", () => {
  const secret = `webhook-secret-${crypto.randomUUID()}`;
  const woken: string[] = [];
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    app = await buildTestApp(database);
    await app.register(connectorWebhookRoutes, {
      connections: [{ name: 'access-check', secret }],
      readSoon: (name) => {
        woken.push(name);
      },
    });
    await app.ready();
    return () => app.close();
  });

  it('answers every caller without the secret as a missing route, whatever bearer token it holds', async () => {
    const headers = [
      {},
      { authorization: (await signedInClient()).authorization },
      { authorization: await machineAuthorization() },
    ];
    for (const header of headers) {
      const response = await app.inject({
        method: 'POST',
        url: '/connectors/provet-cloud/webhooks/access-check/not-the-secret',
        headers: { ...header, 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'appointment_id=1',
      });
      expect(response.statusCode).toBe(404);
    }
    expect(woken).toEqual([]);
    const opened = await app.inject({
      method: 'POST',
      url: `/connectors/provet-cloud/webhooks/access-check/${secret}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'appointment_id=1',
    });
    expect(opened.statusCode).toBe(200);
    expect(woken).toEqual(['access-check']);
    // The secret is no bearer token: it opens no integration route.
    const integration = await app.inject({
      method: 'GET',
      url: `${integrationPathPrefix}/events?after=0`,
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(integration.statusCode).toBe(401);
  });
});
