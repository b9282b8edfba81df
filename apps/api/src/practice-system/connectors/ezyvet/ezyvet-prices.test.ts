import { afterEach, describe, expect, it } from 'vitest';
import type { PriceMap } from '../price-map.ts';
import { type DemoSite, startDemoSite, syncKind } from './testing/ezyvet-test-kit.ts';

let site: DemoSite | undefined;
afterEach(async () => {
  // Every request the connection sent was in ezyVet's documented shapes (the stand-in's contract check).
  expect(site?.standIn.violations ?? []).toEqual([]);
  await site?.standIn.close();
  site = undefined;
});

// ezyVet product ids the operator names in the map (the stand-in keeps no product list).
const catConsult = 501;
const dogConsult = 502;
const nailClip = 503;
const map: PriceMap = [
  { item: String(catConsult), reason_ref: 'R-CONSULT', band: 'cat' },
  { item: String(dogConsult), reason_ref: 'R-CONSULT', band: 'dog_large' },
  { item: String(nailClip), service: 'Nail clip' },
];

async function pricedSite(): Promise<DemoSite> {
  site = await startDemoSite({ priceMap: map });
  site.standIn.priceProduct(catConsult, '45.00');
  site.standIn.priceProduct(dogConsult, '42.49');
  site.standIn.priceProduct(nailClip, '10', '0');
  site.standIn.priceProduct(504, '99.00'); // not mapped: never read in
  site.clock.advance(1_000);
  return site;
}

describe('ezyVet: prices', () => {
  it('reads prices only where the operator mapped products, after the reasons they price', async () => {
    site = await startDemoSite();
    expect(site.connection.readKinds).not.toContain('prices');
    await site.standIn.close();
    site = await startDemoSite({ priceMap: [{ item: '1', service: 'Nail clip' }] });
    const kinds = site.connection.readKinds;
    expect(kinds.indexOf('prices')).toBe(kinds.indexOf('appointment-reasons') + 1);
  });

  it('adds VAT to the net price once, in whole pence, per band, dated the day read', async () => {
    const opened = await pricedSite();
    const read = await syncKind(opened.connection, 'prices', null);
    expect(read.refused).toEqual([]);
    expect(read.deleted).toEqual([]);
    // The clock is Friday 27 November 2026, 09:00 UTC: the practice's day.
    expect(read.records).toEqual([
      {
        ref: `ezyvet-product-${catConsult}-cat`,
        body: expect.objectContaining({
          reason_ref: 'R-CONSULT',
          band: 'cat',
          amount: '54.00',
          effective_from: '2026-11-27',
        }) as unknown,
      },
      {
        ref: `ezyvet-product-${dogConsult}-dog_large`,
        // 42.49 + 20 % = 50.988: 50.99.
        body: expect.objectContaining({ band: 'dog_large', amount: '50.99' }) as unknown,
      },
      {
        ref: `ezyvet-product-${nailClip}`,
        body: expect.objectContaining({ service: 'Nail clip', amount: '10.00' }) as unknown,
      },
    ]);
  });

  it('reads a changed price as a new dated price, a deactivated one as deleted, and refuses a bad one', async () => {
    const opened = await pricedSite();
    const first = await syncKind(opened.connection, 'prices', null);
    opened.clock.advance(24 * 3_600_000);
    const controls = opened.standIn;
    controls.priceProduct(catConsult, '47.50');
    controls.priceProduct(dogConsult, '-1.00');
    const nailPricing = opened.standIn.db.tables.productpricing.find((p) => p.product_id === nailClip)!;
    controls.deleteRecord('productpricing', nailPricing.id);
    opened.clock.advance(1_000);

    const delta = await syncKind(opened.connection, 'prices', first.cursor);
    expect(delta.records).toEqual([
      {
        ref: `ezyvet-product-${catConsult}-cat`,
        body: expect.objectContaining({ amount: '57.00', effective_from: '2026-11-28' }) as unknown,
      },
    ]);
    expect(delta.deleted).toEqual([`ezyvet-product-${nailClip}`]);
    expect(delta.refused).toEqual([
      {
        ref: `ezyvet-product-${dogConsult}-dog_large`,
        reasons: [{ path: 'price', message: 'not an amount in pounds of 0 or more' }],
      },
    ]);
  });
});
