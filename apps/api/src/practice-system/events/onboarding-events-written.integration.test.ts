import type { NewClientBody } from '@vet/contracts/onboarding';
import { clientProfileSchema } from '@vet/contracts/profile';
import { clients } from '@vet/db/schema/clients';
import { createInvitation, createPractice, createSalutation } from '@vet/db/testing/factories';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  latestCodeFor,
  uniqueLastName,
  useOnboardingTestApp,
  type SignedInPerson,
} from '../../clients/onboarding/testing/onboarding-test-kit.ts';
import {
  eventsNamingClient,
  expectRolledBack,
  probeTransactions,
  theEventWrittenWithItsRecord,
} from './testing/event-probe.ts';

/**
 * Decision 0067: a client new to the practice, and a person linked to a record the practice has, each write
 * an event.
 */
const database = useTestDatabase();
const probe = probeTransactions(database.db);
const { signIn, call, clientRecord, preSignupCheck } = useOnboardingTestApp({ ...database, db: probe.db });
const { db } = database;

const practiceRef = () => `PR-${crypto.randomUUID().slice(0, 8)}`;

/** A new client's sign-up, at a practice with a reference; the names the event should carry. */
async function newClient() {
  const practice = await createPractice(db, { pmsRef: practiceRef() });
  const salutation = await createSalutation(db, { description: `Mx ${crypto.randomUUID().slice(0, 8)}` });
  const body: NewClientBody = {
    salutationId: salutation.id,
    firstName: 'Imogen',
    lastName: uniqueLastName('Ashworth'),
    mobilePhone: '07400 123456',
    address: { line1: '12 Rectory Grove', line2: null, town: 'London', county: null, postcode: 'sw4 0ln' },
    homePracticeId: practice.id,
    contactPreferences: {
      reminders: { email: true, sms: true, phone: false, post: false },
      marketing: { email: false, sms: false, phone: false, post: true },
      messages: { email: true, sms: false, phone: false, post: false },
    },
  };
  return { body, practiceRef: practice.pmsRef, salutation: salutation.description };
}

const signUp = (as: SignedInPerson, body: NewClientBody) =>
  call({ method: 'POST', url: '/client/signup', payload: body, as });

async function clientNamed(lastName: string) {
  return db.select({ id: clients.id }).from(clients).where(eq(clients.lastName, lastName));
}

describe('client.registered', () => {
  it('carries the new client’s details as stored and their contact preferences, written with the record', async () => {
    const { body, practiceRef, salutation } = await newClient();
    const email = `imogen.${crypto.randomUUID().slice(0, 8)}@example.net`;
    const response = await signUp(await signIn({ email }), body);
    expect(response.statusCode, response.body).toBe(201);
    const { clientId } = clientProfileSchema.parse(response.json());
    const data = await theEventWrittenWithItsRecord(probe, 'client.registered', clientId!);
    expect(data).toEqual({
      client_id: clientId,
      client_ref: null,
      practice_id: body.homePracticeId,
      practice_ref: practiceRef,
      salutation,
      first_name: 'Imogen',
      last_name: body.lastName,
      email,
      mobile_phone: '+447400123456',
      home_phone: null,
      address_line1: '12 Rectory Grove',
      address_line2: null,
      town: 'London',
      county: null,
      postcode: 'SW4 0LN',
      contact_preferences: body.contactPreferences,
    });
  });

  it('is not left behind when the sign-up rolls back, and not written for a refused one', async () => {
    const { body } = await newClient();
    const refused = await signUp(await signIn(), { ...body, mobilePhone: '12' });
    expect(refused.statusCode).toBe(400);
    probe.rollBackNext('client.registered');
    expect((await signUp(await signIn(), body)).statusCode).toBe(500);
    const rolledBack = probe.seen.filter((e) => e.type === 'client.registered').at(-1)!;
    await expectRolledBack(probe, 'client.registered', rolledBack.recordId);
    expect(await clientNamed(body.lastName)).toEqual([]);
  });
});

describe('client.linked', () => {
  it('is written when the right code links a signed-in person to their record', async () => {
    const practice = await createPractice(db, { pmsRef: practiceRef() });
    const client = await clientRecord(practice.id);
    await db
      .update(clients)
      .set({ pmsRef: `CU-${client.id}` })
      .where(eq(clients.id, client.id));
    const answer = await preSignupCheck(practice.id, {
      lastName: client.lastName,
      email: client.email!,
      postcode: 'SW4 0LN',
    });
    expect(answer.result).toBe('VerifyClient');
    const code = await latestCodeFor(database, client.email!);
    const person = await signIn();
    const wrong = code === '000000' ? '111111' : '000000';
    const refused = await call({
      method: 'PATCH',
      url: '/client/verify',
      payload: { code: wrong, clientId: client.id },
      as: person,
    });
    expect(refused.statusCode).toBe(400);
    expect(await eventsNamingClient(db, client.id)).toEqual([]);
    const verified = await call({
      method: 'PATCH',
      url: '/client/verify',
      payload: { code, clientId: client.id },
      as: person,
    });
    expect(verified.statusCode, verified.body).toBe(200);
    const data = await theEventWrittenWithItsRecord(probe, 'client.linked', client.id);
    expect(data).toEqual({
      client_id: client.id,
      client_ref: `CU-${client.id}`,
      practice_id: practice.id,
      practice_ref: practice.pmsRef,
    });
  });

  it('is written when an invitation links a signed-in person, and not for a refused invitation', async () => {
    const practice = await createPractice(db, { pmsRef: practiceRef() });
    const client = await clientRecord(practice.id);
    const invitation = await createInvitation(db, { clientId: client.id, practiceId: practice.id });
    const activate = (lastName: string) =>
      call({
        method: 'PATCH',
        url: '/client/activate',
        payload: { registrationCode: invitation.code, lastName },
        as: person,
      });
    const person = await signIn();
    expect((await activate(`${client.lastName}x`)).statusCode).toBe(400);
    expect(await eventsNamingClient(db, client.id)).toEqual([]);
    expect((await activate(client.lastName)).statusCode).toBe(200);
    const data = await theEventWrittenWithItsRecord(probe, 'client.linked', client.id);
    expect(data).toEqual({
      client_id: client.id,
      client_ref: null,
      practice_id: practice.id,
      practice_ref: practice.pmsRef,
    });
  });
});
