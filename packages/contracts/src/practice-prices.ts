import { z } from 'zod';

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

/** A line of the practice's price list: a common service or an appointment reason, by its name. */
export const priceListEntrySchema = fromPriceSchema.extend({ name: z.string() });
export type PriceListEntry = z.infer<typeof priceListEntrySchema>;

/**
 * GET /practices/{practiceId}/prices: who owns the practice (null when the group has not said), the
 * prices of its appointment reasons (a reason not listed has none: "ask the practice"), its price
 * list of common services and reasons, by name, and its written prescription's fees today (the booking
 * pages' notice, decision 0148).
 */
export const practicePricesSchema = z.object({
  ownerName: z.string().nullable(),
  writtenPrescriptionFees: z.object({ firstPence: z.number().int(), furtherPence: z.number().int() }),
  reasons: z.array(reasonPriceSchema),
  priceList: z.array(priceListEntrySchema),
});
export type PracticePrices = z.infer<typeof practicePricesSchema>;
