import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Kit, readAll, startKit } from './testing/provet-test-kit.ts';

let kit: Kit;
beforeEach(async () => {
  kit = await startKit();
});
afterEach(async () => {
  // Every request the connection sent passed the stand-in's documented request validation.
  expect(kit.standIn.control.violations).toEqual([]);
  await kit.standIn.close();
});

describe('Provet Cloud: vaccinations from consultation items (decision 0120)', () => {
  it('reads the vaccines given, each catalogue item asked once a sweep, and no other item', async () => {
    const connection = kit.connect({ pageSize: 50 });
    const { records, deleted } = await readAll(connection, 'vaccinations');
    expect(deleted).toEqual([]);
    expect(records).toHaveLength(kit.ids.vaccinations.size);
    const first = records.find((r) => r.ref === String(kit.ids.vaccinations.get('VAC-000001')));
    expect(first?.body).toEqual({
      vaccination_ref: String(kit.ids.vaccinations.get('VAC-000001')),
      pet_ref: String(kit.ids.patients.get('PET-000001')),
      vaccine: 'DHP (distemper, hepatitis, parvovirus)',
      given_on: '2020-11-25',
      due_on: null,
    });
    expect(records.some((r) => (r.body as { vaccine: string }).vaccine.startsWith('Clomicalm'))).toBe(false);
    const items = kit.standIn.store.list('item').length;
    expect(kit.standIn.control.requestsTo('GET item/{id}/')).toBe(items);
  });

  it('reads again only the items changed since the last sweep, by modified__gte', async () => {
    const connection = kit.connect({ pageSize: 50 });
    const first = await readAll(connection, 'vaccinations');
    kit.clock.advance(3_600_000);
    const { store } = kit.standIn;
    const vaccine = store.list('item').find((item) => item.vaccination === true)!;
    const given = store.insert('consultationitem', {
      consultation: `${store.apiBase}/consultation/500/`,
      patient: store.url('patient', kit.ids.patients.get('PET-000001')!),
      item: vaccine.url,
      name: vaccine.name,
      type_code: 2,
      used: new Date(kit.clock.now()).toISOString(),
    });
    const pages = kit.standIn.control.requestsTo('GET consultationitem/');
    const next = await readAll(connection, 'vaccinations', first.cursor);
    expect(next.records.map((r) => r.ref)).toEqual([String(given.id)]);
    expect(kit.standIn.control.requestsTo('GET consultationitem/') - pages).toBe(1);
  });
});
