import { apiErrorSchema } from '@vet/contracts/errors';
import { integrationPathPrefix } from '@vet/contracts/machine-access';
import { createPractice } from '@vet/db/testing/factories';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { seedImportLookups } from '@vet/practice-import/testing/run-test-import';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { useSignedInTestApp } from '../../testing/signed-in-app.ts';
import { TEST_MACHINE_CLIENT_ID } from '../../testing/test-identity-provider.ts';
import { recordRequests } from '../records/testing/record-requests.ts';

/**
 * Decision 0113: every write of the integration API takes an Idempotency-Key with client bookings'
 * meaning: the same key and request answered again as the first time without writing again, the same key
 * with another request refused (422), and each machine client's keys its own.
 */
const tag = randomUUID().slice(0, 8).toUpperCase();
const practiceRef = `PRAC-IK-${tag}`;
const grants = [{ client: 'pms-other', practices: 'all', kinds: ['clients', 'acknowledgements'] }];
const database = useTestDatabase();
const { context, machineAuthorization, signedInClient } = useSignedInTestApp(database, {
  env: { INTEGRATION_CLIENT_GRANTS: JSON.stringify(grants) },
});
const api = recordRequests(
  () => context.app,
  () => machineAuthorization(),
);
const otherApi = recordRequests(
  () => context.app,
  () => machineAuthorization({ clientId: 'pms-other' }),
);
beforeAll(async () => {
  await seedImportLookups(database);
  await createPractice(database.db, { pmsRef: practiceRef });
});

const newRef = () => `CLI-IK-${tag}-${randomUUID().slice(0, 6)}`;
const client = (ref: string, town = 'York') => ({
  client_ref: ref,
  practice_ref: practiceRef,
  first_name: 'Ann',
  last_name: 'Lee',
  town,
});
const keyed = (key: string) => ({ 'idempotency-key': key });
const townOf = async (ref: string) =>
  (await database.pool.query<{ town: string }>('select town from clients where pms_ref = $1', [ref])).rows[0]
    ?.town;
const codeOf = (response: { json: () => unknown }) => apiErrorSchema.parse(response.json()).code;

describe('Idempotency-Key on the integration API’s writes', () => {
  it('answers the same key and request as the first time, without writing again', async () => {
    const ref = newRef();
    const key = randomUUID();
    const first = await api.put('clients', ref, client(ref), keyed(key));
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    // Someone else changes the record: a replay must not write the old town back.
    await database.pool.query(`update clients set town = 'Leeds' where pms_ref = $1`, [ref]);
    // The same body with its fields in another order is the same request.
    const { town, ...rest } = client(ref);
    const again = await api.put('clients', ref, { town, ...rest }, keyed(key));
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(await townOf(ref)).toBe('Leeds');
    // Without a key the same request is a new write.
    expect((await api.put('clients', ref, client(ref))).json()).toMatchObject({ outcome: 'applied' });
    expect(await townOf(ref)).toBe('York');
  });

  it('refuses the key with another request (422 idempotency_key_reused) and writes nothing', async () => {
    const ref = newRef();
    const key = randomUUID();
    expect((await api.put('clients', ref, client(ref), keyed(key))).statusCode).toBe(201);
    const otherBody = await api.put('clients', ref, client(ref, 'Hull'), keyed(key));
    expect(otherBody.statusCode).toBe(422);
    expect(codeOf(otherBody)).toBe('idempotency_key_reused');
    const otherPath = await api.deactivate('clients', ref, undefined, keyed(key));
    expect(codeOf(otherPath)).toBe('idempotency_key_reused');
    const otherVersion = await api.put('clients', ref, client(ref), { ...keyed(key), 'if-match': '"1"' });
    expect(codeOf(otherVersion)).toBe('idempotency_key_reused');
    expect(await townOf(ref)).toBe('York');
  });

  it('keeps each machine client’s keys its own', async () => {
    const [ref, otherRef] = [newRef(), newRef()];
    const key = randomUUID();
    expect((await api.put('clients', ref, client(ref), keyed(key))).statusCode).toBe(201);
    const other = await otherApi.put('clients', otherRef, client(otherRef), keyed(key));
    expect(other.statusCode, other.body).toBe(201);
    expect(other.headers['idempotent-replayed']).toBeUndefined();
    expect(await townOf(otherRef)).toBe('York');
  });

  it('answers one of parallel repeats by writing and the others from it, or as still in use', async () => {
    const ref = newRef();
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => api.put('clients', ref, client(ref), keyed(key))),
    );
    const written = answers.filter((a) => a.statusCode === 201 && !a.headers['idempotent-replayed']);
    expect(written).toHaveLength(1);
    for (const answer of answers.filter((a) => a !== written[0])) {
      if (answer.statusCode === 409) expect(codeOf(answer)).toBe('idempotency_key_in_use');
      else expect([answer.statusCode, answer.body]).toEqual([201, written[0]!.body]);
    }
    const count = await database.pool.query('select count(*)::int as n from clients where pms_ref = $1', [
      ref,
    ]);
    expect(count.rows[0]).toEqual({ n: 1 });
  });

  it('lets a key go when its answer depends on the moment (409), so a repeat is judged afresh', async () => {
    const ref = newRef();
    const key = randomUUID();
    expect((await api.put('clients', ref, client(ref))).statusCode).toBe(201);
    const stale = await api.put('clients', ref, client(ref, 'Hull'), { ...keyed(key), 'if-match': '"2"' });
    expect(codeOf(stale)).toBe('stale_version');
    // The record moves on to version 2 (any change bumps it): the same request now fits it.
    await database.pool.query(`update clients set town = 'Leeds' where pms_ref = $1`, [ref]);
    const fresh = await api.put('clients', ref, client(ref, 'Hull'), { ...keyed(key), 'if-match': '"2"' });
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(await townOf(ref)).toBe('Hull');
  });

  it('takes a key on the other writes too: an acknowledgement replayed, or refused for another reference', async () => {
    const { client: online } = await signedInClient();
    const key = randomUUID();
    const acknowledge = async (clientRef: string) =>
      context.app.inject({
        method: 'PUT',
        url: `${integrationPathPrefix}/clients/online/${online.id}/ref`,
        headers: { authorization: await machineAuthorization(), ...keyed(key) },
        payload: { client_ref: clientRef },
      });
    const ref = newRef();
    const first = await acknowledge(ref);
    expect(first.json()).toMatchObject({ outcome: 'applied' });
    const again = await acknowledge(ref);
    expect([again.body, again.headers['idempotent-replayed']]).toEqual([first.body, 'true']);
    expect(codeOf(await acknowledge(newRef()))).toBe('idempotency_key_reused');
  });

  it('takes a claim left unanswered for minutes as abandoned: the repeat is judged afresh', async () => {
    const ref = newRef();
    const key = randomUUID();
    // A process that stopped mid-request leaves its claim with no answer and no release.
    await database.pool.query(
      `insert into integration_idempotency_keys (caller, key, request_hash, created_at)
       values ($1, $2, 'hash of a request never answered', now() - interval '1 minute')`,
      [TEST_MACHINE_CLIENT_ID, key],
    );
    expect(codeOf(await api.put('clients', ref, client(ref), keyed(key)))).toBe('idempotency_key_reused');
    await database.pool.query(
      `update integration_idempotency_keys set created_at = now() - interval '6 minutes'
       where caller = $1 and key = $2`,
      [TEST_MACHINE_CLIENT_ID, key],
    );
    const repeat = await api.put('clients', ref, client(ref), keyed(key));
    expect(repeat.statusCode, repeat.body).toBe(201);
    expect(repeat.headers['idempotent-replayed']).toBeUndefined();
  });

  it('refuses a blank or overlong key (400)', async () => {
    const ref = newRef();
    for (const key of [' ', 'k'.repeat(201)]) {
      const response = await api.put('clients', ref, client(ref), keyed(key));
      expect(response.statusCode, JSON.stringify(key)).toBe(400);
      expect(codeOf(response)).toBe('invalid_request');
    }
  });
});
