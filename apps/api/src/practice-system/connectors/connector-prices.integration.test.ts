import { addDays, practiceDate } from '@vet/contracts/practice-clock';
import { useOwnDatabase } from '@vet/db/testing/own-database';
import { seedImportLookups } from '@vet/practice-import/testing/run-test-import';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPracticePricesRepository } from '../../reference/practices/practice-prices-repository.ts';
import { createConnectorAdmin } from './connector-admin.ts';
import { syncDepsOf } from './testing/sync-deps.ts';
import { syncCycle, type ConnectorRuntime, type SyncDeps } from './connector-sync.ts';
import { ezyvetPriceSite, provetPriceSite, type PriceSite } from './testing/price-sites.ts';

/**
 * Issue 62: a sync through each connector stores the practice's banded, dated prices from the products the
 * operator mapped (decision 0147), and a price changed in the system arrives as a price dated the day it
 * was read, which the portal's repository then quotes.
 */

describe.each([
  { system: 'ezyVet', prefix: 'prices_ezyvet', start: ezyvetPriceSite },
  { system: 'Provet Cloud', prefix: 'prices_provet', start: provetPriceSite },
])('prices through the $system connector', ({ prefix, start }) => {
  const own = useOwnDatabase(prefix);
  let site: PriceSite;
  let runtime: ConnectorRuntime;

  const deps = (): SyncDeps => syncDepsOf(own.current);
  const ids = async () =>
    (
      await own.current.pool.query<{ practice: number; reason: number }>(
        `select p.id as practice, r.id as reason from practices p, appointment_reasons r
          where p.pms_ref = $1 and r.pms_ref = $2`,
        [site.practiceRef, site.reasonRef],
      )
    ).rows[0]!;
  const stored = async () =>
    (
      await own.current.pool.query<{ ref: string; band: string | null; pence: number; day: string }>(
        `select pms_ref as ref, band, amount_pence as pence, to_char(effective_from, 'YYYY-MM-DD') as day
           from practice_prices order by pms_ref`,
      )
    ).rows;

  beforeAll(async () => {
    await seedImportLookups(own.current);
    site = await start();
    runtime = { name: prefix, practices: [site.practiceRef], pollSeconds: 15, connection: site.connection };
  });
  afterAll(async () => {
    await site?.close();
  });

  it('stores each mapped product as a VAT-inclusive price of its band, dated the day read', async () => {
    expect(await syncCycle(deps(), runtime)).toMatchObject({ kind: 'read' });
    // The demo's few days of rota leave some desk bookings refused: not this test's concern.
    const refused = await own.current.pool.query(
      `select ref, reasons from connector_refusals where kind = 'prices'`,
    );
    expect(refused.rows).toEqual([]);
    const today = practiceDate(new Date(site.now()));
    expect(await stored()).toEqual([
      { ref: site.refs.cat, band: 'cat', pence: 5400, day: today },
      { ref: site.refs.dog, band: 'dog_large', pence: 6600, day: today },
      { ref: site.refs.chip, band: null, pence: 1800, day: today },
    ]);
    const { practice, reason } = await ids();
    const prices = createPracticePricesRepository(own.current.db);
    expect(await prices.findReasonPriceOnDay(practice, reason, today, 'Feline')).toEqual({
      amountPence: 5400,
      includes: 'a 15-minute consultation',
    });
    expect(await prices.findReasonPriceOnDay(practice, reason, today, 'Canine')).toMatchObject({
      amountPence: 6600,
    });
    const list = await prices.findPracticePrices(practice, new Date(site.now()));
    expect(list?.priceList.lines).toContainEqual({
      name: 'Microchipping',
      prices: [{ band: null, amountPence: 1800, includes: null }],
    });
    expect(site.violations()).toEqual([]);
  });

  it('takes a price changed in the system a day later as the price from that day', async () => {
    site.nextDay();
    site.setCatPrice(); // £45 net → £47.50 net: £57.00 with VAT
    expect(await syncCycle(deps(), runtime)).toMatchObject({ kind: 'read' });
    const tomorrow = addDays(practiceDate(new Date(site.now() - 86_400_000)), 1);
    const cat = (await stored()).find((row) => row.ref === site.refs.cat);
    expect(cat).toEqual({ ref: site.refs.cat, band: 'cat', pence: 5700, day: tomorrow });
    const { practice, reason } = await ids();
    const prices = createPracticePricesRepository(own.current.db);
    expect(await prices.findReasonPriceOnDay(practice, reason, tomorrow, 'Feline')).toMatchObject({
      amountPence: 5700,
    });
    // The dog's price did not change: it keeps the day it was first read.
    const dog = (await stored()).find((row) => row.ref === site.refs.dog);
    expect(dog?.day).toBe(practiceDate(new Date(site.now() - 86_400_000)));
    expect(site.violations()).toEqual([]);
  });

  it('keeps each unchanged price’s day when an operator re-syncs a day later', async () => {
    const before = await stored();
    site.nextDay();
    await createConnectorAdmin(own.current.db).resync(runtime.name, 'prices');
    expect(await syncCycle(deps(), runtime)).toMatchObject({ kind: 'read' });
    // Read again in full on a later day, nothing changed: no price takes effect afresh.
    expect(await stored()).toEqual(before);
    expect(site.violations()).toEqual([]);
  });

  it('refuses a price it cannot read, naming the field, and keeps the price stored', async () => {
    site.spoilDogPrice();
    expect(await syncCycle(deps(), runtime)).toMatchObject({ kind: 'read' });
    const refused = await own.current.pool.query<{ ref: string; reasons: { path: string }[] }>(
      `select ref, reasons from connector_refusals where kind = 'prices'`,
    );
    expect(refused.rows).toEqual([
      { ref: site.refs.dog, reasons: [expect.objectContaining({ path: site.amountField })] },
    ]);
    expect((await stored()).find((row) => row.ref === site.refs.dog)?.pence).toBe(6600);
  });

  it('takes a withdrawn product off the price list', async () => {
    site.withdrawChip();
    expect(await syncCycle(deps(), runtime)).toMatchObject({ kind: 'read' });
    expect((await stored()).map((row) => row.ref)).toEqual([site.refs.cat, site.refs.dog]);
    const { practice } = await ids();
    const list = await createPracticePricesRepository(own.current.db).findPracticePrices(
      practice,
      new Date(site.now()),
    );
    expect(list?.priceList.lines.map((line) => line.name)).not.toContain('Microchipping');
  });
});
