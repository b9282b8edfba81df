import { apiErrorSchema } from '@vet/contracts/errors';
import { practiceRecordRefFields, practiceRecordWriteSchema } from '@vet/contracts/integration-records';
import { jsonRecords } from '@vet/practice-import/testing/json-records';
import { seedImportLookups } from '@vet/practice-import/testing/run-test-import';
import { testGroup } from '@vet/practice-import/testing/test-group';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { beforeAll, describe, expect, it } from 'vitest';
import { useSignedInTestApp } from '../../testing/signed-in-app.ts';
import { kindFiles, recordRequests } from './testing/record-requests.ts';

/**
 * PUT /integration/v1/{kind}/{ref} (decision 0065): one record of the practice system, by the
 * import's rules, answered applied (201 new, 200 changed) or unchanged (200), or refused (422) naming each
 * field as the import would.
 */
const database = useTestDatabase();
const { context, machineAuthorization } = useSignedInTestApp(database);
const api = recordRequests(
  () => context.app,
  () => machineAuthorization(),
);
beforeAll(() => seedImportLookups(database));

const storedId = async (table: string, ref: string) =>
  (await database.pool.query<{ id: number }>(`select id from ${table} where pms_ref = $1`, [ref])).rows[0]
    ?.id;

const tables = {
  practices: 'practices',
  clinicians: 'clinicians',
  closures: 'closures',
  'appointment-reasons': 'appointment_reasons',
  prices: 'practice_prices',
  clients: 'clients',
  pets: 'pets',
  vaccinations: 'vaccinations',
  medications: 'pet_medications',
  estimates: 'practice_estimates',
  invoices: 'practice_invoices',
  'health-plans': 'health_plans',
  'plan-memberships': 'plan_memberships',
} as const;

/** A group stored record by record through the API, kind by kind in dependency order. */
async function storeGroup() {
  const group = testGroup();
  for (const [kind, file] of kindFiles) {
    for (const record of jsonRecords(group, file)) {
      const ref = String(record[practiceRecordRefFields[kind]]);
      const response = await api.put(kind, ref, record);
      expect(response.statusCode, `${kind} ${response.body}`).toBe(201);
    }
  }
  return group;
}

describe('PUT /integration/v1/{kind}/{ref}', () => {
  it('stores each kind by its reference (201), then answers unchanged (200) for the same record', async () => {
    const group = testGroup();
    for (const [kind, file] of kindFiles) {
      const [record] = jsonRecords(group, file);
      const ref = String(record![practiceRecordRefFields[kind]]);
      const created = await api.put(kind, ref, record);
      expect(created.statusCode, `${kind}: ${created.body}`).toBe(201);
      const answer = practiceRecordWriteSchema.strict().parse(created.json());
      expect(answer).toEqual({ outcome: 'applied', id: await storedId(tables[kind], ref), version: 1 });
      expect(created.headers.etag, kind).toBe('"1"');
      const again = await api.put(kind, ref, record);
      expect(again.statusCode, kind).toBe(200);
      expect(again.json()).toEqual({ outcome: 'unchanged', id: answer.id, version: 1 });
    }
  });

  it('takes the reference from the path, JSON numbers and true/false, and applies a change', async () => {
    const group = await storeGroup();
    const [{ client_ref: ref, ...client }] = group.files['clients.csv'] as [Record<string, string>];
    const changed = await api.put('clients', ref!, { ...client, online_booking_allowed: false });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ outcome: 'applied' });
    const stored = await database.pool.query(
      'select online_booking_allowed from clients where pms_ref = $1',
      [ref],
    );
    expect(stored.rows[0]).toEqual({ online_booking_allowed: false });

    const [practice] = jsonRecords(group, 'practices.csv');
    const hours = await api.put('practices', group.ref('PRAC', 1), {
      ...practice,
      slot_grid_minutes: 20,
      opening_hours: [{ day_of_week: 6, opens: '09:00', closes: '12:30' }],
    });
    expect(hours.json()).toMatchObject({ outcome: 'applied' });
    const days = await database.pool.query(
      `select h.day_of_week, to_char(h.closes_at, 'HH24:MI') as closes from practice_opening_hours h
         join practices p on p.id = h.practice_id where p.pms_ref = $1`,
      [group.ref('PRAC', 1)],
    );
    expect(days.rows).toEqual([{ day_of_week: 6, closes: '12:30' }]);
  });

  it('refuses (422) what the import refuses, naming each field and never its value', async () => {
    const group = await storeGroup();
    const pet = { ...group.files['pets.csv'][0]!, date_of_birth: '17/05/2020' };
    const refused = await api.put('pets', group.ref('PET', 1), pet);
    expect(refused.statusCode).toBe(422);
    const body = apiErrorSchema.parse(refused.json());
    expect(body.issues).toEqual([{ path: 'date_of_birth', message: 'not a real date written YYYY-MM-DD' }]);

    const client = { ...group.files['clients.csv'][0]!, postcode: 'ZZ99 9ZZZ', practice_ref: 'PRAC-NONE' };
    const both = await api.put('clients', group.ref('CLI', 1), client);
    expect(both.statusCode).toBe(422);
    expect(apiErrorSchema.parse(both.json()).issues).toEqual([
      { path: 'postcode', message: expect.any(String) as unknown },
      { path: 'practice_ref', message: 'no practice with this reference is stored' },
    ]);
    expect(both.body).not.toContain('ZZ99');

    const orphan = { ...group.files['pets.csv'][0]!, client_ref: 'CLI-NONE' };
    const unknown = await api.put('pets', group.ref('PET', 1), orphan);
    expect(unknown.statusCode).toBe(422);
    expect(apiErrorSchema.parse(unknown.json()).issues).toEqual([
      { path: 'client_ref', message: 'no client with this reference is stored' },
    ]);
  });

  it('refuses a reference in the body other than the path’s, unknown fields and values that are not values', async () => {
    const group = await storeGroup();
    const client = group.files['clients.csv'][1]!;
    const response = await api.put('clients', client.client_ref!, {
      ...client,
      client_ref: 'CLI-OTHER',
      town: { name: 'York' },
      nickname: 'Jim',
    });
    expect(response.statusCode).toBe(422);
    expect(apiErrorSchema.parse(response.json()).issues).toEqual([
      { path: 'town', message: 'not text, a number, true, false or null' },
      { path: 'nickname', message: 'unknown field: clients.csv has no column of this name' },
      { path: 'client_ref', message: 'not the reference in the path' },
    ]);
  });

  it('answers 400 for a body that is not an object or not JSON, and for a blank reference', async () => {
    for (const payload of [[], 'a client', 42, null, [{ first_name: 'Ann' }]]) {
      const response = await api.put('clients', 'CLI-X', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(apiErrorSchema.safeParse(response.json()).success).toBe(true);
    }
    const blank = await api.put('clients', ' ', { first_name: 'Ann' });
    expect(blank.statusCode).toBe(400);
    const notJson = await context.app.inject({
      method: 'PUT',
      url: '/integration/v1/clients/CLI-X',
      headers: { authorization: await machineAuthorization(), 'content-type': 'application/json' },
      payload: '{"first_name": ',
    });
    expect(notJson.statusCode).toBe(400);
  });
});
