import type { ContactPreferenceChoices } from '@vet/contracts/contact-preferences';
import { registeredPetSchema } from '@vet/contracts/pets';
import { clients, pets } from '@vet/db/schema/clients';
import { createPractice, createSalutation } from '@vet/db/testing/factories';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  clientOfPractice,
  registrationLookups,
  validRegistration,
} from '../../clients/pets/testing/pet-registration-fixtures.ts';
import { useSignedInTestApp } from '../../testing/signed-in-app.ts';
import {
  eventsNamingClient,
  expectRolledBack,
  probeTransactions,
  theEventWrittenWithItsRecord,
} from './testing/event-probe.ts';

/**
 * Decision 0067: a client's own changes online (details, contact preferences, a new pet) each write their
 * event.
 */
const database = useTestDatabase();
const probe = probeTransactions(database.db);
const { context, signedInClient } = useSignedInTestApp({ ...database, db: probe.db });
const { db } = database;

const call = (method: 'POST' | 'PUT', url: string, authorization: string, payload: unknown) =>
  context.app.inject({ method, url, headers: { authorization }, payload: payload as object });

/** A client with a practice-system reference, and the details they have on file. */
async function clientOnFile() {
  const salutation = await createSalutation(db, { description: `Dr ${crypto.randomUUID().slice(0, 8)}` });
  const practice = await createPractice(db, { pmsRef: `PR-${crypto.randomUUID().slice(0, 8)}` });
  const clientRef = `CU-${crypto.randomUUID().slice(0, 8)}`;
  const signedIn = await signedInClient({
    pmsRef: clientRef,
    homePracticeId: practice.id,
    salutationId: salutation.id,
    firstName: 'Ada',
    lastName: 'Lovelace',
    mobilePhone: '+447400123456',
    homePhone: null,
    addressLine1: '1 New Road',
    town: 'Harrogate',
    postcode: 'HG1 1AA',
  });
  const body = {
    salutationId: salutation.id,
    firstName: 'Ada',
    lastName: 'Lovelace',
    mobilePhone: '07400 123456',
    homePhone: null,
    address: { line1: '1 New Road', line2: null, town: 'Harrogate', county: null, postcode: 'HG1 1AA' },
    homePracticeId: practice.id,
  };
  return { ...signedIn, clientRef, salutation, practice, body };
}

describe('client.details_changed', () => {
  it('carries only the fields that changed, as stored: lists by name, phones in E.164', async () => {
    const { client, authorization, clientRef, body } = await clientOnFile();
    const title = await createSalutation(db, { description: `Prof ${crypto.randomUUID().slice(0, 8)}` });
    const moved = await createPractice(db, { pmsRef: `PR-${crypto.randomUUID().slice(0, 8)}` });
    const changed = {
      ...body,
      salutationId: title.id,
      homePhone: '020 7946 0123',
      address: { ...body.address, postcode: 'hg2 7ab' },
      homePracticeId: moved.id,
    };
    expect((await call('POST', '/client', authorization, changed)).statusCode).toBe(200);
    const data = await theEventWrittenWithItsRecord(probe, 'client.details_changed', client.id);
    expect(data).toEqual({
      client_id: client.id,
      client_ref: clientRef,
      changed: {
        salutation: title.description,
        home_phone: '+442079460123',
        postcode: 'HG2 7AB',
        practice_id: moved.id,
        practice_ref: moved.pmsRef,
      },
    });
  });

  it('is not written when nothing changed, nor for refused details', async () => {
    const { client, authorization, body } = await clientOnFile();
    expect((await call('POST', '/client', authorization, body)).statusCode).toBe(200);
    const refused = { ...body, firstName: 'Adele', address: { ...body.address, postcode: 'not a postcode' } };
    expect((await call('POST', '/client', authorization, refused)).statusCode).toBe(400);
    expect(await eventsNamingClient(db, client.id)).toEqual([]);
  });
});

describe('client.contact_preferences_changed', () => {
  const choices: ContactPreferenceChoices = {
    reminders: { email: true, sms: false, phone: false, post: true },
    marketing: { email: false, sms: false, phone: false, post: false },
    messages: { email: true, sms: true, phone: false, post: false },
  };

  it('carries every choice as stored, written with the save', async () => {
    const { client, authorization, clientRef } = await clientOnFile();
    const response = await call('PUT', '/client/contact-preferences', authorization, {
      preferences: choices,
    });
    expect(response.statusCode).toBe(200);
    const data = await theEventWrittenWithItsRecord(probe, 'client.contact_preferences_changed', client.id);
    expect(data).toEqual({ client_id: client.id, client_ref: clientRef, contact_preferences: choices });
  });

  it('is not written for a refused save', async () => {
    const { client, authorization } = await clientOnFile();
    const refused = { preferences: { reminders: choices.reminders } };
    expect((await call('PUT', '/client/contact-preferences', authorization, refused)).statusCode).toBe(400);
    expect(await eventsNamingClient(db, client.id)).toEqual([]);
  });
});

describe('pet.registered', () => {
  it('carries pets.csv’s columns, lists by name, written with the pet', async () => {
    const choices = await registrationLookups(db);
    const { client, authorization } = await clientOfPractice(db, signedInClient, 'True');
    await db
      .update(clients)
      .set({ pmsRef: `CU-${client.id}-pets` })
      .where(eq(clients.id, client.id));
    const response = await call('POST', '/v2/pets', authorization, validRegistration(choices));
    expect(response.statusCode, response.body).toBe(201);
    const pet = registeredPetSchema.parse(response.json());
    const data = await theEventWrittenWithItsRecord(probe, 'pet.registered', pet.petId);
    expect(data).toEqual({
      pet_id: pet.petId,
      pet_ref: null,
      client_id: client.id,
      client_ref: `CU-${client.id}-pets`,
      name: 'Rolo',
      species: choices.dog.name,
      breed: 'Beagle',
      colour: 'Tricolour',
      sex: 'Male',
      neutered: false,
      date_of_birth: '2025-03-14',
      microchip: '941000024680135',
      insurer: choices.insurer.name,
      policy_number: 'PP-123/45',
      awaiting_initial_consultation: true,
    });
  });

  it('is not left behind when the registration rolls back, and not written for a refused one', async () => {
    const choices = await registrationLookups(db);
    const { client, authorization } = await clientOfPractice(db, signedInClient, 'True');
    const refused = { ...validRegistration(choices), breedId: choices.siamese.id };
    expect((await call('POST', '/v2/pets', authorization, refused)).statusCode).toBe(400);
    probe.rollBackNext('pet.registered');
    expect((await call('POST', '/v2/pets', authorization, validRegistration(choices))).statusCode).toBe(500);
    const rolledBack = probe.seen.filter((e) => e.type === 'pet.registered').at(-1)!;
    await expectRolledBack(probe, 'pet.registered', rolledBack.recordId);
    expect(await db.select().from(pets).where(eq(pets.clientId, client.id))).toEqual([]);
    expect(await eventsNamingClient(db, client.id)).toEqual([]);
  });
});
