import { apiErrorSchema } from '@vet/contracts/errors';
import { addDays, practiceDate } from '@vet/contracts/practice-clock';
import { practicePricesSchema } from '@vet/contracts/practice-prices';
import { practicePrices } from '@vet/db/schema/prices';
import { createPractice, createReason } from '@vet/db/testing/factories';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { buildTestApp } from '../../testing/test-app.ts';
import { createPracticePricesRepository } from './practice-prices-repository.ts';

const database = useTestDatabase();
let app: App;
beforeAll(async () => {
  app = await buildTestApp(database);
});
afterAll(() => app.close());

const today = practiceDate(new Date());
/** The cap this database holds (migration 0054's): a practice that sets no fee shows it (decision 0148). */
const capToday = { firstPence: 2100, furtherPence: 1250 };
const get = (practiceId: number | string) =>
  app.inject({ method: 'GET', url: `/practices/${practiceId}/prices` });

/** Decision 0104: the price in force is the latest effective on or before today (UK time). */
describe('GET /practices/{practiceId}/prices', () => {
  it('answers the owner, each reason’s "from" price, and the price list by name and band, dated', async () => {
    const tag = crypto.randomUUID().slice(0, 8);
    const practice = await createPractice(database.db, { ownerName: 'Medivet Group Ltd' });
    const other = await createPractice(database.db);
    const consult = await createReason(database.db, { name: `Consultation ${tag}` });
    const vaccination = await createReason(database.db, { name: `Vaccination ${tag}` });
    const banded = await createReason(database.db, { name: `Booster ${tag}` });
    const unpriced = await createReason(database.db, { name: `Unpriced ${tag}` });
    const offline = await createReason(database.db, { name: `Offline ${tag}`, isOnline: false });
    const price = (values: Partial<typeof practicePrices.$inferInsert>) => ({
      practiceId: practice.id,
      amountPence: 100,
      effectiveFrom: addDays(today, -3),
      ...values,
    });
    await database.db.insert(practicePrices).values([
      // Superseded by a later one; tomorrow's waits for its day.
      price({ reasonId: consult.id, amountPence: 3900, effectiveFrom: addDays(today, -30) }),
      price({ reasonId: consult.id, amountPence: 4500, includes: 'A 15-minute examination' }),
      price({ reasonId: consult.id, amountPence: 5200, effectiveFrom: addDays(today, 1) }),
      // Only a future price: none in force yet.
      price({ reasonId: vaccination.id, amountPence: 6000, effectiveFrom: addDays(today, 7) }),
      // By band, the latest of each band; the cheapest band is the reason's "from" price.
      price({ reasonId: banded.id, band: 'dog_large', amountPence: 7400 }),
      price({ reasonId: banded.id, band: 'dog_small', amountPence: 9900 }),
      price({ reasonId: banded.id, band: 'cat', amountPence: 6200, effectiveFrom: addDays(today, -10) }),
      price({ reasonId: banded.id, band: 'cat', amountPence: 6500, effectiveFrom: addDays(today, -2) }),
      price({ reasonId: banded.id, band: 'rabbit', amountPence: 9000, effectiveFrom: addDays(today, 5) }),
      price({ serviceName: 'Nail clipping', amountPence: 1250, effectiveFrom: addDays(today, -20) }),
      price({ reasonId: offline.id, amountPence: 7000, effectiveFrom: today }),
      { practiceId: other.id, reasonId: unpriced.id, amountPence: 999, effectiveFrom: today },
    ]);

    const response = await get(practice.id);

    expect(response.statusCode).toBe(200);
    const body = practicePricesSchema.strict().parse(response.json());
    expect(body.ownerName).toBe('Medivet Group Ltd');
    expect(body.writtenPrescriptionFees).toEqual(capToday);
    expect(body.reasons.filter((r) => [consult.id, banded.id].includes(r.appointmentReasonId))).toEqual([
      { appointmentReasonId: banded.id, amountPence: 6500, includes: null },
      { appointmentReasonId: consult.id, amountPence: 4500, includes: 'A 15-minute examination' },
    ]);
    expect(body.reasons.map((r) => r.appointmentReasonId)).not.toContain(vaccination.id);
    // Other tests' online reasons are listed too (not yet published here): only this test's are read.
    const ours = body.priceList.lines.filter(
      (line) => line.name.endsWith(tag) || line.name === 'Nail clipping',
    );
    expect(ours).toStrictEqual([
      {
        name: `Booster ${tag}`,
        prices: [
          // In the CMA's order of bands, not by amount.
          { band: 'cat', amountPence: 6500, includes: null },
          { band: 'dog_small', amountPence: 9900, includes: null },
          { band: 'dog_large', amountPence: 7400, includes: null },
        ],
      },
      {
        name: `Consultation ${tag}`,
        prices: [{ band: null, amountPence: 4500, includes: 'A 15-minute examination' }],
      },
      { name: 'Nail clipping', prices: [{ band: null, amountPence: 1250, includes: null }] },
      { name: `Unpriced ${tag}`, prices: [] },
      { name: `Vaccination ${tag}`, prices: [] },
    ]);
    // The latest day a price in force took effect: not tomorrow's, nor the offline reason's today.
    expect(body.priceList.lastUpdated).toBe(addDays(today, -2));
    expect(body.priceList.vatIncluded).toBe(true);
    const repository = createPracticePricesRepository(database.db);
    expect(await repository.findReasonPrice(practice.id, vaccination.id, new Date())).toBeNull();
    expect(await repository.findReasonPrice(practice.id, unpriced.id, new Date())).toBeNull();
    expect(await repository.findReasonPrice(other.id, unpriced.id, new Date())).toEqual({
      amountPence: 999,
      includes: null,
    });
  });

  it('answers a practice with no owner and no prices: every online reason not yet published, no date', async () => {
    const practice = await createPractice(database.db);
    const reason = await createReason(database.db);
    const body = practicePricesSchema.strict().parse((await get(practice.id)).json());
    expect(body.ownerName).toBeNull();
    expect(body.writtenPrescriptionFees).toEqual(capToday);
    expect(body.reasons).toEqual([]);
    expect(body.priceList.lines).toContainEqual({ name: reason.name, prices: [] });
    expect(body.priceList.lines.every((line) => line.prices.length === 0)).toBe(true);
    expect(body.priceList.lastUpdated).toBeNull();
  });

  it('answers 404 for no such practice and 400 for an id that is not one', async () => {
    const missing = await get(2_147_483_647);
    expect(missing.statusCode).toBe(404);
    expect(apiErrorSchema.parse(missing.json()).message).toBe('We could not find this practice.');
    expect((await get('abc')).statusCode).toBe(400);
  });

  it('keeps a negative amount, another currency or a price of both a reason and a service out of the table', async () => {
    const practice = await createPractice(database.db);
    const reason = await createReason(database.db);
    const base = { practiceId: practice.id, serviceName: 'Microchipping', effectiveFrom: today };
    await expect(database.db.insert(practicePrices).values({ ...base, amountPence: -1 })).rejects.toThrow();
    await expect(
      database.db.insert(practicePrices).values({ ...base, amountPence: 1, currency: 'EUR' }),
    ).rejects.toThrow();
    await expect(
      database.db.insert(practicePrices).values({ ...base, amountPence: 1, reasonId: reason.id }),
    ).rejects.toThrow();
  });
});
