import { apiErrorSchema } from '@vet/contracts/errors';
import { practiceRecordWriteSchema, type PracticeRecordKind } from '@vet/contracts/integration-records';
import { jsonRecords } from '@vet/practice-import/testing/json-records';
import { seedImportLookups } from '@vet/practice-import/testing/run-test-import';
import { testGroup } from '@vet/practice-import/testing/test-group';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { beforeAll, describe, expect, it } from 'vitest';
import { useSignedInTestApp } from '../../testing/signed-in-app.ts';
import { kindFiles, recordRequests } from './testing/record-requests.ts';

/**
 * POST /integration/v1/{kind}/{ref}/deactivate (decision 0065): what deactivation means differs by kind,
 * and deactivating again changes nothing; closures, vaccinations, prices and medications are removed.
 */
const database = useTestDatabase();
const { context, machineAuthorization, signedInClient } = useSignedInTestApp(database);
const api = recordRequests(
  () => context.app,
  () => machineAuthorization(),
);
beforeAll(() => seedImportLookups(database));

async function storedGroup() {
  const group = testGroup();
  for (const [kind, file] of kindFiles) {
    const response = await api.batch(kind, jsonRecords(group, file));
    expect(response.statusCode, response.body).toBe(200);
  }
  return group;
}

const row = async (sql: string, ref: string) => (await database.pool.query(sql, [ref])).rows[0] as unknown;

/** Each kind: its reference in the test group, and the stored state deactivation changes. */
const switched: [PracticeRecordKind, string, string, unknown, unknown][] = [
  ['practices', 'PRAC', 'select is_online as v from practices where pms_ref = $1', true, false],
  ['clinicians', 'CLIN', 'select active as v from clinicians where pms_ref = $1', true, false],
  [
    'appointment-reasons',
    'REASON',
    'select is_online as v from appointment_reasons where pms_ref = $1',
    true,
    false,
  ],
  ['clients', 'CLI', 'select online_booking_allowed as v from clients where pms_ref = $1', true, false],
];

describe('POST /integration/v1/{kind}/{ref}/deactivate', () => {
  it('turns off what each kind has to turn off, once: again answers unchanged', async () => {
    const group = await storedGroup();
    for (const [kind, prefix, sql, before, after] of switched) {
      const ref = group.ref(prefix, 1);
      expect(await row(sql, ref), kind).toEqual({ v: before });
      const response = await api.deactivate(kind, ref);
      expect(response.statusCode, `${kind}: ${response.body}`).toBe(200);
      const answer = practiceRecordWriteSchema.parse(response.json());
      expect(answer.outcome, kind).toBe('applied');
      expect(await row(sql, ref), kind).toEqual({ v: after });
      expect((await api.deactivate(kind, ref)).json(), kind).toEqual({
        outcome: 'unchanged',
        id: answer.id,
        version: answer.version,
      });
    }
  });

  it('gives a pet the status it is deactivated with, Deceased or Rehomed, and needs one', async () => {
    const group = await storedGroup();
    const ref = group.ref('PET', 1);
    expect((await api.deactivate('pets', ref)).statusCode).toBe(400);
    expect((await api.deactivate('pets', ref, { status: 'Active' })).statusCode).toBe(400);
    const response = await api.deactivate('pets', ref, { status: 'Rehomed' });
    expect(response.statusCode, response.body).toBe(200);
    expect(await row('select status as v from pets where pms_ref = $1', ref)).toEqual({ v: 'Rehomed' });
    expect((await api.deactivate('pets', ref, { status: 'Rehomed' })).json()).toMatchObject({
      outcome: 'unchanged',
    });
    expect((await api.deactivate('pets', ref, { status: 'Deceased' })).json()).toMatchObject({
      outcome: 'applied',
    });
  });

  it('removes a closure, a vaccination, a price or a medication; then, as for any unknown reference, answers 404', async () => {
    const group = await storedGroup();
    for (const [kind, ref, table] of [
      ['closures', group.ref('CLOS', 1), 'closures'],
      ['vaccinations', group.ref('VAC', 1), 'vaccinations'],
      ['prices', group.ref('PRICE', 1), 'practice_prices'],
      ['medications', group.ref('MED', 1), 'pet_medications'],
    ] as const) {
      expect((await api.deactivate(kind, ref)).json(), kind).toMatchObject({ outcome: 'applied' });
      expect(await row(`select count(*)::int as n from ${table} where pms_ref = $1`, ref)).toEqual({ n: 0 });
      const gone = await api.deactivate(kind, ref);
      expect(gone.statusCode, kind).toBe(404);
      expect(apiErrorSchema.parse(gone.json()).message).toMatch(/^There is no \w+ with this reference\.$/);
    }
    for (const [kind] of kindFiles) {
      const body = kind === 'pets' ? { status: 'Deceased' } : undefined;
      expect((await api.deactivate(kind, `NONE-${group.tag}`, body)).statusCode, kind).toBe(404);
    }
  });

  it("refuses a client's token (403) and no token (401), as on every integration route", async () => {
    const group = await storedGroup();
    const { authorization } = await signedInClient();
    const asClient = recordRequests(
      () => context.app,
      () => Promise.resolve(authorization),
    );
    const anonymous = recordRequests(
      () => context.app,
      () => Promise.resolve(undefined),
    );
    const ref = group.ref('CLI', 1);
    expect((await asClient.deactivate('clients', ref)).statusCode).toBe(403);
    expect((await asClient.put('clients', ref, group.files['clients.csv'][0])).statusCode).toBe(403);
    expect((await asClient.batch('clients', group.files['clients.csv'])).statusCode).toBe(403);
    expect((await anonymous.deactivate('clients', ref)).statusCode).toBe(401);
    expect((await anonymous.put('clients', ref, group.files['clients.csv'][0])).statusCode).toBe(401);
    expect(await row('select online_booking_allowed as v from clients where pms_ref = $1', ref)).toEqual({
      v: true,
    });
  });
});
