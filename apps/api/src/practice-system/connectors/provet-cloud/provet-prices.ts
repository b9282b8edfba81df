import { practiceDate } from '@vet/contracts/practice-clock';
import { grossPence, mapPrices, type PriceMap, type VendorPrice } from '../price-map.ts';
import type { ProvetItem } from './provet-shapes.ts';

/**
 * A catalogue item's price as the price map reads it (decision 0147). Provet Cloud gives the
 * VAT-inclusive amount itself: `price_with_vat` beside the net `price` and its `vat_group` (an item as the
 * REST API returns it: github.com/EmCousin/provet-client, spec/fixtures/items/show.json, secondary; the
 * endpoint `item/`, "the master catalog for medicines, procedures, supplies, and food",
 * https://developers.provetcloud.com/restapi/0.1/). An item carries no date its price takes effect
 * from, so the price is dated the day the change is read. An `archived` item leaves the price list.
 * Each department may have its own item list (https://support.provet.cloud/hc/en-gb/articles/360011216898):
 * the map names the ids of the list this department uses.
 */
export function itemPrice(item: ProvetItem): VendorPrice {
  return {
    item: String(item.id),
    active: item.archived !== true,
    gross: grossPence(item.price_with_vat, 'price_with_vat'),
    effectiveFrom: null,
  };
}

/** The mapped items' prices.csv bodies, dated the practice's day at `nowMs` (the day the change is read). */
export function itemPrices(items: readonly ProvetItem[], map: PriceMap, practiceRef: string, nowMs: number) {
  return mapPrices(items.map(itemPrice), map, {
    prefix: 'provet-item',
    practiceRef,
    readDay: practiceDate(new Date(nowMs)),
  });
}
