import { clientDetailsSchema, updateClientDetailsBodySchema } from '@vet/contracts/client-details';
import {
  contactPreferencesResponseSchema,
  type ContactPreferenceChoices,
} from '@vet/contracts/contact-preferences';
import { apiErrorSchema } from '@vet/contracts/errors';
import { clientProfileSchema } from '@vet/contracts/profile';
import { clientChanges } from '@vet/db/schema/client-changes';
import { clients } from '@vet/db/schema/clients';
import { createPractice, createSalutation } from '@vet/db/testing/factories';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useSignedInTestApp } from '../../testing/signed-in-app.ts';
import { createClientRecordRepository } from './client-record-repository.ts';
import { updateClientDetails } from './client-details-service.ts';
import { saveContactPreferences } from './contact-preferences-service.ts';

const database = useTestDatabase();
const { context, bearerForNewIdentity, signedInClient } = useSignedInTestApp(database);

const none: ContactPreferenceChoices = {
  reminders: { email: false, sms: false, phone: false, post: false },
  marketing: { email: false, sms: false, phone: false, post: false },
  messages: { email: false, sms: false, phone: false, post: false },
};
const remindersByEmail: ContactPreferenceChoices = {
  ...none,
  reminders: { ...none.reminders, email: true },
};

async function validBody() {
  const salutation = await createSalutation(database.db, { description: `Dr ${crypto.randomUUID()}` });
  const practice = await createPractice(database.db);
  return {
    salutationId: salutation.id,
    firstName: 'Ada',
    lastName: 'Lovelace',
    mobilePhone: '07400 123456',
    homePhone: '020 7946 0123',
    address: { line1: '1 New Road', line2: null, town: 'Harrogate', county: null, postcode: 'hg1 1aa' },
    homePracticeId: practice.id,
  };
}

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, authorization: string, payload?: unknown) =>
  context.app.inject({ method, url, headers: { authorization }, ...(payload ? { payload } : {}) });

const changesOf = (clientId: number) =>
  database.db
    .select({ kind: clientChanges.kind, changes: clientChanges.changes, actor: clientChanges.actorSubject })
    .from(clientChanges)
    .where(eq(clientChanges.clientId, clientId));

describe('GET and POST /client', () => {
  it('answers the signed-in client’s own details, phones as written in the UK', async () => {
    const { client, authorization } = await signedInClient({
      firstName: 'Hannah',
      mobilePhone: '+447400123456',
      addressLine1: '2 Old Road',
      town: 'Harrogate',
    });
    const response = await inject('GET', '/client', authorization);
    expect(response.statusCode).toBe(200);
    expect(clientDetailsSchema.strict().parse(response.json())).toMatchObject({
      clientId: client.id,
      firstName: 'Hannah',
      email: client.email,
      mobilePhone: '07400 123456',
      address: { line1: '2 Old Road', town: 'Harrogate', postcode: 'TE1 1ST' },
      homePracticeId: client.homePracticeId,
    });
  });

  it('saves every field, normalised, records which fields changed, and reads back the same', async () => {
    const { client, authorization } = await signedInClient();
    const body = await validBody();
    const saved = await inject('POST', '/client', authorization, body);
    expect(saved.statusCode).toBe(200);
    const details = clientDetailsSchema.parse(saved.json());
    expect(details).toMatchObject({
      salutationId: body.salutationId,
      firstName: 'Ada',
      lastName: 'Lovelace',
      mobilePhone: '07400 123456',
      homePhone: '020 7946 0123',
      address: { line1: '1 New Road', line2: null, town: 'Harrogate', county: null, postcode: 'HG1 1AA' },
      homePracticeId: body.homePracticeId,
    });
    expect(clientDetailsSchema.parse((await inject('GET', '/client', authorization)).json())).toEqual(
      details,
    );

    const [stored] = await database.db.select().from(clients).where(eq(clients.id, client.id));
    expect(stored).toMatchObject({ mobilePhone: '+447400123456', lastNameKey: 'lovelace' });
    const audit = await changesOf(client.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]?.kind).toBe('details');
    // Field names only: the audit keeps no copy of the personal data.
    expect(JSON.stringify(audit[0]?.changes)).not.toContain('Lovelace');
    const { fields } = audit[0]?.changes as { fields: string[] };
    expect(fields).toEqual(expect.arrayContaining(['lastName', 'homePracticeId']));
  });

  it('ignores mass assignment: clientId, email, identity, activation and unknown keys', async () => {
    const { client, authorization } = await signedInClient();
    const victim = await signedInClient({ firstName: 'Victim' });
    const body = {
      ...(await validBody()),
      clientId: victim.client.id,
      email: 'attacker@example.test',
      activationStatus: 'NOT_STARTED',
      identityIssuer: 'https://evil.example',
      identitySubject: 'evil',
      onlineBookingAllowed: false,
      contactPreferencesConfirmedAt: '2000-01-01T00:00:00Z',
    };
    const response = await inject('POST', '/client', authorization, body);
    expect(response.statusCode).toBe(200);
    expect(clientDetailsSchema.parse(response.json())).toMatchObject({
      clientId: client.id,
      email: client.email,
    });
    const [mine] = await database.db.select().from(clients).where(eq(clients.id, client.id));
    expect(mine).toMatchObject({
      email: client.email,
      identitySubject: client.identitySubject,
      onlineBookingAllowed: true,
      contactPreferencesConfirmedAt: client.contactPreferencesConfirmedAt,
    });
    const [theirs] = await database.db.select().from(clients).where(eq(clients.id, victim.client.id));
    expect(theirs).toEqual(victim.client);
  });

  it('answers 400 with a message per field, never 500', async () => {
    const { authorization } = await signedInClient();
    const offline = await createPractice(database.db, { isOnline: false });
    const response = await inject('POST', '/client', authorization, {
      ...(await validBody()),
      mobilePhone: '020 7946 0123',
      homePhone: 'call me',
      address: { line1: '1 Road', line2: null, town: 'Town', county: null, postcode: 'NOT A CODE' },
      homePracticeId: offline.id,
      salutationId: 2_000_000_000,
    });
    expect(response.statusCode).toBe(400);
    const problem = apiErrorSchema.parse(response.json());
    expect(problem.issues?.map((issue) => issue.path).sort()).toEqual([
      'address.postcode',
      'homePhone',
      'homePracticeId',
      'mobilePhone',
      'salutationId',
    ]);

    const huge = await inject('POST', '/client', authorization, {
      ...(await validBody()),
      homePracticeId: 3_000_000_000,
      salutationId: 3_000_000_000,
    });
    expect(huge.statusCode).toBe(400);
    expect(
      apiErrorSchema
        .parse(huge.json())
        .issues?.map((issue) => issue.path)
        .sort(),
    ).toEqual(['homePracticeId', 'salutationId']);

    const shape = await inject('POST', '/client', authorization, { firstName: '', homePracticeId: 'x' });
    expect(shape.statusCode).toBe(400);
    const paths = apiErrorSchema.parse(shape.json()).issues?.map((issue) => issue.path);
    expect(paths).toEqual(expect.arrayContaining(['firstName', 'homePracticeId', 'mobilePhone']));
  });

  it('keeps a phone number already on file that today’s check would refuse', async () => {
    const { authorization } = await signedInClient({ mobilePhone: '07700 900123' });
    const response = await inject('POST', '/client', authorization, {
      ...(await validBody()),
      mobilePhone: '07700 900123',
    });
    expect(response.statusCode).toBe(200);
  });

  it('writes the details and their audit row in one transaction: a failed audit leaves neither', async () => {
    const { client } = await signedInClient({ firstName: 'Before' });
    const records = createClientRecordRepository(database.db);
    const failingAudit = { ...records, recordChange: () => Promise.reject(new Error('audit failed')) };
    const body = updateClientDetailsBodySchema.parse(await validBody());
    await expect(
      updateClientDetails(
        { db: database.db, records: failingAudit },
        { issuer: 'https://issuer.test', subject: 'someone' },
        client.id,
        body,
      ),
    ).rejects.toThrow('audit failed');
    const [stored] = await database.db.select().from(clients).where(eq(clients.id, client.id));
    expect(stored).toEqual(client);
    expect(await changesOf(client.id)).toEqual([]);
  });

  it('answers 403 to an identity not linked to a client', async () => {
    const authorization = await bearerForNewIdentity();
    expect((await inject('GET', '/client', authorization)).statusCode).toBe(403);
    expect((await inject('POST', '/client', authorization, await validBody())).statusCode).toBe(403);
    expect((await inject('GET', '/client/contact-preferences', authorization)).statusCode).toBe(403);
  });
});

describe('GET and PUT /client/contact-preferences', () => {
  it('round-trips, sets lastConfirmedAt and turns requireContactPreferencesUpdate false', async () => {
    const { client, authorization } = await signedInClient({ contactPreferencesConfirmedAt: null });
    const profileBefore = clientProfileSchema.parse(
      (await inject('GET', '/client/profile', authorization)).json(),
    );
    expect(profileBefore.requireContactPreferencesUpdate).toBe(true);
    const before = contactPreferencesResponseSchema.parse(
      (await inject('GET', '/client/contact-preferences', authorization)).json(),
    );
    expect(before).toEqual({
      preferences: none,
      lastConfirmedAt: null,
      requireContactPreferencesUpdate: true,
    });

    const put = await inject('PUT', '/client/contact-preferences', authorization, {
      preferences: remindersByEmail,
      clientId: 1,
    });
    expect(put.statusCode).toBe(200);
    const saved = contactPreferencesResponseSchema.parse(put.json());
    expect(saved.preferences).toEqual(remindersByEmail);
    expect(saved.requireContactPreferencesUpdate).toBe(false);
    expect(Date.now() - Date.parse(saved.lastConfirmedAt ?? '')).toBeLessThan(60_000);

    expect(
      contactPreferencesResponseSchema.parse(
        (await inject('GET', '/client/contact-preferences', authorization)).json(),
      ),
    ).toEqual(saved);
    const profileAfter = clientProfileSchema.parse(
      (await inject('GET', '/client/profile', authorization)).json(),
    );
    expect(profileAfter.requireContactPreferencesUpdate).toBe(false);

    // Confirming without a change is a save too: recorded, with nothing changed.
    await inject('PUT', '/client/contact-preferences', authorization, { preferences: remindersByEmail });
    const audit = await changesOf(client.id);
    expect(audit.map((row) => row.changes)).toEqual([
      { preferences: [{ purpose: 'reminders', channel: 'email', from: false, to: true }] },
      { preferences: [] },
    ]);
    expect(audit.every((row) => row.actor === client.identitySubject)).toBe(true);
  });

  it('never reaches another client’s preferences', async () => {
    const me = await signedInClient();
    const other = await signedInClient();
    await inject('PUT', '/client/contact-preferences', other.authorization, {
      preferences: remindersByEmail,
    });
    const mine = contactPreferencesResponseSchema.parse(
      (await inject('GET', '/client/contact-preferences', me.authorization)).json(),
    );
    expect(mine.preferences).toEqual(none);
    await inject('PUT', '/client/contact-preferences', me.authorization, { preferences: none });
    const theirs = contactPreferencesResponseSchema.parse(
      (await inject('GET', '/client/contact-preferences', other.authorization)).json(),
    );
    expect(theirs.preferences).toEqual(remindersByEmail);
    expect((await changesOf(other.client.id)).length).toBe(1);
  });

  it('answers 400 for a body missing a purpose or channel', async () => {
    const { authorization } = await signedInClient();
    const response = await inject('PUT', '/client/contact-preferences', authorization, {
      preferences: { reminders: { email: 'yes' } },
    });
    expect(response.statusCode).toBe(400);
    expect(apiErrorSchema.parse(response.json()).issues?.length).toBeGreaterThan(0);
  });

  it('writes the change and its audit row in one transaction: a failed audit leaves neither', async () => {
    const { client } = await signedInClient({ contactPreferencesConfirmedAt: null });
    const records = createClientRecordRepository(database.db);
    const failingAudit = {
      ...records,
      recordChange: () => Promise.reject(new Error('audit failed')),
    };
    await expect(
      saveContactPreferences(
        { db: database.db, records: failingAudit },
        { issuer: 'https://issuer.test', subject: 'someone' },
        client.id,
        remindersByEmail,
      ),
    ).rejects.toThrow('audit failed');
    expect(await records.findPreferences(client.id)).toEqual(none);
    expect(await records.findConfirmedAt(client.id)).toBeNull();
    expect(await changesOf(client.id)).toEqual([]);
  });
});
