import { z } from 'zod';
import { writtenPrescriptionFeesSchema } from './prescription-requests.ts';

/**
 * The animals a price may be for: the bands of the CMA's standard price list (final report, 24 March
 * 2026: cat; dog small, medium, large; rabbit; other). A price without a band is every animal's.
 */
export const priceBands = ['cat', 'dog_small', 'dog_medium', 'dog_large', 'rabbit', 'other'] as const;
export type PriceBand = (typeof priceBands)[number];

/** How a band reads on the price list. */
export const priceBandLabels: Record<PriceBand, string> = {
  cat: 'Cat',
  dog_small: 'Dog (small)',
  dog_medium: 'Dog (medium)',
  dog_large: 'Dog (large)',
  rabbit: 'Rabbit',
  other: 'Other animals',
};

/**
 * The bands a pet of a species may be priced in: a dog's size is not on its record, so a dog may be in
 * any of the three dog bands (its "from" price is the lowest of them).
 */
export function bandsOfSpecies(speciesCode: string): readonly PriceBand[] {
  switch (speciesCode) {
    case 'Feline':
      return ['cat'];
    case 'Canine':
      return ['dog_small', 'dog_medium', 'dog_large'];
    case 'Rabbit':
      return ['rabbit'];
    default:
      return ['other'];
  }
}

/**
 * A practice's "from" prices (decision 0104): whole pence, pounds sterling only, as the practice system
 * sends them (prices.csv). Each is the one in force today: the latest effective on or before today on
 * the practice's calendar.
 */
export const fromPriceSchema = z.object({
  amountPence: z.number().int().min(0),
  /** What the price includes, as the practice writes it. */
  includes: z.string().nullable(),
});
export type FromPrice = z.infer<typeof fromPriceSchema>;

/** An appointment reason's price at a practice. */
export const reasonPriceSchema = fromPriceSchema.extend({ appointmentReasonId: z.number().int() });
export type ReasonPrice = z.infer<typeof reasonPriceSchema>;

/** A price of a line of the price list: for one band, or for every animal (band null). */
export const priceListPriceSchema = fromPriceSchema.extend({ band: z.enum(priceBands).nullable() });
export type PriceListPrice = z.infer<typeof priceListPriceSchema>;

/**
 * A line of the practice's price list: a common service or an online appointment reason, by its name,
 * with its prices in force (issue 62): every animal's, then one per band the practice prices in the CMA's
 * order (`priceBands`). None: an online reason whose price is not yet published.
 */
export const priceListLineSchema = z.object({ name: z.string(), prices: z.array(priceListPriceSchema) });
export type PriceListLine = z.infer<typeof priceListLineSchema>;

/**
 * A practice's price list in the shape of the CMA's remedies (final report, 24 March 2026; decision
 * 0146): every price includes VAT, and the list says when it last changed: the latest day a price in
 * force took effect (null: no price in force).
 */
export const priceListSchema = z.object({
  lines: z.array(priceListLineSchema),
  lastUpdated: z.iso.date().nullable(),
  vatIncluded: z.literal(true),
});
export type PriceList = z.infer<typeof priceListSchema>;

/**
 * GET /practices/{practiceId}/prices: who owns the practice (null when the group has not said), each
 * priced reason's "from" price (the cheapest of its bands; a reason not listed has none: "Price not yet
 * published"), its price list, and its written prescription's fees today (the booking pages' notice,
 * decision 0148).
 */
export const practicePricesSchema = z.object({
  ownerName: z.string().nullable(),
  writtenPrescriptionFees: writtenPrescriptionFeesSchema,
  reasons: z.array(reasonPriceSchema),
  priceList: priceListSchema,
});
export type PracticePrices = z.infer<typeof practicePricesSchema>;
