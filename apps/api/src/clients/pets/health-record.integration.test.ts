import { apiErrorSchema } from '@vet/contracts/errors';
import { petHealthRecordSchema } from '@vet/contracts/pet-health-record';
import { vaccinations } from '@vet/db/schema/vaccinations';
import { createPet, createPractice } from '@vet/db/testing/factories';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSignedInTestApp } from '../../testing/signed-in-app.ts';

const database = useTestDatabase();
const { context, signedInClient } = useSignedInTestApp(database);

let refs = 0;
const vaccinate = (petId: number, vaccine: string, givenOn: string, dueOn: string | null) =>
  database.db
    .insert(vaccinations)
    .values({ pmsRef: `VAC-T-${crypto.randomUUID()}-${(refs += 1)}`, petId, vaccine, givenOn, dueOn })
    .returning({ id: vaccinations.id })
    .then(([row]) => row!.id);

/** Holds the API's clock (Date only: timers and I/O run as ever) at `instant`. */
const holdClockAt = (instant: string) => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(instant));
};
afterEach(() => {
  vi.useRealTimers();
});

const read = async (authorization: string, petId: number | string) =>
  context.app.inject({ url: `/v2/pets/${petId}/health-record`, headers: { authorization } });

describe('a pet’s health record', () => {
  it('answers the own pet’s vaccinations given and due, with the home practice', async () => {
    holdClockAt('2026-03-01T12:00:00Z');
    const practice = await createPractice(database.db, {
      name: 'Willowbrook Vets Test',
      phone: '020 7946 0999',
    });
    const { client, authorization } = await signedInClient({ homePracticeId: practice.id });
    const pet = await createPet(database.db, { clientId: client.id, name: 'Pickle' });
    const primary = await vaccinate(pet.id, 'Feline RCP', '2024-01-10', '2025-01-10');
    const booster = await vaccinate(pet.id, 'Feline RCP', '2025-01-20', '2026-01-20');
    const felv = await vaccinate(pet.id, 'FeLV', '2025-06-01', '2026-06-01');

    const response = await read(authorization, pet.id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(petHealthRecordSchema.parse(response.json())).toEqual({
      petId: pet.id,
      today: '2026-03-01',
      practice: { name: 'Willowbrook Vets Test', phone: '020 7946 0999' },
      due: [
        { vaccine: 'Feline RCP', dueOn: '2026-01-20', lastGivenOn: '2025-01-20', overdue: true },
        { vaccine: 'FeLV', dueOn: '2026-06-01', lastGivenOn: '2025-06-01', overdue: false },
      ],
      given: [
        { vaccinationId: felv, vaccine: 'FeLV', givenOn: '2025-06-01', dueOn: '2026-06-01' },
        { vaccinationId: booster, vaccine: 'Feline RCP', givenOn: '2025-01-20', dueOn: '2026-01-20' },
        { vaccinationId: primary, vaccine: 'Feline RCP', givenOn: '2024-01-10', dueOn: '2025-01-10' },
      ],
    });
  });

  it('judges overdue by the UK date: past midnight in London, before it in UTC', async () => {
    const { client, authorization } = await signedInClient();
    const pet = await createPet(database.db, { clientId: client.id });
    await vaccinate(pet.id, 'DHP', '2025-06-30', '2026-06-30');
    const dueOf = async () => petHealthRecordSchema.parse((await read(authorization, pet.id)).json());

    // 23:59 BST on the due date: due, not overdue.
    holdClockAt('2026-06-30T22:59:00Z');
    expect(await dueOf()).toMatchObject({
      today: '2026-06-30',
      due: [{ dueOn: '2026-06-30', overdue: false }],
    });
    // 00:30 BST the next day, still 30 June in UTC: overdue.
    holdClockAt('2026-06-30T23:30:00Z');
    expect(await dueOf()).toMatchObject({
      today: '2026-07-01',
      due: [{ dueOn: '2026-06-30', overdue: true }],
    });
  });

  it('answers a pet with no vaccinations with an empty record', async () => {
    const { client, authorization } = await signedInClient();
    const pet = await createPet(database.db, { clientId: client.id });
    const response = await read(authorization, pet.id);
    expect(response.statusCode).toBe(200);
    expect(petHealthRecordSchema.parse(response.json())).toMatchObject({ due: [], given: [] });
  });

  it('has nothing due for a deceased pet, and keeps what was given', async () => {
    const { client, authorization } = await signedInClient();
    const pet = await createPet(database.db, { clientId: client.id, status: 'Deceased' });
    await vaccinate(pet.id, 'Feline RCP', '2012-01-25', '2013-01-25');
    const record = petHealthRecordSchema.parse((await read(authorization, pet.id)).json());
    expect(record.due).toEqual([]);
    expect(record.given).toHaveLength(1);
  });

  it('answers another client’s pet exactly like a missing one, and a bad id with a 400', async () => {
    const { authorization } = await signedInClient();
    const other = await signedInClient();
    const theirs = await createPet(database.db, { clientId: other.client.id });
    await vaccinate(theirs.id, 'DHP', '2025-01-01', '2026-01-01');

    const foreign = await read(authorization, theirs.id);
    const missing = await read(authorization, 2_000_000_000);
    expect(foreign.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(apiErrorSchema.parse(foreign.json())).toEqual(apiErrorSchema.parse(missing.json()));
    expect(foreign.body).not.toContain('DHP');

    for (const bad of ['abc', '0', '-1', '99999999999']) {
      const response = await read(authorization, bad);
      expect(response.statusCode, bad).toBe(400);
      apiErrorSchema.parse(response.json());
    }
  });

  it('refuses a caller who is not signed in', async () => {
    const response = await context.app.inject({ url: '/v2/pets/1/health-record' });
    expect(response.statusCode).toBe(401);
  });
});
