import type { PriceBand } from '@vet/contracts/practice-prices';
import { DEMO_PRACTICES } from '@vet/db/seed/data/practices';
import { reasonRef } from './demo-references.ts';
import { refOf, type PracticeRefs } from './demo-practice-tables.ts';
import type { ExportRow } from './export-files.ts';

/**
 * What a price in the demo is of: an appointment reason (by its name) or a common service, for one band
 * of the CMA's price list or (none) every animal.
 */
type DemoPrice = ({ reason: string } | { service: string }) & {
  pounds: number;
  includes: string;
  band?: PriceBand;
};

const vaccination = { reason: 'Vaccination', includes: 'The booster and a health check' };

/**
 * The group's price list. Two reasons are priced, the vaccination by band (issue 62); the others say
 * "Price not yet published" (`portal-admin prices gaps` lists them). London's practices charge a little
 * more.
 */
const DEMO_PRICES: readonly DemoPrice[] = [
  { reason: 'General consultation', pounds: 45, includes: 'A 15-minute examination and advice' },
  { ...vaccination, pounds: 62, band: 'cat' },
  { service: 'Microchipping', pounds: 25, includes: 'The chip and its registration' },
  { service: 'Nail clipping', pounds: 15, includes: 'Front and back claws' },
  {
    service: 'Cat neutering',
    pounds: 95,
    includes: 'The operation, pain relief and a check-up',
    band: 'cat',
  },
];

/** The vaccination's other bands, after the consultation's rise (their references follow it). */
const VACCINATION_BANDS: readonly DemoPrice[] = [
  { ...vaccination, pounds: 62, band: 'dog_small' },
  { ...vaccination, pounds: 68, band: 'dog_medium' },
  { ...vaccination, pounds: 74, band: 'dog_large' },
  { ...vaccination, pounds: 65, band: 'rabbit' },
];

/** Prices in force from three weeks before the anchor Monday; a rise of the consultation waits 2 weeks. */
const IN_FORCE_FROM = '2026-11-02';
/** Exported for the journey that books across the rise (price-of-the-day.e2e.test.ts); rebased as the seed is. */
export const DEMO_PRICE_RISE_FROM = '2026-12-07';
const RISE_FROM = DEMO_PRICE_RISE_FROM;
const londonExtra = (town: string) => (town === 'London' ? 6 : 0);
const money = (pounds: number) => pounds.toFixed(2);

export function priceRows(refs: PracticeRefs): ExportRow<'prices.csv'>[] {
  return DEMO_PRACTICES.flatMap((p, practiceIndex) => {
    const practiceRef = refOf(refs.practices, p.name);
    const ref = (n: number) => `PRICE-${String(practiceIndex + 1).padStart(4, '0')}-${n}`;
    const row = (price: DemoPrice, n: number) => ({
      price_ref: ref(n),
      practice_ref: practiceRef,
      reason_ref: 'reason' in price ? reasonRef(price.reason) : '',
      service: 'service' in price ? price.service : '',
      amount: money(price.pounds + londonExtra(p.town)),
      currency: 'GBP',
      includes: price.includes,
      band: price.band ?? '',
      effective_from: IN_FORCE_FROM,
    });
    const rows = DEMO_PRICES.map((price, i) => row(price, i + 1));
    const rise = {
      ...rows[0]!,
      price_ref: ref(DEMO_PRICES.length + 1),
      amount: money(48 + londonExtra(p.town)),
      effective_from: RISE_FROM,
    };
    const bands = VACCINATION_BANDS.map((price, i) => row(price, DEMO_PRICES.length + 2 + i));
    return [...rows, rise, ...bands];
  });
}
