import { useTestDatabase } from '@vet/db/testing/test-database';
import { seedImportLookups } from '@vet/practice-import/testing/run-test-import';
import { testGroup } from '@vet/practice-import/testing/test-group';
import { beforeAll, describe, expect, it } from 'vitest';
import { createConnectorStore } from './connector-store.ts';
import { syncDepsOf } from './testing/sync-deps.ts';
import { syncCycle, type ConnectorRuntime, type SyncDeps } from './connector-sync.ts';
import { MemoryPracticeSystem } from './testing/memory-practice-system.ts';

/**
 * A connector's reading (decision 0106): a first sync of a group into the portal, deltas, deletions, a
 * refused record reported and the rest applied, and an outage part-way that loses nothing.
 */
const database = useTestDatabase();
beforeAll(() => seedImportLookups(database));

const deps = (): SyncDeps => syncDepsOf(database);

function scene(pageSize?: number) {
  const group = testGroup();
  const system = MemoryPracticeSystem.of(group, pageSize);
  const runtime: ConnectorRuntime = {
    name: `test-${group.tag.toLowerCase()}`,
    practices: [group.ref('PRAC', 1)],
    pollSeconds: 15,
    connection: system,
  };
  return { group, system, runtime };
}

const row = async (sql: string, params: unknown[]) =>
  (await database.pool.query(sql, params)).rows[0] as Record<string, unknown> | undefined;

const refusals = async (name: string) =>
  (
    await database.pool.query<{ kind: string; ref: string; reasons: { path: string; message: string }[] }>(
      `select kind, ref, reasons from connector_refusals where name = $1 order by kind, ref`,
      [name],
    )
  ).rows;

describe('a connector reading its practice system', () => {
  it('syncs the whole group into the portal on its first pass, page by page', async () => {
    const { group, runtime } = scene(2);
    const outcome = await syncCycle(deps(), runtime);
    expect(outcome).toMatchObject({ kind: 'read' });
    // Two records a page: more pages than kinds.
    expect(outcome.kind === 'read' && outcome.pages).toBeGreaterThan(runtime.connection.readKinds.length);
    expect((await refusals(runtime.name)).map((r) => [r.ref, JSON.stringify(r.reasons)])).toEqual([]);
    expect(await row('select name from practices where pms_ref = $1', [group.ref('PRAC', 1)])).toBeDefined();
    const shifts = await row(
      'select count(*)::int as n from clinician_rota_shifts r join clinicians c on c.id = r.clinician_id where c.pms_ref = $1',
      [group.ref('CLIN', 1)],
    );
    expect(shifts?.n).toBe(5);
    expect(await row('select status from appointments where pms_ref = $1', [group.ref('APT', 3)])).toEqual({
      status: 'Booked',
    });
  });

  it('reports a record the connection would not map, with its reasons and no body, and clears it once it applies', async () => {
    const { group, system, runtime } = scene();
    const ref = group.ref('APT', 3);
    const read = system.read.bind(system);
    let refuse = true;
    // The vendor's mapping refuses one desk booking (an end it cannot trust: decision 0130).
    system.read = async (kind, cursor) => {
      const page = await read(kind, cursor);
      if (kind !== 'appointments' || !refuse) return page;
      return {
        ...page,
        records: page.records.filter((record) => record.ref !== ref),
        refused: [{ ref, reasons: [{ path: 'duration', message: 'longer than a day read as seconds' }] }],
      };
    };
    await syncCycle(deps(), runtime);
    expect(await refusals(runtime.name)).toEqual([
      {
        kind: 'appointments',
        ref,
        reasons: [{ path: 'duration', message: 'longer than a day read as seconds' }],
      },
    ]);
    expect(
      await row(`select body from connector_refusals where name = $1 and ref = $2`, [runtime.name, ref]),
    ).toEqual({ body: null });
    expect(await row('select 1 from appointments where pms_ref = $1', [ref])).toBeUndefined();

    // Sent again, mappable this time (a re-sync reads it afresh): applied, and the report cleared.
    refuse = false;
    await database.pool.query(`update connector_cursors set cursor = null where name = $1`, [runtime.name]);
    await syncCycle(deps(), runtime);
    expect(await refusals(runtime.name)).toEqual([]);
    expect(await row('select status from appointments where pms_ref = $1', [ref])).toEqual({
      status: 'Booked',
    });
  });

  it('reads what changed since its cursor: a desk booking cancelled, a new one, a record deleted', async () => {
    const { group, system, runtime } = scene();
    await syncCycle(deps(), runtime);
    system.change('appointments', group.ref('APT', 3), { status: 'Cancelled' });
    const body = system.body('appointments', group.ref('APT', 3))!;
    system.put('appointments', group.ref('APT', 9), {
      ...body,
      status: 'Booked',
      starts_at: new Date(Date.parse(String(body.starts_at)) + 3600_000).toISOString(),
      ends_at: new Date(Date.parse(String(body.ends_at)) + 3600_000).toISOString(),
    });
    system.delete('closures', group.ref('CLOS', 1));
    await syncCycle(deps(), runtime);
    expect(await row('select status from appointments where pms_ref = $1', [group.ref('APT', 3)])).toEqual({
      status: 'Cancelled',
    });
    expect(await row('select status from appointments where pms_ref = $1', [group.ref('APT', 9)])).toEqual({
      status: 'Booked',
    });
    expect(await row('select id from closures where pms_ref = $1', [group.ref('CLOS', 1)])).toBeUndefined();
  });

  it('reports a record it cannot apply by reference and reason, and applies the rest', async () => {
    const { group, system, runtime } = scene();
    system.change('pets', group.ref('PET', 1), { date_of_birth: '2099-01-01' });
    // A label the lists lack refuses nothing (decision 0131): the pet is kept with the system's words.
    system.change('pets', group.ref('PET', 2), { breed: 'Fenland Moggy' });
    system.change('appointments', group.ref('APT', 3), { reason_ref: 'REASON-NOBODY-HAS' });
    await syncCycle(deps(), runtime);
    const reported = await refusals(runtime.name);
    // The pet's appointments and vaccination are refused with it, as the import refuses a row's children.
    expect(reported.map((r) => [r.kind, r.ref])).toEqual([
      ['appointments', group.ref('APT', 1)],
      ['appointments', group.ref('APT', 3)],
      ['pets', group.ref('PET', 1)],
      ['vaccinations', group.ref('VAC', 1)],
    ]);
    expect(reported[2]!.reasons[0]!.path).toBe('date_of_birth');
    // No personal data in a report: the reasons name fields and rules.
    expect(JSON.stringify(reported)).not.toContain(group.planted.lastName);
    expect(
      await row(
        `select v.text, v.practice_system from pets p join practice_list_values v on v.id = p.breed_value_id
          where p.pms_ref = $1`,
        [group.ref('PET', 2)],
      ),
    ).toEqual({ text: 'Fenland Moggy', practice_system: `connector:${runtime.name}` });
    // Put right in the system, the pet applies, and its children refused with it apply from the report.
    system.change('pets', group.ref('PET', 1), { date_of_birth: '2020-09-23' });
    await syncCycle(deps(), runtime);
    expect((await refusals(runtime.name)).map((r) => r.ref)).toEqual([group.ref('APT', 3)]);
    expect(await row('select id from vaccinations where pms_ref = $1', [group.ref('VAC', 1)])).toBeDefined();
  });

  it('keeps a breed the lists lack with the system’s id of it as its code, filled in when it comes later', async () => {
    const { group, system, runtime } = scene();
    const pet = group.ref('PET', 2);
    const value = () =>
      row(
        `select v.id, v.text, v.code from pets p join practice_list_values v on v.id = p.breed_value_id
          where p.pms_ref = $1`,
        [pet],
      );
    system.change('pets', pet, { breed: 'Fenland Moggy' }, { breed: '4711' });
    await syncCycle(deps(), runtime);
    expect(await value()).toMatchObject({ text: 'Fenland Moggy', code: '4711' });

    // A value the system first sent without its id (a connector before codes) takes the id when it comes.
    system.change('pets', pet, { breed: 'Marsh Moggy' }, {});
    await syncCycle(deps(), runtime);
    const stored = await value();
    expect(stored).toMatchObject({ text: 'Marsh Moggy', code: null });
    system.change('pets', pet, { breed: 'MARSH moggy' }, { breed: '4712' });
    await syncCycle(deps(), runtime);
    expect(await value()).toEqual({ id: stored!.id, text: 'Marsh Moggy', code: '4712' });
  });

  it('keeps the codes of a record refused for its client, and applies them when it is tried again', async () => {
    const { group, system, runtime } = scene();
    const pet = group.ref('PET', 3);
    system.change('clients', group.ref('CLI', 2), { first_name: '' });
    system.change('pets', pet, { breed: 'Fenland Lop' }, { breed: '4713' });
    await syncCycle(deps(), runtime);
    expect((await refusals(runtime.name)).map((r) => r.ref)).toEqual(
      expect.arrayContaining([group.ref('CLI', 2), pet]),
    );
    // Put right in the system, the client applies; its pet, not sent again, comes from the report.
    system.change('clients', group.ref('CLI', 2), { first_name: 'James' });
    await syncCycle(deps(), runtime);
    expect(await refusals(runtime.name)).toEqual([]);
    expect(
      await row(
        `select v.text, v.code from pets p join practice_list_values v on v.id = p.breed_value_id
          where p.pms_ref = $1`,
        [pet],
      ),
    ).toEqual({ text: 'Fenland Lop', code: '4713' });
  });

  it('tries a record refused again less and less often, and at once when the record it names applies', async () => {
    const { group, system, runtime } = scene();
    system.change('pets', group.ref('PET', 1), { date_of_birth: '2099-01-01' });
    const backoff = async (ref: string) =>
      row(
        `select retries, extract(epoch from retry_after - now())::int as wait_s
           from connector_refusals where name = $1 and ref = $2`,
        [runtime.name, ref],
      );
    await syncCycle(deps(), runtime);
    // Sent by the system: tried again at the next pass.
    expect(await backoff(group.ref('PET', 1))).toEqual({ retries: 0, wait_s: null });
    await syncCycle(deps(), runtime);
    const once = await backoff(group.ref('PET', 1));
    expect(once?.retries).toBe(1);
    expect(once?.wait_s).toBeGreaterThan(30);
    // Waiting out its back-off: the next pass leaves it alone.
    await syncCycle(deps(), runtime);
    expect((await backoff(group.ref('PET', 1)))?.retries).toBe(1);
    // Its time come, refused again: it waits twice as long.
    await database.pool.query(
      `update connector_refusals set retry_after = now() - interval '1 second' where name = $1`,
      [runtime.name],
    );
    await syncCycle(deps(), runtime);
    const twice = await backoff(group.ref('PET', 1));
    expect(twice?.retries).toBe(2);
    expect(twice?.wait_s).toBeGreaterThan(once!.wait_s as number);
    expect((await backoff(group.ref('VAC', 1)))?.retries).toBe(2);
    // Put right in the system, the pet applies, and its vaccination goes in the same pass, back-off or not.
    system.change('pets', group.ref('PET', 1), { date_of_birth: '2020-09-23' });
    await syncCycle(deps(), runtime);
    expect(await refusals(runtime.name)).toEqual([]);
    expect(await row('select id from vaccinations where pms_ref = $1', [group.ref('VAC', 1)])).toBeDefined();
  });

  it('stops at an outage keeping what it applied, and goes on from there once the system is back', async () => {
    const { group, system, runtime } = scene(1);
    system.down = { readsLeft: 4 };
    expect(await syncCycle(deps(), runtime)).toEqual({ kind: 'unavailable', retryAfterMs: 30_000 });
    const store = createConnectorStore(database.db);
    expect(await store.cursor(runtime.name, 'practices')).not.toBeNull();
    system.down = null;
    expect(await syncCycle(deps(), runtime)).toMatchObject({ kind: 'read' });
    expect(await row('select id from pets where pms_ref = $1', [group.ref('PET', 3)])).toBeDefined();
    const failed = await row(
      `select count(*)::int as n from connector_cursors where name = $1 and last_error is not null`,
      [runtime.name],
    );
    expect(failed?.n).toBe(0);
  });
});
