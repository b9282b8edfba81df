import { practiceDate } from '@vet/contracts/practice-clock';
import { createEzyvetConnection } from '../ezyvet/index.ts';
import { seedDemoPractice } from '../ezyvet/testing/ezyvet-demo-seed.ts';
import { standInCredentials, startEzyvetStandIn } from '../ezyvet/testing/ezyvet-stand-in.ts';
import { createManualClock } from '../ezyvet/testing/manual-clock.ts';
import type { PriceMap } from '../price-map.ts';
import { createProvetCloudConnection } from '../provet-cloud/index.ts';
import { seedDemoGroup } from '../provet-cloud/testing/provet-demo-seed.ts';
import { startProvetStandIn } from '../provet-cloud/testing/provet-cloud-stand-in.ts';
import { FakeClock, standInSpeciesCodes } from '../provet-cloud/testing/provet-test-kit.ts';
import type { VendorConnection } from '../vendor-port.ts';

/**
 * The demo group's first practice held by a vendor's stand-in with three priced products mapped (decision
 * 0147): a consultation for cats (£54.00 with VAT) and for large dogs (£66.00), and microchipping
 * (£18.00), as the prices' end-to-end test needs them.
 */
export interface PriceSite {
  practiceRef: string;
  /** The system's reference of the appointment reason the consultations price. */
  reasonRef: string;
  connection: VendorConnection;
  /** The price references the connection gives the three products. */
  refs: { cat: string; dog: string; chip: string };
  /** The vendor's field a refused amount names. */
  amountField: string;
  /** The vendor's clock (ms). */
  now(): number;
  /** A day passes on the vendor's clock. */
  nextDay(): void;
  /** The practice raises the cat consultation to £57.00 with VAT. */
  setCatPrice(): void;
  /** The large dog's price is made unreadable (negative in ezyVet, text in Provet Cloud). */
  spoilDogPrice(): void;
  /** Microchipping is withdrawn: its pricing made inactive (ezyVet), its item archived (Provet Cloud). */
  withdrawChip(): void;
  violations(): readonly string[];
  close(): Promise<void>;
}

const practiceRef = 'PRAC-0001';
const day = 86_400_000;

function mapOf(ids: { cat: number; dog: number; chip: number }, reasonRef: string): PriceMap {
  return [
    { item: String(ids.cat), reason_ref: reasonRef, band: 'cat', includes: 'a 15-minute consultation' },
    { item: String(ids.dog), reason_ref: reasonRef, band: 'dog_large' },
    { item: String(ids.chip), service: 'Microchipping' },
  ];
}

/** The first reason the demo seed made (an online one): the reason the consultations price. */
const firstReason = (seeded: Map<string, number>) => String([...seeded.values()][0]);

export async function ezyvetPriceSite(): Promise<PriceSite> {
  const clock = createManualClock(Date.now());
  const standIn = await startEzyvetStandIn({ clock });
  const seed = await seedDemoPractice(standIn, { practiceRef, from: practiceDate(new Date()), days: 3 });
  // ezyVet product ids: the stand-in keeps pricing records only (ezyvet-records.ts, [product pricing]).
  const ids = { cat: 701, dog: 702, chip: 703 };
  standIn.priceProduct(ids.cat, '45.00');
  standIn.priceProduct(ids.dog, '55.00');
  standIn.priceProduct(ids.chip, '15.00');
  standIn.priceProduct(704, '9.00'); // not mapped: never read in
  clock.advance(1_000);
  const reasonRef = firstReason(seed.types);
  return {
    practiceRef,
    reasonRef,
    connection: createEzyvetConnection(
      {
        baseUrl: standIn.url,
        credentials: {
          partnerId: standInCredentials.partner_id,
          clientId: standInCredentials.client_id,
          clientSecret: standInCredentials.client_secret,
          scope: 'read-appointment write-appointment read-productpricing',
        },
        practiceRef,
        priceMap: mapOf(ids, reasonRef),
      },
      { clock },
    ),
    refs: {
      cat: `ezyvet-product-${ids.cat}-cat`,
      dog: `ezyvet-product-${ids.dog}-dog_large`,
      chip: `ezyvet-product-${ids.chip}`,
    },
    amountField: 'price',
    now: () => clock.now(),
    nextDay: () => clock.advance(day),
    setCatPrice: () => {
      standIn.priceProduct(ids.cat, '47.50');
      clock.advance(1_000);
    },
    spoilDogPrice: () => {
      standIn.priceProduct(ids.dog, '-55.00');
      clock.advance(1_000);
    },
    withdrawChip: () => {
      const pricing = standIn.db.tables.productpricing.find((row) => row.product_id === ids.chip)!;
      standIn.deleteRecord('productpricing', pricing.id);
      clock.advance(1_000);
    },
    violations: () => standIn.violations,
    close: () => standIn.close(),
  };
}

export async function provetPriceSite(): Promise<PriceSite> {
  const clock = new FakeClock(Date.now() - 3_600_000);
  const standIn = await startProvetStandIn({ now: clock.now });
  const seeded = seedDemoGroup(standIn.store, practiceDate(new Date()), 3);
  const item = (name: string, price: number, withVat: number) =>
    standIn.store.insert('item', { name, type_code: 1, price, price_with_vat: withVat, archived: false }).id;
  const ids = {
    cat: item('Consultation (cat)', 45, 54),
    dog: item('Consultation (large dog)', 55, 66),
    chip: item('Microchip', 15, 18),
  };
  item('Bandage', 2, 2.4); // not mapped: never read in
  clock.advance(3_600_000);
  const reasonRef = firstReason(seeded.reasons);
  return {
    practiceRef,
    reasonRef,
    connection: createProvetCloudConnection(
      {
        origin: standIn.origin,
        provetId: standIn.provetId,
        clientId: standIn.clientId,
        clientSecret: standIn.clientSecret,
        departmentId: String(seeded.departments.get(practiceRef)),
        practiceRef,
        nurseGroupIds: ['2'],
        speciesCodes: standInSpeciesCodes,
        priceMap: mapOf(ids, reasonRef),
      },
      { clock },
    ),
    refs: {
      cat: `provet-item-${ids.cat}-cat`,
      dog: `provet-item-${ids.dog}-dog_large`,
      chip: `provet-item-${ids.chip}`,
    },
    amountField: 'price_with_vat',
    now: () => clock.now(),
    nextDay: () => clock.advance(day),
    setCatPrice: () => {
      standIn.store.update('item', ids.cat, { price: 47.5, price_with_vat: 57 });
      clock.advance(1_000);
    },
    spoilDogPrice: () => {
      standIn.store.update('item', ids.dog, { price_with_vat: '£66' });
      clock.advance(1_000);
    },
    withdrawChip: () => {
      standIn.store.update('item', ids.chip, { archived: true });
      clock.advance(1_000);
    },
    violations: () => standIn.control.violations,
    close: () => standIn.close(),
  };
}
