import { apiErrorSchema } from '@vet/contracts/errors';
import { practiceRecordBatchResultSchema } from '@vet/contracts/integration-records';
import { integrationPathPrefix } from '@vet/contracts/machine-access';
import { createClient, createPractice } from '@vet/db/testing/factories';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { seedImportLookups } from '@vet/practice-import/testing/run-test-import';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { useSignedInTestApp } from '../../testing/signed-in-app.ts';
import { recordRequests } from '../records/testing/record-requests.ts';

/**
 * Decision 0105: a machine client granted some practices and kinds writes only those, and a record of
 * another practice answers as missing; a client of INTEGRATION_CLIENT_IDS keeps every practice and kind.
 */
const tag = randomUUID().slice(0, 8).toUpperCase();
const north = `PRAC-N-${tag}`;
const south = `PRAC-S-${tag}`;
const grants = [
  { client: 'pms-north', practices: [north], kinds: ['clients', 'pets', 'events', 'appointments'] },
  { client: 'pms-group', practices: 'all', kinds: ['clients'] },
];
const database = useTestDatabase();
const { context, machineAuthorization } = useSignedInTestApp(database, {
  env: { INTEGRATION_CLIENT_GRANTS: JSON.stringify(grants) },
});
const as = (clientId?: string) =>
  recordRequests(
    () => context.app,
    () => machineAuthorization(clientId === undefined ? {} : { clientId }),
  );
const northApi = as('pms-north');
const groupApi = as('pms-group');
/** The test's practice system of INTEGRATION_CLIENT_IDS, as deployed before grants existed. */
const upgradedApi = as();

const practiceIds = {} as Record<'north' | 'south', number>;
beforeAll(async () => {
  await seedImportLookups(database);
  practiceIds.north = (await createPractice(database.db, { pmsRef: north })).id;
  practiceIds.south = (await createPractice(database.db, { pmsRef: south })).id;
});

const clientBody = (ref: string, practiceRef: string) => ({
  client_ref: ref,
  practice_ref: practiceRef,
  first_name: 'James',
  last_name: 'Okafor',
});
const newRef = (kind: string) => `${kind}-${tag}-${randomUUID().slice(0, 6)}`;
const homeOf = async (ref: string) =>
  (
    await database.pool.query<{ practice: string }>(
      'select p.pms_ref as practice from clients c join practices p on p.id = c.home_practice_id where c.pms_ref = $1',
      [ref],
    )
  ).rows[0]?.practice;
const codeOf = (response: { json: () => unknown }) => apiErrorSchema.parse(response.json()).code;

describe('a machine client granted some practices', () => {
  it('writes a client of its practice (201) and is refused one of another (403 practice_not_served)', async () => {
    const mine = newRef('CLI');
    const theirs = newRef('CLI');

    const allowed = await northApi.put('clients', mine, clientBody(mine, north));
    const refused = await northApi.put('clients', theirs, clientBody(theirs, south));

    expect(allowed.statusCode, allowed.body).toBe(201);
    expect(refused.statusCode).toBe(403);
    expect(codeOf(refused)).toBe('practice_not_served');
    expect(await homeOf(mine)).toBe(north);
    expect(await homeOf(theirs)).toBeUndefined();
  });

  it('cannot move another practice’s client into its own', async () => {
    const ref = newRef('CLI');
    await createClient(database.db, { pmsRef: ref, homePracticeId: practiceIds.south });

    const response = await northApi.put('clients', ref, clientBody(ref, north));

    expect(response.statusCode).toBe(403);
    expect(codeOf(response)).toBe('practice_not_served');
    expect(await homeOf(ref)).toBe(south);
  });

  it('writes a pet only of a client of its practice', async () => {
    const [mine, theirs] = [newRef('CLI'), newRef('CLI')];
    await createClient(database.db, { pmsRef: mine, homePracticeId: practiceIds.north });
    await createClient(database.db, { pmsRef: theirs, homePracticeId: practiceIds.south });
    const pet = (clientRef: string) => {
      const ref = newRef('PET');
      return [
        ref,
        { pet_ref: ref, client_ref: clientRef, name: 'Bramble', species: 'Dog', sex: 'Female' },
      ] as const;
    };

    const allowed = await northApi.put('pets', ...pet(mine));
    const refused = await northApi.put('pets', ...pet(theirs));

    expect(allowed.statusCode, allowed.body).toBe(201);
    expect([refused.statusCode, codeOf(refused)]).toEqual([403, 'practice_not_served']);
  });

  it('answers a record of another practice as missing (404), its own as found', async () => {
    const [mine, theirs] = [newRef('CLI'), newRef('CLI')];
    await createClient(database.db, { pmsRef: mine, homePracticeId: practiceIds.north });
    await createClient(database.db, { pmsRef: theirs, homePracticeId: practiceIds.south });

    const own = await northApi.deactivate('clients', mine);
    const other = await northApi.deactivate('clients', theirs);
    const unknown = await northApi.deactivate('clients', newRef('CLI'));

    expect(own.statusCode, own.body).toBe(200);
    expect(other.statusCode).toBe(404);
    // Word for word the answer of a reference nobody has: existence does not leak.
    expect(other.json()).toEqual(unknown.json());
    const allowed = await database.pool.query<{ allowed: boolean }>(
      'select online_booking_allowed as allowed from clients where pms_ref = $1',
      [theirs],
    );
    expect(allowed.rows[0]?.allowed).toBe(true);
  });

  it('answers each batch item on its own: its practice’s applied, another’s refused', async () => {
    const [mine, theirs] = [newRef('CLI'), newRef('CLI')];

    const response = await northApi.batch('clients', [clientBody(mine, north), clientBody(theirs, south)]);

    expect(response.statusCode, response.body).toBe(200);
    const { results } = practiceRecordBatchResultSchema.parse(response.json());
    expect(results.map((result) => result.outcome)).toEqual(['applied', 'refused']);
    const refused = results[1];
    expect(refused?.outcome === 'refused' && refused.issues?.map((issue) => issue.path)).toEqual([
      'practice_ref',
    ]);
    expect(await homeOf(mine)).toBe(north);
    expect(await homeOf(theirs)).toBeUndefined();
  });

  it('is refused a kind it is not granted (403 kind_not_allowed), before its body is read', async () => {
    const clinician = await northApi.put('clinicians', newRef('VET'), { practice_ref: north });
    const reason = await northApi.put('appointment-reasons', newRef('RSN'), {});
    const events = await context.app.inject({
      method: 'GET',
      url: `${integrationPathPrefix}/events`,
      headers: { authorization: await machineAuthorization({ clientId: 'pms-group' }) },
    });

    for (const response of [clinician, reason, events]) {
      expect(response.statusCode, response.body).toBe(403);
      expect(codeOf(response)).toBe('kind_not_allowed');
    }
  });
});

describe('desk bookings of a machine client granted some practices', () => {
  const booking = (practiceRef: string) => {
    const startsAt = new Date(Date.now() + 7 * 86_400_000);
    return {
      practice_ref: practiceRef,
      clinician_ref: newRef('VET'),
      client_ref: newRef('CLI'),
      pet_ref: newRef('PET'),
      reason_ref: newRef('RSN'),
      starts_at: startsAt.toISOString(),
      ends_at: new Date(startsAt.getTime() + 900_000).toISOString(),
      status: 'Booked',
    };
  };
  const send = async (method: 'PUT' | 'POST', path: string, payload: unknown) =>
    context.app.inject({
      method,
      url: `${integrationPathPrefix}${path}`,
      headers: { authorization: await machineAuthorization({ clientId: 'pms-north' }) },
      payload: payload as Record<string, unknown>,
    });

  it('refuses a booking at another practice (403 practice_not_served), alone or as a batch item', async () => {
    const ref = newRef('APT');
    const alone = await send('PUT', `/appointments/${ref}`, booking(south));
    const batch = await send('POST', '/appointments/batch', {
      items: [
        { appointment_ref: newRef('APT'), ...booking(south) },
        { appointment_ref: newRef('APT'), ...booking(north) },
      ],
    });

    expect([alone.statusCode, codeOf(alone)]).toEqual([403, 'practice_not_served']);
    expect(batch.statusCode, batch.body).toBe(200);
    const results = batch.json<{ results: { status: number; error?: { code?: string } }[] }>().results;
    expect(results[0]).toMatchObject({ status: 403, error: { code: 'practice_not_served' } });
    // Its own practice's booking goes on to the booking rules (here: references that name nothing).
    expect(results[1]?.status).toBe(422);
  });
});

describe('a machine client granted every practice', () => {
  it('said explicitly ("all"): writes a client of any practice', async () => {
    const [a, b] = [newRef('CLI'), newRef('CLI')];
    expect((await groupApi.put('clients', a, clientBody(a, north))).statusCode).toBe(201);
    expect((await groupApi.put('clients', b, clientBody(b, south))).statusCode).toBe(201);
  });

  it('listed in INTEGRATION_CLIENT_IDS, as before grants: every practice and every kind', async () => {
    const client = newRef('CLI');
    const clinician = newRef('VET');

    const put = await upgradedApi.put('clients', client, clientBody(client, south));
    const vet = await upgradedApi.put('clinicians', clinician, {
      clinician_ref: clinician,
      practice_ref: south,
      first_name: 'Ada',
      last_name: 'Moss',
      clinician_type: 'Vet',
    });

    expect(put.statusCode, put.body).toBe(201);
    expect(vet.statusCode, vet.body).toBe(201);
  });

  it('a client neither listed nor granted is refused (403 client_not_accepted)', async () => {
    const ref = newRef('CLI');
    const response = await as('pms-unknown').put('clients', ref, clientBody(ref, north));
    expect([response.statusCode, codeOf(response)]).toEqual([403, 'client_not_accepted']);
  });
});
