import { apiErrorSchema } from '@vet/contracts/errors';
import { practiceRecordBatchResultSchema } from '@vet/contracts/integration-records';
import { createPractice, createSalutation } from '@vet/db/testing/factories';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { seedImportLookups } from '@vet/practice-import/testing/run-test-import';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { useSignedInTestApp } from '../../testing/signed-in-app.ts';
import { recordRequests } from './testing/record-requests.ts';

/**
 * Decision 0113: each record written through the integration API has a version (its ETag), one more on
 * every change of it by anyone; a write sent with the version it read (If-Match, or `version`) is refused
 * with 409 stale_version over a newer record, or one that does not exist. Without one, last write wins.
 */
const database = useTestDatabase();
const { context, machineAuthorization, signedInClient } = useSignedInTestApp(database);
const api = recordRequests(
  () => context.app,
  () => machineAuthorization(),
);
const tag = randomUUID().slice(0, 8).toUpperCase();
const practiceRef = `PRAC-V-${tag}`;
let practiceId = 0;
beforeAll(async () => {
  await seedImportLookups(database);
  practiceId = (await createPractice(database.db, { pmsRef: practiceRef })).id;
});

const newRef = () => `CLI-V-${tag}-${randomUUID().slice(0, 6)}`;
const client = (ref: string, town = 'York') => ({
  client_ref: ref,
  practice_ref: practiceRef,
  first_name: 'Ann',
  last_name: 'Lee',
  town,
});
const stored = async (ref: string) =>
  (
    await database.pool.query<{ town: string; version: number }>(
      'select town, version from clients where pms_ref = $1',
      [ref],
    )
  ).rows[0];
const codeOf = (response: { json: () => unknown }) => apiErrorSchema.parse(response.json()).code;
const ifMatch = (value: string) => ({ 'if-match': value });

describe('record versions on the integration API', () => {
  it('answers the version and its ETag: one more for a change, the same for no change', async () => {
    const ref = newRef();
    const created = await api.put('clients', ref, client(ref));
    expect([created.json(), created.headers.etag]).toEqual([expect.objectContaining({ version: 1 }), '"1"']);
    const same = await api.put('clients', ref, client(ref));
    expect([same.json(), same.headers.etag]).toEqual([expect.objectContaining({ version: 1 }), '"1"']);
    const changed = await api.put('clients', ref, client(ref, 'Hull'));
    expect([changed.json(), changed.headers.etag]).toEqual([expect.objectContaining({ version: 2 }), '"2"']);
  });

  it('writes over the version sent, and refuses an older one (409 stale_version) writing nothing', async () => {
    const ref = newRef();
    await api.put('clients', ref, client(ref));
    const fresh = await api.put('clients', ref, client(ref, 'Hull'), ifMatch('"1"'));
    expect(fresh.statusCode, fresh.body).toBe(200);
    const stale = await api.put('clients', ref, client(ref, 'Leeds'), ifMatch('"1"'));
    expect([stale.statusCode, codeOf(stale)]).toEqual([409, 'stale_version']);
    expect(await stored(ref)).toEqual({ town: 'Hull', version: 2 });
    const byField = await api.put('clients', ref, { ...client(ref, 'Leeds'), version: 1 });
    expect(codeOf(byField)).toBe('stale_version');
    const weak = await api.put('clients', ref, { ...client(ref, 'Leeds') }, ifMatch('W/"2"'));
    expect(weak.statusCode, weak.body).toBe(200);
    expect(await stored(ref)).toEqual({ town: 'Leeds', version: 3 });
  });

  it('lets one of two writers of the same version win, and answers the other stale', async () => {
    const ref = newRef();
    await api.put('clients', ref, client(ref));
    const answers = await Promise.all(
      ['Hull', 'Leeds'].map((town) => api.put('clients', ref, client(ref, town), ifMatch('"1"'))),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.findIndex((a) => a.statusCode === 200);
    expect(await stored(ref)).toEqual({ town: ['Hull', 'Leeds'][winner], version: 2 });
  });

  it('answers If-Match on a record that does not exist as stale, and creates nothing', async () => {
    const ref = newRef();
    for (const value of ['"1"', '*']) {
      const response = await api.put('clients', ref, client(ref), ifMatch(value));
      expect([response.statusCode, codeOf(response)], value).toEqual([409, 'stale_version']);
    }
    expect(await stored(ref)).toBeUndefined();
    const deactivated = await api.deactivate('clients', ref, undefined, ifMatch('"1"'));
    expect(codeOf(deactivated)).toBe('stale_version');
  });

  it('keeps a client’s newer change online from a late write of the version read before it', async () => {
    const ref = newRef();
    const salutation = await createSalutation(database.db, { description: `Dr ${randomUUID().slice(0, 8)}` });
    const { authorization } = await signedInClient({
      pmsRef: ref,
      homePracticeId: practiceId,
      salutationId: salutation.id,
    });
    const read = await api.put('clients', ref, client(ref));
    const version = String(read.headers.etag);
    const own = await context.app.inject({
      method: 'POST',
      url: '/client',
      headers: { authorization },
      payload: {
        salutationId: salutation.id,
        firstName: 'Ann',
        lastName: 'Lee',
        mobilePhone: '07400 123456',
        homePhone: null,
        address: { line1: '2 New Road', line2: null, town: 'Harrogate', county: null, postcode: 'HG1 1AA' },
        homePracticeId: practiceId,
      },
    });
    expect(own.statusCode, own.body).toBe(200);
    const late = await api.put('clients', ref, client(ref, 'York'), ifMatch(version));
    expect(codeOf(late)).toBe('stale_version');
    expect((await stored(ref))?.town).toBe('Harrogate');
    // Read again: the version now, and a write over it is taken.
    const again = await api.get('clients', ref);
    expect(again.json()).toEqual({
      ref,
      id: read.json<{ id: number }>().id,
      version: (await stored(ref))?.version,
    });
    const decided = await api.put('clients', ref, client(ref, 'York'), ifMatch(String(again.headers.etag)));
    expect(decided.statusCode, decided.body).toBe(200);
  });

  it('answers a record’s version by GET, and 404 for an unknown reference', async () => {
    const ref = newRef();
    await api.put('clients', ref, client(ref));
    await api.put('clients', ref, client(ref, 'Hull'));
    const read = await api.get('clients', ref);
    expect([read.statusCode, read.headers.etag, read.json()]).toEqual([
      200,
      '"2"',
      expect.objectContaining({ ref, version: 2 }),
    ]);
    const unknown = await api.get('clients', newRef());
    expect([unknown.statusCode, codeOf(unknown)]).toEqual([404, 'not_found']);
  });

  it('takes a version per batch item: the fresh applied, the stale refused naming stale_version', async () => {
    const [fresh, stale] = [newRef(), newRef()];
    await api.batch('clients', [client(fresh), client(stale)]);
    await api.put('clients', stale, client(stale, 'Hull'));
    const response = await api.batch('clients', [
      { ...client(fresh, 'Leeds'), version: 1 },
      { ...client(stale, 'Leeds'), version: '1' },
      { ...client(newRef()), version: 'one' },
    ]);
    const { results } = practiceRecordBatchResultSchema.parse(response.json());
    expect(results.map((r) => [r.outcome, r.version, r.issues?.map((i) => i.path)])).toEqual([
      ['applied', 2, undefined],
      ['refused', undefined, ['version']],
      ['refused', undefined, ['version']],
    ]);
    expect(results[1]?.issues?.[0]?.message).toContain('stale_version');
    expect(await stored(stale)).toEqual({ town: 'Hull', version: 2 });
  });

  it('deactivates only the version sent', async () => {
    const ref = newRef();
    await api.put('clients', ref, client(ref));
    await api.put('clients', ref, client(ref, 'Hull'));
    expect(codeOf(await api.deactivate('clients', ref, undefined, ifMatch('"1"')))).toBe('stale_version');
    const current = await api.deactivate('clients', ref, undefined, ifMatch('"2"'));
    expect([current.statusCode, current.json(), current.headers.etag]).toEqual([
      200,
      expect.objectContaining({ outcome: 'applied', version: 3 }),
      '"3"',
    ]);
  });

  it('refuses an If-Match that is no version (400), and a body version other than it (422)', async () => {
    const ref = newRef();
    await api.put('clients', ref, client(ref));
    for (const value of ['abc', '"0"', '"1", "2"']) {
      const response = await api.put('clients', ref, client(ref), ifMatch(value));
      expect([response.statusCode, codeOf(response)], value).toEqual([400, 'invalid_request']);
    }
    const both = await api.put('clients', ref, { ...client(ref), version: 2 }, ifMatch('"1"'));
    expect(both.statusCode).toBe(422);
    expect(apiErrorSchema.parse(both.json()).issues?.map((i) => i.path)).toEqual(['version']);
  });
});
