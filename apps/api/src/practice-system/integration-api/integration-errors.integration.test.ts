import { apiErrorSchema } from '@vet/contracts/errors';
import { integrationErrorCodes } from '@vet/contracts/integration-errors';
import { integrationPathPrefix, practiceSystemScope } from '@vet/contracts/machine-access';
import { practiceRecordRefFields } from '@vet/contracts/integration-records';
import { jsonRecords } from '@vet/practice-import/testing/json-records';
import { seedImportLookups } from '@vet/practice-import/testing/run-test-import';
import { testGroup } from '@vet/practice-import/testing/test-group';
import { useTestDatabase } from '@vet/db/testing/test-database';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { useSignedInTestApp } from '../../testing/signed-in-app.ts';
import { recordRequests } from '../records/testing/record-requests.ts';

/**
 * Decision 0102: every 4xx of the integration API carries a code from the catalogue in the error body,
 * its own where the problem has one, its status's otherwise; the codes of the routes' own problems are
 * checked beside each route's tests, these are the ones every route shares.
 */
const database = useTestDatabase();
const { context, signedInClient, machineAuthorization } = useSignedInTestApp(database);
const api = recordRequests(
  () => context.app,
  () => machineAuthorization(),
);
beforeAll(() => seedImportLookups(database));

const knownRoute = `${integrationPathPrefix}/clients/no-such-ref/invitations`;
const call = (authorization: string | undefined, url = knownRoute, method: 'POST' | 'GET' = 'POST') =>
  context.app.inject({ method, url, headers: authorization === undefined ? {} : { authorization } });

/** The status and the code, checked against the catalogue so a code is never used at another status. */
function answered(response: LightMyRequestResponse) {
  const { code } = apiErrorSchema.parse(response.json());
  expect(code, response.body).toBeDefined();
  expect(integrationErrorCodes[code as keyof typeof integrationErrorCodes].status).toBe(response.statusCode);
  return [response.statusCode, code];
}

describe('the codes every integration route shares', () => {
  it('names why a caller is not let in: no token, a person’s, a client not accepted, a scope missing', async () => {
    const { authorization: person } = await signedInClient();
    expect(answered(await call(undefined))).toEqual([401, 'invalid_token']);
    expect(answered(await call('Bearer not-a-jwt'))).toEqual([401, 'invalid_token']);
    expect(answered(await call(person))).toEqual([403, 'person_token']);
    expect(answered(await call(await machineAuthorization({ clientId: 'another-pms' })))).toEqual([
      403,
      'client_not_accepted',
    ]);
    const noScope = await machineAuthorization({ scope: `not-${practiceSystemScope}` });
    expect(answered(await call(noScope))).toEqual([403, 'insufficient_scope']);
  });

  it('answers an unknown path under the prefix inside the scope: 401 without a token, 404 with one', async () => {
    const unknown = `${integrationPathPrefix}/no-such-kind/${crypto.randomUUID()}`;
    expect(answered(await call(undefined, unknown, 'GET'))).toEqual([401, 'invalid_token']);
    const found = await call(await machineAuthorization(), unknown, 'GET');
    expect(answered(found)).toEqual([404, 'not_found']);
    expect(apiErrorSchema.parse(found.json()).message).toBe(`There is no GET ${unknown} in this API.`);
  });

  it('leaves the portal’s own answers as they were: an unknown path outside the prefix has no code', async () => {
    const response = await context.app.inject({
      method: 'GET',
      url: `/no-such-route-${crypto.randomUUID()}`,
    });
    expect(response.statusCode).toBe(404);
    expect(apiErrorSchema.parse(response.json()).code).toBeUndefined();
  });

  it('names a body it cannot read (415) and one that is not valid (400)', async () => {
    const authorization = await machineAuthorization();
    const url = `${integrationPathPrefix}/clients/CLI-${crypto.randomUUID().slice(0, 8)}`;
    const xml = await context.app.inject({
      method: 'PUT',
      url,
      headers: { authorization, 'content-type': 'application/xml' },
      payload: '<client/>',
    });
    expect(answered(xml)).toEqual([415, 'unsupported_media_type']);
    expect(apiErrorSchema.strict().parse(xml.json())).toEqual({
      statusCode: 415,
      error: 'Unsupported Media Type',
      message: 'Unsupported Media Type',
      code: 'unsupported_media_type',
    });
    // Every type that is not JSON, text/plain too (Fastify parses it by default: it answered 400 before).
    for (const [type, payload] of [
      ['text/plain', '{"name": "A practice"}'],
      ['text/plain; charset=utf-8', 'hello'],
      ['text/csv', 'client_ref,first_name\nC1,Ann'],
      ['application/x-www-form-urlencoded', 'first_name=Ann'],
      ['multipart/form-data; boundary=x', '--x--'],
    ] as const) {
      const response = await context.app.inject({
        method: 'PUT',
        url,
        headers: { authorization, 'content-type': type },
        payload,
      });
      expect([type, ...answered(response)]).toEqual([type, 415, 'unsupported_media_type']);
      expect(apiErrorSchema.strict().parse(response.json()).error).toBe('Unsupported Media Type');
    }
    // A batch route and a POST route answer the same.
    for (const path of ['/clients/batch', '/appointments/batch']) {
      const response = await context.app.inject({
        method: 'POST',
        url: `${integrationPathPrefix}${path}`,
        headers: { authorization, 'content-type': 'text/plain' },
        payload: '{"items": []}',
      });
      expect([path, ...answered(response)]).toEqual([path, 415, 'unsupported_media_type']);
    }
    const notAnObject = await context.app.inject({
      method: 'PUT',
      url,
      headers: { authorization, 'content-type': 'application/json' },
      payload: '[1, 2]',
    });
    expect(answered(notAnObject)).toEqual([400, 'invalid_request']);
  });

  it('answers retry_later when a concurrent writer clashed and nothing was stored, and the resend works', async () => {
    const [record] = jsonRecords(testGroup(), 'practices.csv');
    const ref = `CLASH-${crypto.randomUUID().slice(0, 8)}`;
    const body = { ...record, [practiceRecordRefFields.practices]: ref };
    // A serialization failure exactly where a concurrent transaction would cause one, once, for this ref
    // (a sequence: its count survives the rollback the failure causes).
    const name = `clash_${ref.slice(6)}`;
    await database.pool.query(`
      create sequence ${name};
      create function ${name}() returns trigger language plpgsql as $$
      begin
        if new.pms_ref = '${ref}' and nextval('${name}') = 1 then
          raise exception 'could not serialize access' using errcode = '40001';
        end if;
        return new;
      end $$;
      create trigger ${name} before insert on practices for each row execute function ${name}();`);
    try {
      expect(answered(await api.put('practices', ref, body))).toEqual([409, 'retry_later']);
      expect((await api.put('practices', ref, body)).statusCode).toBe(201);
    } finally {
      await database.pool.query(
        `drop trigger ${name} on practices; drop function ${name}(); drop sequence ${name}`,
      );
    }
  });
});
