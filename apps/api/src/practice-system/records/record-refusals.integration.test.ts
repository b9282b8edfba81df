import { addDays, practiceDate } from '@vet/contracts/practice-clock';
import { apiErrorSchema } from '@vet/contracts/errors';
import { practiceRecordRefFields, type PracticeRecordKind } from '@vet/contracts/integration-records';
import { jsonRecords } from '@vet/practice-import/testing/json-records';
import { seedImportLookups } from '@vet/practice-import/testing/run-test-import';
import { testGroup } from '@vet/practice-import/testing/test-group';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { beforeAll, describe, expect, it } from 'vitest';
import { useSignedInTestApp } from '../../testing/signed-in-app.ts';
import { kindFiles, recordRequests } from './testing/record-requests.ts';

/**
 * Bad input of the practice system's records (decision 0065), record by record: each answers 422 naming its
 * field (or the record, for a rule of two fields), changes nothing, and is never a 500.
 */
const database = useTestDatabase();
const { context, machineAuthorization } = useSignedInTestApp(database);
const api = recordRequests(
  () => context.app,
  () => machineAuthorization(),
);
const group = testGroup();
const elsewhere = testGroup();
beforeAll(async () => {
  await seedImportLookups(database);
  for (const [kind, file] of kindFiles) await api.batch(kind, jsonRecords(group, file));
  for (const [kind, file] of kindFiles.slice(0, 2)) await api.batch(kind, jsonRecords(elsewhere, file));
});

const first = (file: Parameters<typeof jsonRecords>[1]) => jsonRecords(group, file)[0]!;
const tomorrow = addDays(practiceDate(new Date()), 1);
const shift = { day_of_week: 1, starts: '09:00', ends: '17:00' };

/** [what, kind, the record changed so, the issue expected]. */
const badInput: [string, PracticeRecordKind, Record<string, unknown>, { path: string; message: unknown }][] =
  [
    [
      'a required field missing',
      'clients',
      { ...first('clients.csv'), last_name: null },
      { path: 'last_name', message: 'required, but empty' },
    ],
    [
      'a type outside its list',
      'clinicians',
      { ...first('clinicians.csv'), clinician_type: 'Surgeon' },
      { path: 'clinician_type', message: expect.stringContaining('Vet') },
    ],
    [
      'a status outside its list',
      'pets',
      { ...first('pets.csv'), status: 'Lost' },
      { path: 'status', message: expect.stringContaining('Deceased') },
    ],
    [
      'a sex outside its list',
      'pets',
      { ...first('pets.csv'), sex: 'M' },
      { path: 'sex', message: expect.stringContaining('Female') },
    ],
    [
      'not true or false',
      'pets',
      { ...first('pets.csv'), neutered: 'yes' },
      { path: 'neutered', message: expect.stringContaining('true or false') },
    ],
    [
      'a species name too long to be a label',
      'appointment-reasons',
      { ...first('appointment_reasons.csv'), species: `Dog;${'x'.repeat(201)}` },
      { path: 'species', message: 'name 2 of 2 is longer than 200 characters' },
    ],
    [
      'a phone the forms refuse',
      'clients',
      { ...first('clients.csv'), mobile_phone: '12345' },
      { path: 'mobile_phone', message: expect.any(String) },
    ],
    [
      'a date of birth in the future',
      'pets',
      { ...first('pets.csv'), date_of_birth: tomorrow },
      { path: 'date_of_birth', message: expect.any(String) },
    ],
    [
      'an end before its start',
      'closures',
      { ...first('closures.csv'), ends_at: '2020-01-01T00:00:00Z' },
      { path: 'body', message: 'ends_at is not after starts_at' },
    ],
    [
      'overlapping shifts',
      'clinicians',
      { ...first('clinicians.csv'), rota_shifts: [shift, { ...shift, day_of_week: '1', starts: '12:00' }] },
      { path: 'rota_shifts[1]', message: expect.stringContaining('overlaps') },
    ],
    [
      'a zone other than UK time',
      'practices',
      { ...first('practices.csv'), time_zone: 'Europe/Paris' },
      { path: 'time_zone', message: expect.stringContaining('Europe/London') },
    ],
    [
      'a written prescription fee above the cap in force (decision 0142)',
      'practices',
      { ...first('practices.csv'), written_prescription_further_fee: '12.51' },
      {
        path: 'written_prescription_further_fee',
        message: expect.stringContaining(
          "above £12.50, the cap on a written prescription's fee in force from 24 March 2026",
        ),
      },
    ],
    [
      'a negative written prescription fee',
      'practices',
      { ...first('practices.csv'), written_prescription_fee: '-1' },
      { path: 'written_prescription_fee', message: 'negative: a price is 0.00 or more' },
    ],
    [
      'a reference to no record',
      'vaccinations',
      { ...first('vaccinations.csv'), pet_ref: 'PET-NONE' },
      { path: 'pet_ref', message: 'no pet with this reference is stored' },
    ],
    [
      'a price with no effective date',
      'prices',
      { ...first('prices.csv'), effective_from: null },
      { path: 'effective_from', message: 'required, but empty' },
    ],
    [
      'a negative price',
      'prices',
      { ...first('prices.csv'), amount: -45 },
      { path: 'amount', message: 'negative: a price is 0.00 or more' },
    ],
    [
      'a price in a currency other than pounds',
      'prices',
      { ...first('prices.csv'), currency: 'EUR' },
      { path: 'currency', message: expect.stringContaining('GBP') },
    ],
    [
      'a price of an unknown appointment reason',
      'prices',
      { ...first('prices.csv'), reason_ref: 'REASON-NONE' },
      { path: 'reason_ref', message: 'no appointment reason with this reference is stored' },
    ],
    [
      'a price for a band the price list does not have',
      'prices',
      { ...first('prices.csv'), band: 'hamster' },
      { path: 'band', message: expect.stringContaining('dog_small') },
    ],
    [
      'a price for a band none of its reason’s species has',
      'prices',
      { ...first('prices.csv'), reason_ref: group.ref('REASON', 2), band: 'rabbit' },
      {
        path: 'band',
        message:
          'not a band of the animals this appointment reason is for: one of cat, dog_large, dog_medium, dog_small',
      },
    ],
    [
      'a clinician of another practice',
      'closures',
      { ...first('closures.csv'), clinician_ref: elsewhere.ref('CLIN', 1) },
      { path: 'clinician_ref', message: 'not a clinician of the practice named in practice_ref' },
    ],
  ];

describe('bad input to PUT /integration/v1/{kind}/{ref}', () => {
  it.each(badInput)('refuses %s with 422 naming the field', async (_, kind, record, issue) => {
    const ref = String(record[practiceRecordRefFields[kind]]);
    const response = await api.put(kind, ref, record);
    expect(response.statusCode, response.body).toBe(422);
    expect(apiErrorSchema.parse(response.json()).issues).toContainEqual(issue);
    expect(apiErrorSchema.parse(response.json()).code).toBe('record_refused');
    // The stored record is as it was: the same record again changes nothing.
    const [original] = jsonRecords(group, kindFiles.find(([k]) => k === kind)![1]);
    expect((await api.put(kind, ref, original)).json()).toMatchObject({ outcome: 'unchanged' });
  });
});
