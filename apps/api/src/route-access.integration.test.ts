import { apiErrorSchema } from '@vet/contracts/errors';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { beforeAll, describe, expect, it } from 'vitest';
import { machineRefusals } from './platform/auth/machine-access.ts';
import { useSignedInTestApp } from './testing/signed-in-app.ts';

/**
 * Every route of the OpenAPI document (so a new route is covered without editing this test), called by
 * each kind of caller: nobody, a signed-in client, and a practice system (decision 0062). Which answer
 * each gets depends only on the access scope the route sits in, read from the document's `security`.
 */
const database = useTestDatabase({ max: 10 });
// Every integration route is refused twice from one address here: more than the refused requests an
// address may make (integration-rate-limit.integration.test.ts tests that limit).
const { context, signedInClient, machineAuthorization } = useSignedInTestApp(database, {
  env: { INTEGRATION_FAILURES_PER_ADDRESS: '100000' },
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

function urlOf(operation: Operation): string {
  return operation.parameters
    .filter((parameter) => parameter.in === 'path')
    .reduce((url, parameter) => url.replace(`{${parameter.name}}`, unknownValue), operation.path);
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
});
