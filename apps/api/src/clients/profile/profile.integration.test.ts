import { clientProfileSchema } from '@vet/contracts/profile';
import { createClient, createPractice, createVerificationCode } from '@vet/db/testing/factories';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { buildTestApp } from '../../testing/test-app.ts';
import {
  startTestIdentityProvider,
  trustingEnv,
  type TestIdentityProvider,
} from '../../testing/test-identity-provider.ts';

const database = useTestDatabase();
let provider: TestIdentityProvider;
let otherProvider: TestIdentityProvider;
let app: App;

beforeAll(async () => {
  provider = await startTestIdentityProvider();
  otherProvider = await startTestIdentityProvider();
  app = await buildTestApp(database, { env: trustingEnv(provider, otherProvider) });
});
afterAll(async () => {
  await app.close();
  await provider.close();
  await otherProvider.close();
});

const newSubject = () => `subject-${crypto.randomUUID()}`;

function monthsAgo(months: number): Date {
  const date = new Date();
  date.setUTCMonth(date.getUTCMonth() - months);
  return date;
}

async function profileOf(subject: string, url = '/client/profile', issuedBy = provider) {
  const token = await issuedBy.sign({ claims: { sub: subject } });
  const response = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  expect(response.statusCode).toBe(200);
  return clientProfileSchema.strict().parse(response.json());
}

const notLinked = {
  success: true,
  clientId: null,
  firstName: null,
  lastName: null,
  email: null,
  homePracticeId: null,
  homePracticeName: null,
  homePracticePhone: null,
  requireContactPreferencesUpdate: false,
  isAppointmentBookingAndPetRegistrationAllowed: false,
};

async function linkedClient(subject: string, overrides: Parameters<typeof createClient>[1] = {}) {
  return createClient(database.db, {
    identityIssuer: provider.issuer,
    identitySubject: subject,
    linkedAt: new Date(),
    contactPreferencesConfirmedAt: monthsAgo(1),
    ...overrides,
  });
}

describe('GET /client/profile and GET /v2/profile', () => {
  it('answers NOT_STARTED for an identity with no client record and no verification', async () => {
    expect(await profileOf(newSubject())).toEqual({ ...notLinked, activationStatus: 'NOT_STARTED' });
  });

  it('answers STARTED while a verification code for the identity is unused and unexpired', async () => {
    const subject = newSubject();
    const client = await createClient(database.db);
    await createVerificationCode(database.db, {
      clientId: client.id,
      identityIssuer: provider.issuer,
      identitySubject: subject,
    });
    expect(await profileOf(subject)).toEqual({ ...notLinked, activationStatus: 'STARTED' });
  });

  it('answers NOT_STARTED when the only codes are used or expired', async () => {
    const subject = newSubject();
    const client = await createClient(database.db);
    const identity = { clientId: client.id, identityIssuer: provider.issuer, identitySubject: subject };
    await createVerificationCode(database.db, { ...identity, usedAt: new Date() });
    await createVerificationCode(database.db, { ...identity, expiresAt: new Date(Date.now() - 1000) });
    expect((await profileOf(subject)).activationStatus).toBe('NOT_STARTED');
  });

  it('answers COMPLETED with the linked client, its home practice and flags, the same on both paths', async () => {
    const subject = newSubject();
    const practice = await createPractice(database.db, { phone: '01632 960123' });
    const client = await linkedClient(subject, {
      firstName: 'Jo',
      lastName: 'Bloggs',
      email: 'jo.bloggs@example.test',
      homePracticeId: practice.id,
      onlineBookingAllowed: false,
    });

    const profile = await profileOf(subject, '/client/profile');
    expect(profile).toEqual({
      success: true,
      clientId: client.id,
      firstName: 'Jo',
      lastName: 'Bloggs',
      email: 'jo.bloggs@example.test',
      homePracticeId: practice.id,
      homePracticeName: practice.name,
      homePracticePhone: '01632 960123',
      requireContactPreferencesUpdate: false,
      activationStatus: 'COMPLETED',
      isAppointmentBookingAndPetRegistrationAllowed: false,
    });
    expect(await profileOf(subject, '/v2/profile')).toEqual(profile);
  });

  it('allows booking and pet registration when the client is not blocked', async () => {
    const subject = newSubject();
    await linkedClient(subject, { onlineBookingAllowed: true });
    expect((await profileOf(subject)).isAppointmentBookingAndPetRegistrationAllowed).toBe(true);
  });

  it.each([
    ['confirmed 23 months ago', false, monthsAgo(23)],
    ['confirmed 25 months ago', true, monthsAgo(25)],
    ['never confirmed', true, null],
  ])(
    'contact preferences %s: requireContactPreferencesUpdate is %s',
    async (_case, expected, confirmedAt) => {
      const subject = newSubject();
      await linkedClient(subject, { contactPreferencesConfirmedAt: confirmedAt });
      expect((await profileOf(subject)).requireContactPreferencesUpdate).toBe(expected);
    },
  );

  it('never shows a client to another identity, even with the same sub at another issuer', async () => {
    const subject = newSubject();
    const client = await linkedClient(subject);
    await createVerificationCode(database.db, {
      clientId: client.id,
      identityIssuer: provider.issuer,
      identitySubject: subject,
    });

    expect(await profileOf(subject, '/client/profile', otherProvider)).toEqual({
      ...notLinked,
      activationStatus: 'NOT_STARTED',
    });
    expect(await profileOf(newSubject())).toEqual({ ...notLinked, activationStatus: 'NOT_STARTED' });
    expect((await profileOf(subject)).clientId).toBe(client.id);
  });
});
