import { apiErrorSchema } from '@vet/contracts/errors';
import { addDays, practiceDate, practiceInstant } from '@vet/contracts/practice-clock';
import { appointments } from '@vet/db/schema/appointments';
import { createAppointment } from '@vet/db/testing/factories';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { backdatedPriceReason } from '@vet/practice-import/engine/quoted-prices';
import { jsonRecords } from '@vet/practice-import/testing/json-records';
import { seedImportLookups } from '@vet/practice-import/testing/run-test-import';
import { testGroup } from '@vet/practice-import/testing/test-group';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useSignedInTestApp } from '../../testing/signed-in-app.ts';
import { kindFiles, recordRequests } from './testing/record-requests.ts';

/**
 * A price a practice system sends dated before today must not rewrite a price already quoted on a
 * booking (issue 62, decision 0146): PUT /integration/v1/prices/{ref} goes through the import's check,
 * so it answers 422 naming effective_from, and the booking keeps its quote.
 */
const database = useTestDatabase();
const { context, machineAuthorization } = useSignedInTestApp(database);
const api = recordRequests(
  () => context.app,
  () => machineAuthorization(),
);
const group = testGroup();
const today = practiceDate(new Date());
const idOf = async (table: string, ref: string) =>
  (await database.pool.query<{ id: number }>(`select id from ${table} where pms_ref = $1`, [ref])).rows[0]!
    .id;
let appointmentId: number;

beforeAll(async () => {
  await seedImportLookups(database);
  for (const [kind, file] of kindFiles) await api.batch(kind, jsonRecords(group, file));
  // Reason 1's booking next week, quoted £45.00 when booked.
  const appointment = await createAppointment(database.db, {
    practiceId: await idOf('practices', group.ref('PRAC', 1)),
    clinicianId: await idOf('clinicians', group.ref('CLIN', 1)),
    clientId: await idOf('clients', group.ref('CLI', 1)),
    petId: await idOf('pets', group.ref('PET', 1)),
    reasonId: await idOf('appointment_reasons', group.ref('REASON', 1)),
    startsAt: practiceInstant(group.nextWeek, '10:00'),
    endsAt: practiceInstant(group.nextWeek, '10:15'),
  });
  appointmentId = appointment.id;
  await database.db
    .update(appointments)
    .set({ quotedPricePence: 4500, quotedPriceIncludes: 'A 15-minute examination' })
    .where(eq(appointments.id, appointmentId));
});

const reasonPrice = () => jsonRecords(group, 'prices.csv')[0]!;

describe('PUT /integration/v1/prices/{ref} and a booking’s quote', () => {
  it('refuses a new price dated before today with 422 naming effective_from; from today it is stored', async () => {
    const ref = group.ref('PRICE', 30);
    const backdated = {
      ...reasonPrice(),
      price_ref: ref,
      band: 'dog_small',
      effective_from: addDays(today, -1),
    };
    const refused = await api.put('prices', ref, backdated);
    expect(refused.statusCode, refused.body).toBe(422);
    const error = apiErrorSchema.parse(refused.json());
    expect(error.code).toBe('record_refused');
    expect(error.issues).toEqual([{ path: 'effective_from', message: backdatedPriceReason }]);
    expect((await api.get('prices', ref)).statusCode).toBe(404);

    const fromToday = await api.put('prices', ref, { ...backdated, effective_from: today });
    expect(fromToday.statusCode, fromToday.body).toBe(201);
  });

  it('refuses a change of the stored price of last year, lets it through unchanged, and keeps the quote', async () => {
    const original = reasonPrice();
    const ref = String(original.price_ref);
    const changed = await api.put('prices', ref, { ...original, amount: '47.00' });
    expect(changed.statusCode).toBe(422);
    expect(apiErrorSchema.parse(changed.json()).issues).toEqual([
      { path: 'effective_from', message: backdatedPriceReason },
    ]);
    expect((await api.put('prices', ref, original)).json()).toMatchObject({ outcome: 'unchanged' });
    const [appointment] = await database.db
      .select({ pence: appointments.quotedPricePence, includes: appointments.quotedPriceIncludes })
      .from(appointments)
      .where(eq(appointments.id, appointmentId));
    expect(appointment).toEqual({ pence: 4500, includes: 'A 15-minute examination' });
  });
});
