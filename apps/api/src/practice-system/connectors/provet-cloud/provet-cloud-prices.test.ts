import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PriceMap } from '../price-map.ts';
import { type Kit, readAll, startKit } from './testing/provet-test-kit.ts';

let kit: Kit;
beforeEach(async () => {
  kit = await startKit();
});
afterEach(async () => {
  expect(kit.standIn.control.violations).toEqual([]);
  await kit.standIn.close();
});

/** Catalogue items priced as Provet gives them: net `price`, `price_with_vat` (provet-prices.ts). */
function seedItems() {
  const item = (name: string, price: number, withVat: unknown) =>
    kit.standIn.store.insert('item', {
      name,
      type_code: 1,
      price,
      price_with_vat: withVat,
      archived: false,
    }).id;
  return {
    catConsult: item('Consultation (cat)', 45, 54),
    dogConsult: item('Consultation (dog, large)', 50, 60.5),
    chip: item('Microchip', 15, '18.00'),
    unmapped: item('Bandage', 2, 2.4),
  };
}

function mapOf(items: ReturnType<typeof seedItems>): PriceMap {
  const [reasonRef] = kit.ids.reasons.keys();
  const reason = String(kit.ids.reasons.get(reasonRef!));
  return [
    { item: String(items.catConsult), reason_ref: reason, band: 'cat' },
    { item: String(items.dogConsult), reason_ref: reason, band: 'dog_large' },
    { item: String(items.chip), service: 'Microchipping', includes: 'the chip and its registration' },
  ];
}

describe('Provet Cloud: prices', () => {
  it('reads prices only where the operator mapped items, after the reasons they price', () => {
    expect(kit.connect().readKinds).not.toContain('prices');
    const kinds = kit.connect({ priceMap: mapOf(seedItems()) }).readKinds;
    expect(kinds.indexOf('prices')).toBe(kinds.indexOf('appointment-reasons') + 1);
  });

  it('gives each mapped item its band and price with VAT, dated the day read; others are not read in', async () => {
    const items = seedItems();
    const map = mapOf(items);
    const { records, deleted } = await readAll(kit.connect({ priceMap: map }), 'prices');
    expect(deleted).toEqual([]);
    // The clock is Monday 23 November 2026, 08:00 in London.
    expect(records).toEqual([
      {
        ref: `provet-item-${items.catConsult}-cat`,
        body: expect.objectContaining({
          practice_ref: 'PRAC-0001',
          reason_ref: map[0]!.reason_ref,
          band: 'cat',
          amount: '54.00',
          currency: 'GBP',
          effective_from: '2026-11-23',
        }) as unknown,
      },
      {
        ref: `provet-item-${items.dogConsult}-dog_large`,
        body: expect.objectContaining({ band: 'dog_large', amount: '60.50' }) as unknown,
      },
      {
        ref: `provet-item-${items.chip}`,
        body: expect.objectContaining({
          service: 'Microchipping',
          amount: '18.00',
          includes: 'the chip and its registration',
        }) as unknown,
      },
    ]);
  });

  it('reads a changed price as a new dated price, an archived item as deleted, and refuses a bad one', async () => {
    const items = seedItems();
    const connection = kit.connect({ priceMap: mapOf(items) });
    const first = await readAll(connection, 'prices');
    kit.clock.advance(24 * 3_600_000);
    kit.standIn.store.update('item', items.catConsult, { price: 47.5, price_with_vat: 57 });
    kit.standIn.store.update('item', items.chip, { archived: true });
    kit.standIn.store.update('item', items.dogConsult, { price_with_vat: '£60' });

    const page = await connection.read('prices', first.cursor);
    expect(page.records).toEqual([
      {
        ref: `provet-item-${items.catConsult}-cat`,
        body: expect.objectContaining({ amount: '57.00', effective_from: '2026-11-24' }) as unknown,
      },
    ]);
    expect(page.deleted).toEqual([`provet-item-${items.chip}`]);
    expect(page.refused).toEqual([
      {
        ref: `provet-item-${items.dogConsult}-dog_large`,
        reasons: [{ path: 'price_with_vat', message: 'not an amount in pounds of 0 or more' }],
      },
    ]);
  });
});
