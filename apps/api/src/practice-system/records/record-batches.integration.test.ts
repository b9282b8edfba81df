import { apiErrorSchema } from '@vet/contracts/errors';
import {
  practiceRecordBatchResultSchema,
  recordBatchMaxBytes,
  recordBatchMaxItems,
} from '@vet/contracts/integration-records';
import { jsonRecords } from '@vet/practice-import/testing/json-records';
import { seedImportLookups } from '@vet/practice-import/testing/run-test-import';
import { testGroup } from '@vet/practice-import/testing/test-group';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { beforeAll, describe, expect, it } from 'vitest';
import { useSignedInTestApp } from '../../testing/signed-in-app.ts';
import { kindFiles, recordRequests } from './testing/record-requests.ts';

/**
 * POST /integration/v1/{kind}/batch (decision 0065): up to recordBatchMaxItems records of one kind, each
 * answered on its own in the order sent; the valid ones are applied whatever the others are, as the
 * import applies a file's valid rows.
 */
const database = useTestDatabase();
const { context, machineAuthorization } = useSignedInTestApp(database);
const api = recordRequests(
  () => context.app,
  () => machineAuthorization(),
);
beforeAll(() => seedImportLookups(database));

/** Any reason: the kinds' own tests hold their wording. */
const someReason: unknown = expect.any(String);

const resultsOf = (response: { statusCode: number; body: string; json(): unknown }) => {
  expect(response.statusCode, response.body).toBe(200);
  return practiceRecordBatchResultSchema.parse(response.json()).results;
};

describe('POST /integration/v1/{kind}/batch', () => {
  it('stores a whole group kind by kind, then answers every item unchanged', async () => {
    const group = testGroup();
    for (const [kind, file] of kindFiles) {
      const items = jsonRecords(group, file);
      const results = resultsOf(await api.batch(kind, items));
      expect(
        results.map((r) => [r.index, r.outcome]),
        kind,
      ).toEqual(items.map((_, i) => [i, 'applied']));
      expect(
        results.every((r) => typeof r.id === 'number' && r.issues === undefined),
        kind,
      ).toBe(true);
    }
    for (const [kind, file] of kindFiles) {
      const results = resultsOf(await api.batch(kind, jsonRecords(group, file)));
      expect(new Set(results.map((r) => r.outcome)), kind).toEqual(new Set(['unchanged']));
    }
  });

  it('answers per item: the valid applied, the refused with their issues and the references sent', async () => {
    const group = testGroup();
    await api.batch('practices', jsonRecords(group, 'practices.csv'));
    const [first, second] = group.files['clients.csv'] as [Record<string, string>, Record<string, string>];
    const results = resultsOf(
      await api.batch('clients', [first, { ...second, mobile_phone: '12345' }, { ...first, town: 'York' }]),
    ).map(({ id, version, ...rest }) => ({ ...rest, hasId: id !== undefined && version === 1 }));
    expect(results).toEqual([
      { index: 0, ref: first.client_ref, outcome: 'applied', hasId: true },
      {
        index: 1,
        ref: second.client_ref,
        outcome: 'refused',
        issues: [{ path: 'mobile_phone', message: someReason }],
        hasId: false,
      },
      {
        index: 2,
        ref: first.client_ref,
        outcome: 'refused',
        issues: [{ path: 'client_ref', message: 'this reference is used before in item 0' }],
        hasId: false,
      },
    ]);
  });

  it(`takes ${recordBatchMaxItems} items and refuses one more with 413, saying the limit`, async () => {
    const group = testGroup();
    await api.batch('practices', jsonRecords(group, 'practices.csv'));
    const client = (n: number) => ({
      client_ref: group.ref('CLI', n),
      practice_ref: group.ref('PRAC', 1),
      first_name: 'Ann',
      last_name: `Lee ${n}`,
    });
    const full = Array.from({ length: recordBatchMaxItems }, (_, i) => client(i + 1));
    const results = resultsOf(await api.batch('clients', full));
    expect(results.filter((r) => r.outcome === 'applied')).toHaveLength(recordBatchMaxItems);

    const response = await api.batch('clients', [...full, client(0)]);
    expect(response.statusCode).toBe(413);
    expect(apiErrorSchema.parse(response.json()).message).toContain(String(recordBatchMaxItems));
  });

  it('refuses a body over the byte limit with 413, saying the limit, before reading it', async () => {
    const long = 'x'.repeat(recordBatchMaxBytes / 8);
    const items = Array.from({ length: 9 }, (_, i) => ({ client_ref: `CLI-${i}`, address_line2: long }));
    const response = await api.batch('clients', items);
    expect(response.statusCode).toBe(413);
    expect(apiErrorSchema.parse(response.json()).message).toContain('MiB');
  });

  it('answers 400 for no items, or items that are not objects', async () => {
    for (const items of [[], undefined, ['a client'], 'a client']) {
      const response = await api.batch('pets', items);
      expect(response.statusCode, JSON.stringify(items)).toBe(400);
      expect(apiErrorSchema.safeParse(response.json()).success).toBe(true);
    }
  });
});
