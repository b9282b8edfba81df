import { apiErrorSchema } from '@vet/contracts/errors';
import { addDays, practiceDate } from '@vet/contracts/practice-clock';
import { petMedicinesSchema, prescriptionRequestSchema } from '@vet/contracts/prescription-requests';
import { pets } from '@vet/db/schema/clients';
import { createPet } from '@vet/db/testing/factories';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useSignedInTestApp } from '../../testing/signed-in-app.ts';
import { createMedication, practiceWithPet, seenAt } from './testing/prescription-fixtures.ts';

/** Decision 0111: every rule of a repeat prescription request, enforced by the API on PostgreSQL. */
const database = useTestDatabase();
const { context, signedInClient } = useSignedInTestApp(database);
const { db } = database;
const DAY = 24 * 60 * 60_000;
const today = () => practiceDate(new Date());

const medicinesOf = (authorization: string, petId: number) =>
  context.app.inject({ url: `/v2/pets/${petId}/medications`, headers: { authorization } });
const request = (authorization: string, payload: object) =>
  context.app.inject({ method: 'POST', url: '/prescription-requests', headers: { authorization }, payload });

/** A client's living pet that a vet of its practice saw 30 days ago. */
async function seenPet() {
  const setup = await practiceWithPet(db, signedInClient);
  await seenAt(db, {
    practiceId: setup.practice.id,
    clientId: setup.client.id,
    petId: setup.pet.id,
    at: new Date(Date.now() - 30 * DAY),
  });
  return setup;
}

/** The error body (whose statusCode is the response's own: the API's one error shape). */
const refusalOf = (response: Awaited<ReturnType<typeof request>>) => apiErrorSchema.parse(response.json());

describe('a pet’s medicines', () => {
  it('lists them with whether each may be repeated now, and the practice’s written prescription fees', async () => {
    const { authorization, pet } = await seenPet();
    const usual = await createMedication(db, pet.id, { medicine: 'Vetmedin', prescribedOn: '2026-06-01' });
    const stopped = await createMedication(db, pet.id, { medicine: 'Cimalgex', repeatable: false });
    const response = await medicinesOf(authorization, pet.id);
    expect(response.statusCode).toBe(200);
    const body = petMedicinesSchema.parse(response.json());
    expect(body.writtenPrescriptionFees).toEqual({ firstPence: 2100, furtherPence: 1250 });
    expect(body.medicines.map((m) => [m.medicationId, m.availability])).toEqual([
      [usual.id, 'available'],
      [stopped.id, 'notRepeatable'],
    ]);
    expect(body.medicines[1]!.refusal).toContain('Cimalgex');
  });

  it('answers another client’s pet like a missing one, and refuses a pet that has died', async () => {
    const { pet } = await seenPet();
    const other = await practiceWithPet(db, signedInClient);
    expect((await medicinesOf(other.authorization, pet.id)).statusCode).toBe(404);
    expect((await medicinesOf(other.authorization, 2_000_000_000)).statusCode).toBe(404);
    await db.update(pets).set({ status: 'Deceased' }).where(eq(pets.id, other.pet.id));
    expect(refusalOf(await medicinesOf(other.authorization, other.pet.id))).toMatchObject({
      statusCode: 403,
      code: 'pet_not_active',
    });
  });
});

describe('POST /prescription-requests refuses', () => {
  it('a pet of another client, and a medicine not on the pet’s list, as missing ones', async () => {
    const mine = await seenPet();
    const theirs = await seenPet();
    const theirMedicine = await createMedication(db, theirs.pet.id);
    const myMedicine = await createMedication(db, mine.pet.id);
    const otherPet = await createPet(db, { clientId: mine.client.id });
    const item = (medicationId: number) => [{ medicationId, quantity: 1 }];
    for (const payload of [
      { petId: theirs.pet.id, items: item(theirMedicine.id), supply: 'collect' },
      { petId: mine.pet.id, items: item(theirMedicine.id), supply: 'collect' },
      { petId: otherPet.id, items: item(myMedicine.id), supply: 'collect' },
    ]) {
      const refusal = refusalOf(await request(mine.authorization, payload));
      expect(refusal.statusCode, JSON.stringify(payload)).toBe(404);
    }
  });

  it('a quantity above what the practice allows, naming the limit', async () => {
    const { authorization, pet } = await seenPet();
    const medicine = await createMedication(db, pet.id, { maxQuantity: 3, unit: 'packs of 28' });
    const refusal = refusalOf(
      await request(authorization, {
        petId: pet.id,
        items: [{ medicationId: medicine.id, quantity: 4 }],
        supply: 'collect',
      }),
    );
    expect(refusal).toMatchObject({
      statusCode: 400,
      issues: [{ path: 'items.0.quantity', message: 'Choose a quantity from 1 to 3 (packs of 28).' }],
    });
    const zero = await request(authorization, {
      petId: pet.id,
      items: [{ medicationId: medicine.id, quantity: 0 }],
      supply: 'collect',
    });
    expect(zero.statusCode).toBe(400);
  });

  it('a quantity no list offers, naming the quantity in words an owner understands', async () => {
    const { authorization, pet } = await seenPet();
    const medicine = await createMedication(db, pet.id, { maxQuantity: 3 });
    for (const quantity of [0, -1, 1.5, 5000, 'two', null]) {
      const response = await request(authorization, {
        petId: pet.id,
        items: [{ medicationId: medicine.id, quantity }],
        supply: 'collect',
      });
      expect(response.statusCode, String(quantity)).toBe(400);
      expect(refusalOf(response).issues, String(quantity)).toEqual([
        { path: 'items.0.quantity', message: 'Choose a quantity from the list for this medicine.' },
      ]);
    }
  });

  it('a medicine marked not repeatable, or with no repeats left, with the reason', async () => {
    const { authorization, pet } = await seenPet();
    const notRepeatable = await createMedication(db, pet.id, { medicine: 'Cimalgex', repeatable: false });
    const noneLeft = await createMedication(db, pet.id, { medicine: 'Apoquel', repeatsLeft: 0 });
    const ask = (medicationId: number) =>
      request(authorization, { petId: pet.id, items: [{ medicationId, quantity: 1 }], supply: 'collect' });
    expect(refusalOf(await ask(notRepeatable.id))).toMatchObject({
      statusCode: 403,
      code: 'not_repeatable',
      message: expect.stringContaining('Cimalgex') as string,
    });
    expect(refusalOf(await ask(noneLeft.id))).toMatchObject({
      statusCode: 403,
      code: 'no_repeats_left',
    });
  });

  it('a prescription-only medicine for a pet no vet of the practice saw within its review period', async () => {
    const { practice, client, authorization, pet } = await practiceWithPet(db, signedInClient, {
      prescriptionReviewMonths: 6,
    });
    const pom = await createMedication(db, pet.id, { category: 'POM-V' });
    const shopShelf = await createMedication(db, pet.id, {
      category: 'AVM-GSL',
      medicine: 'Worming tablets',
    });
    const ask = (medicationId: number) =>
      request(authorization, { petId: pet.id, items: [{ medicationId, quantity: 1 }], supply: 'collect' });
    // Seen by a nurse recently and by a vet eight months ago: neither counts within six months.
    await seenAt(db, {
      practiceId: practice.id,
      clientId: client.id,
      petId: pet.id,
      at: new Date(Date.now() - 5 * DAY),
      type: 'Nurse',
    });
    await seenAt(db, {
      practiceId: practice.id,
      clientId: client.id,
      petId: pet.id,
      at: new Date(Date.now() - 240 * DAY),
    });
    expect(refusalOf(await ask(pom.id))).toMatchObject({ statusCode: 403, code: 'review_needed' });
    expect((await ask(shopShelf.id)).statusCode).toBe(201);
    await seenAt(db, {
      practiceId: practice.id,
      clientId: client.id,
      petId: pet.id,
      at: new Date(Date.now() - 150 * DAY),
    });
    expect((await ask(pom.id)).statusCode).toBe(201);
  });

  it('a medicine past the review date the practice system sent, whatever the visits', async () => {
    const { authorization, pet } = await seenPet();
    const past = await createMedication(db, pet.id, { reviewDue: addDays(today(), -1) });
    const onTheDay = await createMedication(db, pet.id, { reviewDue: today() });
    const ask = (medicationId: number) =>
      request(authorization, { petId: pet.id, items: [{ medicationId, quantity: 1 }], supply: 'collect' });
    expect(refusalOf(await ask(past.id))).toMatchObject({ statusCode: 403, code: 'review_needed' });
    expect((await ask(onTheDay.id)).statusCode).toBe(201);
  });

  it('a pet that has died or been rehomed', async () => {
    const { authorization, pet } = await seenPet();
    const medicine = await createMedication(db, pet.id);
    await db.update(pets).set({ status: 'Rehomed' }).where(eq(pets.id, pet.id));
    const refusal = refusalOf(
      await request(authorization, {
        petId: pet.id,
        items: [{ medicationId: medicine.id, quantity: 1 }],
        supply: 'collect',
      }),
    );
    expect(refusal).toMatchObject({ statusCode: 403, code: 'pet_not_active' });
  });
});

describe('POST /prescription-requests sends', () => {
  it('a written prescription request with the capped fee of its medicines', async () => {
    const { authorization, pet } = await seenPet();
    const first = await createMedication(db, pet.id, { medicine: 'Vetmedin' });
    const second = await createMedication(db, pet.id, { medicine: 'Frusemide', strength: '20 mg' });
    const response = await request(authorization, {
      petId: pet.id,
      items: [
        { medicationId: first.id, quantity: 2 },
        { medicationId: second.id, quantity: 1 },
      ],
      supply: 'written',
      note: 'Going away on the 10th',
    });
    expect(response.statusCode).toBe(201);
    expect(prescriptionRequestSchema.parse(response.json())).toMatchObject({
      petId: pet.id,
      petName: 'Bramble',
      status: 'Requested',
      supply: 'written',
      feePence: 2100 + 1250,
      note: 'Going away on the 10th',
      answeredAt: null,
      items: [
        { medicine: 'Vetmedin', quantity: 2 },
        { medicine: 'Frusemide', strength: '20 mg', quantity: 1 },
      ],
    });
  });

  it('at the practice’s own lower fee, and no fee to collect', async () => {
    const { practice, client, authorization, pet } = await practiceWithPet(db, signedInClient, {
      writtenPrescriptionFeePence: 1500,
      writtenPrescriptionFurtherFeePence: 500,
    });
    await seenAt(db, {
      practiceId: practice.id,
      clientId: client.id,
      petId: pet.id,
      at: new Date(Date.now() - DAY),
    });
    const medicine = await createMedication(db, pet.id);
    const ask = (supply: string) =>
      request(authorization, { petId: pet.id, items: [{ medicationId: medicine.id, quantity: 1 }], supply });
    expect((await ask('written')).json()).toMatchObject({ feePence: 1500 });
    expect((await ask('collect')).json()).toMatchObject({ feePence: 0 });
  });

  // Decision 0142: a fee stored above today's cap (a cap since lowered, or set by hand) is charged at the cap.
  it('at most the cap in force on the request’s day, whatever fee the practice stored', async () => {
    const { practice, client, authorization, pet } = await practiceWithPet(db, signedInClient, {
      writtenPrescriptionFeePence: 2500,
      writtenPrescriptionFurtherFeePence: 1500,
    });
    await seenAt(db, {
      practiceId: practice.id,
      clientId: client.id,
      petId: pet.id,
      at: new Date(Date.now() - DAY),
    });
    const [one, two] = [
      await createMedication(db, pet.id),
      await createMedication(db, pet.id, { medicine: 'Yumove' }),
    ];
    const shown = petMedicinesSchema.parse((await medicinesOf(authorization, pet.id)).json());
    expect(shown.writtenPrescriptionFees).toEqual({ firstPence: 2100, furtherPence: 1250 });
    const items = [one, two].map((m) => ({ medicationId: m.id, quantity: 1 }));
    const response = await request(authorization, { petId: pet.id, items, supply: 'written' });
    expect(response.json()).toMatchObject({ feePence: 2100 + 1250 });
  });
});
