import { addDays, practiceDate } from '@vet/contracts/practice-clock';
import { backdatedPriceReason } from './engine/quoted-prices.ts';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { beforeAll, describe, expect, it } from 'vitest';
import { exportDirectory } from './testing/export-directory.ts';
import { importDirectory, seedImportLookups } from './testing/run-test-import.ts';
import { testGroup } from './testing/test-group.ts';

/** prices.csv and practices.csv's owner_name through the import, on PostgreSQL (decision 0104). */
const database = useTestDatabase();
beforeAll(() => seedImportLookups(database));

const refusalsOf = (result: {
  refusals: { file: string; line: number; column: string | null; reason: string }[];
}) => result.refusals.map((r) => `${r.file}:${r.line} ${r.column ?? '-'}: ${r.reason}`);

const today = practiceDate(new Date());

describe('prices.csv', () => {
  it('stores prices in pence and the owner; the same files again change nothing', async () => {
    const group = testGroup();
    const files = await exportDirectory(group.files);
    const first = await importDirectory(database.url, files);
    expect(first.exitCode, refusalsOf(first).join('\n')).toBe(0);
    expect(first.counts('prices.csv')).toEqual({ applied: 2, unchanged: 0, refused: 0 });
    const stored = await database.pool.query(
      `select p.pms_ref, r.pms_ref as reason_ref, p.service_name, p.amount_pence, p.currency, p.includes
         from practice_prices p left join appointment_reasons r on r.id = p.reason_id
        where p.pms_ref like $1 order by p.pms_ref`,
      [`PRICE-${group.tag}-%`],
    );
    expect(stored.rows).toEqual([
      {
        pms_ref: group.ref('PRICE', 1),
        reason_ref: group.ref('REASON', 1),
        service_name: null,
        amount_pence: 4500,
        currency: 'GBP',
        includes: 'A 15-minute examination',
      },
      {
        pms_ref: group.ref('PRICE', 2),
        reason_ref: null,
        service_name: 'Nail clipping',
        amount_pence: 1250,
        currency: 'GBP',
        includes: null,
      },
    ]);
    const owner = await database.pool.query('select owner_name from practices where pms_ref = $1', [
      group.ref('PRAC', 1),
    ]);
    expect(owner.rows).toEqual([{ owner_name: 'Abbeville Veterinary Group Ltd' }]);

    const again = await importDirectory(database.url, files);
    expect(again.counts('prices.csv')).toEqual({ applied: 0, unchanged: 2, refused: 0 });
  });

  it('refuses by line a price with no effective date, a negative amount, another currency or an unknown ref', async () => {
    const group = testGroup();
    const [reasonPrice] = group.files['prices.csv'];
    const line = (n: number, cells: Record<string, string>) => ({
      ...reasonPrice!,
      price_ref: group.ref('PRICE', n),
      ...cells,
    });
    const prices = [
      line(1, {}),
      line(2, { effective_from: '' }),
      line(3, { amount: '-45.00' }),
      line(4, { currency: 'EUR' }),
      line(5, { reason_ref: group.ref('REASON', 99) }),
      line(6, { practice_ref: group.ref('PRAC', 99) }),
      // The same reason from the same day as line 2: which is in force would be unsaid.
      line(7, { amount: '50.00' }),
      // A later price of the same reason, waiting for its day: stored.
      line(8, { amount: '48.00', effective_from: addDays(today, 7) }),
      line(9, { band: 'hamster' }),
      // The cats' price of the same reason from the same day as line 2: another price, stored.
      line(10, { band: 'Cat', amount: '40.00' }),
    ];
    const result = await importDirectory(
      database.url,
      await exportDirectory({ ...group.files, 'prices.csv': prices }),
    );
    expect(result.exitCode).toBe(1);
    expect(refusalsOf(result)).toEqual([
      'prices.csv:3 effective_from: required, but empty',
      'prices.csv:4 amount: negative: a price is 0.00 or more',
      'prices.csv:5 currency: not GBP: the portal shows prices in pounds sterling only (empty means GBP)',
      'prices.csv:6 reason_ref: no appointment reason with this reference in appointment_reasons.csv or stored',
      'prices.csv:7 practice_ref: no practice with this reference in practices.csv or stored',
      "prices.csv:8 effective_from: this practice's price of the same reason or service, for the same animals, from the same day is given in line 2",
      'prices.csv:10 band: not a band of the price list: one of cat, dog_small, dog_medium, dog_large, rabbit, other, or empty for every animal',
    ]);
    expect(result.counts('prices.csv')).toEqual({ applied: 3, unchanged: 0, refused: 7 });
  });

  it('refuses by line a price dated before today that would rewrite a booking’s quote; a quote never changes', async () => {
    const group = testGroup();
    const [reasonPrice, servicePrice] = group.files['prices.csv'];
    // No booking is quoted yet: prices dated last year are stored.
    const first = await importDirectory(database.url, await exportDirectory(group.files));
    expect(first.exitCode, refusalsOf(first).join('\n')).toBe(0);
    // The booking next week (APT-3, reason 1) was quoted £45.00.
    await database.pool.query(
      `update appointments set quoted_price_pence = 4500, quoted_price_includes = 'A 15-minute examination'
        where pms_ref = $1 and status = 'Booked'`,
      [group.ref('APT', 3)],
    );
    const yesterday = addDays(today, -1);
    const line = (n: number, cells: Record<string, string>) => ({
      ...reasonPrice!,
      price_ref: group.ref('PRICE', n),
      ...cells,
    });
    const prices = [
      // Unchanged, though dated last year: passes.
      reasonPrice!,
      servicePrice!,
      // New and dated yesterday, for the quoted reason (a band is no way round it): refused.
      line(3, { band: 'cat', amount: '40.00', effective_from: yesterday }),
      // From today, or after the booking: stored.
      line(4, { amount: '52.00', effective_from: today }),
      line(5, { amount: '49.00', effective_from: addDays(group.nextWeek, 1) }),
      // Another reason, with no quoted booking, and a common service: stored though dated yesterday.
      line(6, { reason_ref: group.ref('REASON', 2), effective_from: yesterday }),
      { ...servicePrice!, price_ref: group.ref('PRICE', 7), service: 'Dental', effective_from: yesterday },
    ];
    const second = await importDirectory(
      database.url,
      await exportDirectory({ ...group.files, 'prices.csv': prices }),
    );
    expect(refusalsOf(second)).toEqual([`prices.csv:4 effective_from: ${backdatedPriceReason}`]);
    expect(second.counts('prices.csv')).toEqual({ applied: 4, unchanged: 2, refused: 1 });

    // The stored price of last year changed in place: refused too, and nothing changes.
    const changed = await importDirectory(
      database.url,
      await exportDirectory({ ...group.files, 'prices.csv': [{ ...reasonPrice!, amount: '47.00' }] }),
    );
    expect(refusalsOf(changed)).toEqual([`prices.csv:2 effective_from: ${backdatedPriceReason}`]);
    const stored = await database.pool.query(
      `select (select amount_pence from practice_prices where pms_ref = $1) as price,
              a.quoted_price_pence, a.quoted_price_includes
         from appointments a where a.pms_ref = $2`,
      [group.ref('PRICE', 1), group.ref('APT', 3)],
    );
    expect(stored.rows).toEqual([
      { price: 4500, quoted_price_pence: 4500, quoted_price_includes: 'A 15-minute examination' },
    ]);
  });

  it('refuses by line a band none of the reason’s species has, in the batch and once stored', async () => {
    const group = testGroup();
    const [reasonPrice] = group.files['prices.csv'];
    // Reason 1 is for every species; reason 2 for dogs and cats.
    const line = (n: number, cells: Record<string, string>) => ({
      ...reasonPrice!,
      price_ref: group.ref('PRICE', n),
      ...cells,
    });
    const prices = [
      line(1, { band: 'rabbit' }),
      line(2, { reason_ref: group.ref('REASON', 2), band: 'rabbit' }),
      line(3, { reason_ref: group.ref('REASON', 2), band: 'dog_large' }),
    ];
    const allowed =
      'not a band of the animals this appointment reason is for: one of cat, dog_large, dog_medium, dog_small';
    const first = await importDirectory(
      database.url,
      await exportDirectory({ ...group.files, 'prices.csv': prices }),
    );
    expect(refusalsOf(first)).toEqual([`prices.csv:3 band: ${allowed}`]);
    expect(first.counts('prices.csv')).toEqual({ applied: 2, unchanged: 0, refused: 1 });

    // The reason stored, prices.csv alone: read against its stored species.
    const again = await importDirectory(database.url, await exportDirectory({ 'prices.csv': prices }));
    expect(refusalsOf(again)).toEqual([`prices.csv:3 band: ${allowed}`]);
  });
});
