import { appointmentDetailSchema, appointmentPriceSchema } from '@vet/contracts/appointment-booking';
import { apiErrorSchema } from '@vet/contracts/errors';
import { appointments } from '@vet/db/schema/appointments';
import { practicePrices } from '@vet/db/schema/prices';
import { createPet, createSpecies } from '@vet/db/testing/factories';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useSignedInTestApp } from '../../testing/signed-in-app.ts';
import {
  bookingHelpers,
  bookingScene,
  localDay,
  localInstant,
  type BookingScene,
} from './testing/booking-fixtures.ts';
import { visitHelpers } from './testing/visit-fixtures.ts';

const database = useTestDatabase();
const { context, signedInClient } = useSignedInTestApp(database);
const { db } = database;
const { book, amend, latestEmailTo } = bookingHelpers(context, db);
const { bookVisit } = visitHelpers(context, signedInClient, db);

/** Issue 62's demo: £51 until the rise, £54 from it (five days ahead here). */
const riseDay = () => localDay(5);

async function risingPrice(scene: BookingScene) {
  await db.insert(practicePrices).values([
    {
      practiceId: scene.practice.id,
      reasonId: scene.reason.id,
      amountPence: 5100,
      effectiveFrom: localDay(-30),
      includes: 'The examination.',
    },
    { practiceId: scene.practice.id, reasonId: scene.reason.id, amountPence: 5400, effectiveFrom: riseDay() },
  ]);
}

const storedQuote = async (appointmentId: number) => {
  const [row] = await db
    .select({ pence: appointments.quotedPricePence, includes: appointments.quotedPriceIncludes })
    .from(appointments)
    .where(eq(appointments.id, appointmentId));
  return row;
};

const quoteOf = (scene: BookingScene, query: string, authorization = scene.authorization) =>
  context.app.inject({
    url: `/practices/${scene.practice.id}/appointment-reasons/${scene.reason.id}/price?${query}`,
    headers: { authorization },
  });

describe('the price of the appointment’s day (issue 62)', () => {
  it('quotes, stores, answers and e-mails the later price for a booking after a rise', async () => {
    const scene = await bookingScene(db, signedInClient);
    await risingPrice(scene);
    const response = await book(scene, localInstant(localDay(6), '10:00'));
    expect(response.statusCode).toBe(201);
    const body = appointmentDetailSchema.strict().parse(response.json());
    expect(body.price).toEqual({ amountPence: 5400, includes: null });
    expect(await storedQuote(body.appointmentId)).toEqual({ pence: 5400, includes: null });
    const email = await latestEmailTo(scene.client.email!);
    expect(email?.text).toContain('Price: From £54.00.');
    expect(email?.text).not.toContain('£51.00');
  });

  it('quotes the earlier price for a booking before the rise', async () => {
    const scene = await bookingScene(db, signedInClient);
    await risingPrice(scene);
    const response = await book(scene, localInstant(localDay(4), '10:00'));
    const body = appointmentDetailSchema.parse(response.json());
    expect(body.price).toEqual({ amountPence: 5100, includes: 'The examination.' });
    expect(await storedQuote(body.appointmentId)).toEqual({ pence: 5100, includes: 'The examination.' });
    expect((await latestEmailTo(scene.client.email!))?.text).toContain(
      'Price: From £51.00 (includes: The examination).',
    );
  });

  it('stores no price when none is in force on the day, and the e-mail says to ask', async () => {
    const scene = await bookingScene(db, signedInClient);
    await db.insert(practicePrices).values({
      practiceId: scene.practice.id,
      reasonId: scene.reason.id,
      amountPence: 5100,
      effectiveFrom: localDay(9),
    });
    const body = appointmentDetailSchema.parse(
      (await book(scene, localInstant(localDay(3), '10:00'))).json(),
    );
    expect(body.price).toBeNull();
    expect(await storedQuote(body.appointmentId)).toEqual({ pence: null, includes: null });
    expect((await latestEmailTo(scene.client.email!))?.text).toContain('Price not yet published.');
  });

  it("quotes a banded price in the pet's band: a cat's, and a dog's cheapest size", async () => {
    const scene = await bookingScene(db, signedInClient);
    const cats = await createSpecies(db, { code: 'Feline' });
    const cat = await createPet(db, { clientId: scene.client.id, speciesId: cats.id, name: 'Tiddles' });
    const band = (value: string, amountPence: number) => ({
      practiceId: scene.practice.id,
      reasonId: scene.reason.id,
      amountPence,
      band: value,
      effectiveFrom: localDay(-1),
    });
    await db
      .insert(practicePrices)
      .values([band('cat', 3900), band('dog_small', 4800), band('dog_large', 6200)]);
    const forCat = appointmentDetailSchema.parse(
      (await book(scene, localInstant(localDay(3), '10:00'), { petId: cat.id })).json(),
    );
    const forDog = appointmentDetailSchema.parse(
      (await book(scene, localInstant(localDay(3), '11:00'))).json(),
    );
    expect(forCat.price?.amountPence).toBe(3900);
    expect(forDog.price?.amountPence).toBe(4800);
    expect(await storedQuote(forCat.appointmentId)).toMatchObject({ pence: 3900 });
  });

  it('keeps the quote when the price list changes after the booking', async () => {
    const scene = await bookingScene(db, signedInClient);
    await risingPrice(scene);
    const booked = appointmentDetailSchema.parse(
      (await book(scene, localInstant(localDay(6), '10:00'))).json(),
    );
    await db.insert(practicePrices).values({
      practiceId: scene.practice.id,
      reasonId: scene.reason.id,
      amountPence: 6000,
      effectiveFrom: localDay(6),
    });
    // The list's price for that day is now £60 ...
    const quote = appointmentPriceSchema.parse((await quoteOf(scene, `date=${localDay(6)}`)).json());
    expect(quote.price?.amountPence).toBe(6000);
    // ... and the appointment keeps the £54 it was quoted.
    const read = await context.app.inject({
      url: `/appointments/${booked.appointmentId}`,
      headers: { authorization: scene.authorization },
    });
    expect(appointmentDetailSchema.parse(read.json()).price).toEqual({ amountPence: 5400, includes: null });
    expect(await storedQuote(booked.appointmentId)).toMatchObject({ pence: 5400 });
  });

  it('re-quotes a move across the rise, and the e-mail says the price changed', async () => {
    const scene = await bookingScene(db, signedInClient);
    await risingPrice(scene);
    const booked = appointmentDetailSchema.parse(
      (await book(scene, localInstant(localDay(4), '10:00'))).json(),
    );
    const moved = await amend(scene, booked.appointmentId, localInstant(localDay(6), '10:00'));
    expect(moved.statusCode).toBe(200);
    expect(appointmentDetailSchema.parse(moved.json()).price).toEqual({ amountPence: 5400, includes: null });
    expect(await storedQuote(booked.appointmentId)).toEqual({ pence: 5400, includes: null });
    const email = await latestEmailTo(scene.client.email!);
    expect(email?.subject).toBe('Your appointment has moved');
    expect(email?.text).toContain('Price: From £54.00.');
    expect(email?.text).toContain('The price is now From £54.00 (was From £51.00).');
  });

  it('says nothing of a change when a move keeps the price', async () => {
    const scene = await bookingScene(db, signedInClient);
    await risingPrice(scene);
    const booked = appointmentDetailSchema.parse(
      (await book(scene, localInstant(localDay(6), '10:00'))).json(),
    );
    await amend(scene, booked.appointmentId, localInstant(localDay(7), '10:00'));
    const email = await latestEmailTo(scene.client.email!);
    expect(email?.text).toContain('Price: From £54.00.');
    expect(email?.text).not.toContain('The price is now');
  });

  it('quotes each pet of a visit in its own band, and re-quotes each when the visit moves', async () => {
    const scene = await bookingScene(db, signedInClient);
    const cats = await createSpecies(db, { code: 'Feline' });
    const cat = await createPet(db, { clientId: scene.client.id, speciesId: cats.id, name: 'Tiddles' });
    const band = (value: string, amountPence: number, effectiveFrom: string) => ({
      practiceId: scene.practice.id,
      reasonId: scene.reason.id,
      amountPence,
      band: value,
      effectiveFrom,
    });
    await db
      .insert(practicePrices)
      .values([
        band('cat', 3900, localDay(-1)),
        band('dog_small', 4800, localDay(-1)),
        band('cat', 4100, riseDay()),
        band('dog_small', 5000, riseDay()),
      ]);
    const response = await bookVisit(scene, [scene.pet.id, cat.id], localInstant(localDay(3), '10:00'));
    expect(response.statusCode).toBe(201);
    const visit = response.json<{
      visitId: string;
      appointments: { appointmentId: number; price: unknown }[];
    }>();
    expect(visit.appointments.map((appointment) => appointment.price)).toEqual([
      { amountPence: 4800, includes: null },
      { amountPence: 3900, includes: null },
    ]);
    const booked = await latestEmailTo(scene.client.email!);
    expect(booked?.text).toContain('Price for Biscuit: From £48.00.');
    expect(booked?.text).toContain('Price for Tiddles: From £39.00.');

    const moved = await context.app.inject({
      method: 'POST',
      url: `/appointments/visits/${visit.visitId}`,
      headers: { authorization: scene.authorization },
      payload: { startsAt: localInstant(localDay(6), '10:00').toISOString() },
    });
    expect(moved.statusCode).toBe(200);
    const [dogVisit, catVisit] = visit.appointments;
    expect(await storedQuote(dogVisit!.appointmentId)).toMatchObject({ pence: 5000 });
    expect(await storedQuote(catVisit!.appointmentId)).toMatchObject({ pence: 4100 });
    expect((await latestEmailTo(scene.client.email!))?.text).toContain(
      'The price is now From £41.00 (was From £39.00).',
    );
  });
});

describe('GET /practices/{practiceId}/appointment-reasons/{appointmentReasonId}/price', () => {
  it("answers the day's price for the client's pet", async () => {
    const scene = await bookingScene(db, signedInClient);
    await risingPrice(scene);
    const before = await quoteOf(scene, `date=${localDay(4)}&petId=${scene.pet.id}`);
    const after = await quoteOf(scene, `date=${localDay(6)}&petId=${scene.pet.id}`);
    expect(before.statusCode).toBe(200);
    expect(appointmentPriceSchema.strict().parse(before.json())).toEqual({
      date: localDay(4),
      price: { amountPence: 5100, includes: 'The examination.' },
    });
    expect(appointmentPriceSchema.parse(after.json()).price).toEqual({ amountPence: 5400, includes: null });
  });

  it("answers a species' band for a pet not registered yet, and refuses an unknown species", async () => {
    const scene = await bookingScene(db, signedInClient);
    const cats = await createSpecies(db, { code: 'Feline' });
    const band = (value: string, amountPence: number) => ({
      practiceId: scene.practice.id,
      reasonId: scene.reason.id,
      amountPence,
      band: value,
      effectiveFrom: localDay(-1),
    });
    await db.insert(practicePrices).values([band('cat', 3900), band('dog_small', 4800)]);
    const forCat = await quoteOf(scene, `date=${localDay(3)}&speciesId=${cats.id}`);
    expect(appointmentPriceSchema.parse(forCat.json()).price?.amountPence).toBe(3900);
    // The pet's own species wins over a species asked alongside it.
    const forDog = await quoteOf(scene, `date=${localDay(3)}&petId=${scene.pet.id}&speciesId=${cats.id}`);
    expect(appointmentPriceSchema.parse(forDog.json()).price?.amountPence).toBe(4800);
    const unknown = await quoteOf(scene, `date=${localDay(3)}&speciesId=2000000000`);
    expect(unknown.statusCode).toBe(400);
    expect(apiErrorSchema.parse(unknown.json()).issues?.map((issue) => issue.path)).toEqual(['speciesId']);
  });

  it("answers another client's pet exactly like a missing one", async () => {
    const scene = await bookingScene(db, signedInClient);
    const other = await bookingScene(db, signedInClient);
    await risingPrice(scene);
    const theirs = await quoteOf(scene, `date=${localDay(6)}&petId=${other.pet.id}`);
    const missing = await quoteOf(scene, `date=${localDay(6)}&petId=2000000000`);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual(missing.json());
    expect(theirs.body).not.toContain('54');
  });

  it('refuses a date that is not one with a 400 naming the field', async () => {
    const scene = await bookingScene(db, signedInClient);
    for (const date of ['8-12-2026', '2026-02-30', '']) {
      const response = await quoteOf(scene, `date=${date}`);
      expect(response.statusCode).toBe(400);
      expect(apiErrorSchema.parse(response.json()).issues?.map((issue) => issue.path)).toContain('date');
    }
  });

  it('needs a signed-in client', async () => {
    const scene = await bookingScene(db, signedInClient);
    const response = await context.app.inject({
      url: `/practices/${scene.practice.id}/appointment-reasons/${scene.reason.id}/price?date=${localDay(6)}`,
    });
    expect(response.statusCode).toBe(401);
  });
});
