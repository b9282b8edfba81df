import { apiErrorSchema } from '@vet/contracts/errors';
import { newPetsPerClientPerDay, tooManyNewPetsMessage } from '@vet/contracts/pets';
import { pets } from '@vet/db/schema/clients';
import { createPet } from '@vet/db/testing/factories';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookingScene, localDay, localInstant } from '../../appointments/booking/testing/booking-fixtures.ts';
import { guestHelpers } from '../../appointments/guests/testing/guest-fixtures.ts';
import { useSignedInTestApp } from '../../testing/signed-in-app.ts';
import {
  clientOfPractice,
  registrationLookups,
  validRegistration,
} from './testing/pet-registration-fixtures.ts';

const database = useTestDatabase({ max: 20 });
const { db } = database;
const { context, signedInClient } = useSignedInTestApp(database);
const { held, complete, holdRow } = guestHelpers(context, db);

const register = (authorization: string, payload: object) =>
  context.app.inject({ method: 'POST', url: '/v2/pets', headers: { authorization }, payload });

const onlinePetsOf = async (clientId: number) =>
  (
    await db
      .select({ id: pets.id })
      .from(pets)
      .where(and(eq(pets.clientId, clientId), eq(pets.registeredOnline, true)))
  ).length;

/** Finding 4 of the ASVS review: a client could register pets without end (decision 0057). */
describe('new pets a client registers online in a day', () => {
  it(`registers ${newPetsPerClientPerDay} in 24 hours, then answers 429 in plain words`, async () => {
    const choices = await registrationLookups(db);
    const { client, authorization } = await clientOfPractice(db, signedInClient);
    // The practice's own records, and pets registered online more than a day ago, do not count.
    await createPet(db, { clientId: client.id, speciesId: choices.dog.id });
    const old = await createPet(db, {
      clientId: client.id,
      speciesId: choices.dog.id,
      registeredOnline: true,
    });
    await db
      .update(pets)
      .set({ createdAt: new Date(Date.now() - 25 * 60 * 60_000) })
      .where(eq(pets.id, old.id));

    for (let i = 0; i < newPetsPerClientPerDay; i += 1) {
      expect((await register(authorization, validRegistration(choices))).statusCode).toBe(201);
    }
    const refused = await register(authorization, validRegistration(choices));
    expect(refused.statusCode).toBe(429);
    expect(apiErrorSchema.parse(refused.json()).message).toBe(tooManyNewPetsMessage);
    expect(await onlinePetsOf(client.id)).toBe(newPetsPerClientPerDay + 1);
  });

  it('counts under the client’s lock: of parallel registrations one short of the cap, one passes', async () => {
    const choices = await registrationLookups(db);
    const { client, authorization } = await clientOfPractice(db, signedInClient);
    for (let i = 0; i < newPetsPerClientPerDay - 1; i += 1) {
      await createPet(db, { clientId: client.id, speciesId: choices.dog.id, registeredOnline: true });
    }
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => register(authorization, validRegistration(choices))),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 429, 429, 429, 429, 429]);
    expect(await onlinePetsOf(client.id)).toBe(newPetsPerClientPerDay);
  });
});

describe('a completed guest hold registers a new pet', () => {
  it('counts toward the new pets of the day: at the cap, completing answers 429 and makes nothing', async () => {
    const scene = await bookingScene(db, signedInClient);
    for (let i = 0; i < newPetsPerClientPerDay; i += 1) {
      await createPet(db, { clientId: scene.client.id, speciesId: scene.dog.id, registeredOnline: true });
    }
    const hold = await held(scene, localInstant(localDay(3), '10:00'));
    const response = await complete(hold.softBookingId, scene.authorization);
    expect(response.statusCode).toBe(429);
    expect(apiErrorSchema.parse(response.json()).message).toBe(tooManyNewPetsMessage);
    expect(await onlinePetsOf(scene.client.id)).toBe(newPetsPerClientPerDay);
    expect((await holdRow(hold.softBookingId))?.status).toBe('Held');
  });
});
