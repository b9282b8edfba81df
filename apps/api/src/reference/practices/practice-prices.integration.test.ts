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
  it('answers the owner, each reason’s price in force, and the price list by name', async () => {
    const tag = crypto.randomUUID().slice(0, 8);
    const practice = await createPractice(database.db, { ownerName: 'Medivet Group Ltd' });
    const other = await createPractice(database.db);
    const consult = await createReason(database.db, { name: `Consultation ${tag}` });
    const vaccination = await createReason(database.db, { name: `Vaccination ${tag}` });
    const unpriced = await createReason(database.db, { name: `Unpriced ${tag}` });
    const offline = await createReason(database.db, { name: `Offline ${tag}`, isOnline: false });
    const price = (values: Partial<typeof practicePrices.$inferInsert>) => ({
      practiceId: practice.id,
      amountPence: 100,
      effectiveFrom: today,
      ...values,
    });
    await database.db.insert(practicePrices).values([
      // Superseded by today's; tomorrow's waits for its day.
      price({ reasonId: consult.id, amountPence: 3900, effectiveFrom: addDays(today, -30) }),
      price({ reasonId: consult.id, amountPence: 4500, includes: 'A 15-minute examination' }),
      price({ reasonId: consult.id, amountPence: 5200, effectiveFrom: addDays(today, 1) }),
      // Only a future price: none in force yet.
      price({ reasonId: vaccination.id, amountPence: 6000, effectiveFrom: addDays(today, 7) }),
      price({ serviceName: 'Nail clipping', amountPence: 1250, effectiveFrom: addDays(today, -1) }),
      price({ reasonId: offline.id, amountPence: 7000 }),
      { practiceId: other.id, reasonId: unpriced.id, amountPence: 999, effectiveFrom: today },
    ]);

    const response = await get(practice.id);

    expect(response.statusCode).toBe(200);
    expect(practicePricesSchema.strict().parse(response.json())).toStrictEqual({
      ownerName: 'Medivet Group Ltd',
      writtenPrescriptionFees: capToday,
      reasons: [{ appointmentReasonId: consult.id, amountPence: 4500, includes: 'A 15-minute examination' }],
      priceList: [
        { name: `Consultation ${tag}`, amountPence: 4500, includes: 'A 15-minute examination' },
        { name: 'Nail clipping', amountPence: 1250, includes: null },
      ],
    });
    const repository = createPracticePricesRepository(database.db);
    expect(await repository.findReasonPrice(practice.id, vaccination.id, new Date())).toBeNull();
    expect(await repository.findReasonPrice(practice.id, unpriced.id, new Date())).toBeNull();
    expect(await repository.findReasonPrice(other.id, unpriced.id, new Date())).toEqual({
      amountPence: 999,
      includes: null,
    });
  });

  it('answers a practice with no owner and no prices with null and empty lists', async () => {
    const practice = await createPractice(database.db);
    const response = await get(practice.id);
    expect(response.json()).toStrictEqual({
      ownerName: null,
      writtenPrescriptionFees: capToday,
      reasons: [],
      priceList: [],
    });
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
