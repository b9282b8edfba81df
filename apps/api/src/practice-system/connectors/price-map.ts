import { priceBands, type PriceBand } from '@vet/contracts/practice-prices';
import { maxAmountPence } from '@vet/practice-import/kinds/prices';
import { z } from 'zod';
import type { ReadRecord, RefusedRead } from './vendor-port.ts';

/**
 * Which of a practice system's products price what on the portal's price list (decision 0147). Neither
 * ezyVet nor Provet Cloud knows the CMA's bands or which product is "the consultation": the group's
 * operator says so once per connection (`price_map` in its settings), one entry a product and band. Only
 * mapped products become prices; the rest of the catalogue is never read into the portal.
 */
export const priceMapSchema = z
  .array(
    z
      .strictObject({
        /** The system's own id of the product (ezyVet) or item (Provet Cloud), as text. */
        item: z.string().regex(/^\d+$/),
        /** The appointment reason it prices, or the common service it is, never both. */
        reason_ref: z.string().min(1).max(120).optional(),
        service: z.string().min(1).max(120).optional(),
        /** The animals it is the price for; none: every animal. */
        band: z.enum(priceBands).optional(),
        includes: z.string().max(300).optional(),
      })
      .refine((entry) => (entry.reason_ref === undefined) !== (entry.service === undefined), {
        message: 'give either reason_ref or service, not both',
      }),
  )
  .refine((entries) => new Set(entries.map((e) => `${e.item}/${e.band ?? ''}`)).size === entries.length, {
    message: 'one entry a product and band',
  });
export type PriceMap = z.infer<typeof priceMapSchema>;

/** A product's price as a connection read it, before mapping: the VAT-inclusive amount in whole pence. */
export interface VendorPrice {
  /** The id the map names (a product's, not its pricing row's). */
  item: string;
  /** False: deactivated or archived in the system, its prices leave the list. */
  active: boolean;
  /** Whole pence including VAT, or why it could not be read (the field and the rule, never the value). */
  gross: number | { path: string; message: string };
  /** The day the system says the price takes effect (YYYY-MM-DD), where it says one. */
  effectiveFrom: string | null;
}

/**
 * A price's reference in the portal: the system's product id and the band, so a product read again
 * updates its own price (`ezyvet-product-12-cat`). A changed amount updates that price and its date.
 */
export const priceRef = (prefix: string, item: string, band: PriceBand | undefined) =>
  `${prefix}-${item}${band ? `-${band}` : ''}`;

/** Whole pence as prices.csv's amount: "45.00". */
export const penceAsAmount = (pence: number) =>
  `${Math.floor(pence / 100)}.${String(pence % 100).padStart(2, '0')}`;

/**
 * The prices.csv bodies of the mapped products read (decision 0147): each mapped product once a band, its
 * VAT-inclusive amount, effective from the system's date or else `readDay` (the practice's day the change
 * was read); a deactivated product's prices deleted; a product whose amount cannot be read refused.
 */
export function mapPrices(
  prices: readonly VendorPrice[],
  map: PriceMap,
  options: { prefix: string; practiceRef: string; readDay: string },
): { records: ReadRecord<'prices'>[]; deleted: string[]; refused: RefusedRead[] } {
  const out = {
    records: [] as ReadRecord<'prices'>[],
    deleted: [] as string[],
    refused: [] as RefusedRead[],
  };
  for (const price of prices) {
    const entries = map.filter((entry) => entry.item === price.item);
    for (const entry of entries) {
      const ref = priceRef(options.prefix, price.item, entry.band);
      if (!price.active) {
        out.deleted.push(ref);
        continue;
      }
      if (typeof price.gross !== 'number') {
        out.refused.push({ ref, reasons: [price.gross] });
        continue;
      }
      out.records.push({
        ref,
        body: {
          price_ref: ref,
          practice_ref: options.practiceRef,
          ...(entry.reason_ref ? { reason_ref: entry.reason_ref } : { service: entry.service }),
          amount: penceAsAmount(price.gross),
          currency: 'GBP',
          ...(entry.includes ? { includes: entry.includes } : {}),
          ...(entry.band ? { band: entry.band } : {}),
          effective_from: price.effectiveFrom ?? options.readDay,
        },
      });
    }
  }
  return out;
}

const decimalPattern = /^(\d{1,9})(?:\.(\d{1,6}))?$/;

/** A non-negative decimal ("45.5", 45.5) as an exact integer count of 10^-scale units; null: not one. */
function scaled(value: unknown, scale: number): bigint | null {
  const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
  if (typeof text !== 'string') return null;
  const match = decimalPattern.exec(text.trim());
  if (!match) return null;
  const fraction = (match[2] ?? '').padEnd(6, '0');
  return BigInt(match[1]! + fraction) / 10n ** BigInt(6 - scale);
}

/**
 * A VAT-inclusive amount in pounds (a number or its text) as whole pence, half a penny rounded up; a
 * negative, a non-number or one above prices.csv's largest amount is refused by `path`.
 */
export function grossPence(value: unknown, path: string): VendorPrice['gross'] {
  const units = scaled(value, 6);
  if (units === null) return { path, message: 'not an amount in pounds of 0 or more' };
  return withinLimit((units + 5_000n) / 10_000n, path);
}

/**
 * A net amount and its VAT rate (percent) as the VAT-inclusive amount in whole pence: net × (100 + rate) /
 * 100 computed exactly, then half a penny rounded up once (HMRC allows rounding the VAT on a line to the
 * nearest penny; rounding once keeps the shown total the practice's own arithmetic).
 */
export function grossFromNet(
  net: unknown,
  ratePercent: unknown,
  paths: { net: string; rate: string },
): VendorPrice['gross'] {
  const netUnits = scaled(net, 6); // millionths of a pound
  if (netUnits === null) return { path: paths.net, message: 'not an amount in pounds of 0 or more' };
  const rateUnits = scaled(ratePercent, 4); // ten-thousandths of a percent
  if (rateUnits === null || rateUnits > 100n * 10_000n)
    return { path: paths.rate, message: 'not a VAT rate from 0 to 100 percent' };
  // pence = net(£) × 100 × (100 + rate%) / 100, in integer units.
  const numerator = netUnits * (1_000_000n + rateUnits);
  const denominator = 10_000n * 1_000_000n;
  return withinLimit((numerator + denominator / 2n) / denominator, paths.net);
}

function withinLimit(pence: bigint, path: string): VendorPrice['gross'] {
  return pence > BigInt(maxAmountPence)
    ? { path, message: 'above the largest price, 99999.99' }
    : Number(pence);
}
