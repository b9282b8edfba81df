import { practiceDate } from '@vet/contracts/practice-clock';
import { grossFromNet, mapPrices, type PriceMap, type VendorPrice } from '../price-map.ts';
import type { ReadPage } from '../vendor-port.ts';
import { productPricingSchema } from './ezyvet-answers.ts';
import type { EzyvetHttp } from './ezyvet-http.ts';
import { readCursor, windowCursorSchema, windowPage, windowStart } from './ezyvet-window.ts';

type PricingRow = ReturnType<typeof productPricingSchema.parse>;

/**
 * A product's price as the price map reads it (decision 0147): ezyVet's price is net of tax, so the
 * VAT-inclusive amount is computed from `price` and `tax_rate` in whole pence, rounded once (price-map.ts).
 * No field read dates a price, so it takes effect the day the change is read. A pricing row made
 * inactive takes its product's prices off the list, as ezyVet deactivates rather than deletes.
 */
export function productPrice(row: PricingRow, active: boolean): VendorPrice {
  return {
    item: String(row.product_id),
    active,
    gross: grossFromNet(row.price, row.tax_rate, { net: 'price', rate: 'tax_rate' }),
    effectiveFrom: null,
  };
}

/** The mapped products' prices, read by `modified_at` windows like the other kinds (ezyvet-window.ts). */
export async function readPrices(
  http: EzyvetHttp,
  priceMap: PriceMap,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<ReadPage<'prices'>> {
  const page = await windowPage(
    http,
    '/v1/productpricing',
    'productpricing',
    productPricingSchema,
    readCursor(windowCursorSchema, cursor, windowStart),
    signal,
  );
  const prices = [
    ...page.rows.map((row) => productPrice(row, true)),
    ...page.gone.map((row) => productPrice(row, false)),
  ];
  const mapped = mapPrices(prices, priceMap, {
    prefix: 'ezyvet-product',
    practiceRef: http.options.practiceRef,
    readDay: practiceDate(new Date(http.now())),
  });
  return { ...mapped, cursor: JSON.stringify(page.next), more: page.more };
}
