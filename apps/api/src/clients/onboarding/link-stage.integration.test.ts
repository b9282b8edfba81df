import { apiErrorSchema } from '@vet/contracts/errors';
import { linkStageSchema } from '@vet/contracts/link-stage';
import { createInvitation, createPractice } from '@vet/db/testing/factories';
import { useTestDatabase } from '@vet/db/testing/test-database';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  expectNoneLogged,
  latestCodeFor,
  sentEarlier,
  uniqueEmail,
  useOnboardingTestApp,
  type SignedInPerson,
} from './testing/onboarding-test-kit.ts';

const database = useTestDatabase();
const { context, signIn, call, personalData, remember, clientRecord, signedInCheck } =
  useOnboardingTestApp(database);

async function stageOf(as: SignedInPerson) {
  const response = await call({ method: 'GET', url: '/signup/link-stage', as });
  expect(response.statusCode, response.body).toBe(200);
  return linkStageSchema.parse(response.json());
}

const waitFor = (as: SignedInPerson, payload: unknown) =>
  call({ method: 'PUT', url: '/signup/waiting-for-invitation', payload: payload as object, as });

const resend = (as: SignedInPerson) => call({ method: 'POST', url: '/signup/resend', as });

function problemOf(response: LightMyRequestResponse, status: number) {
  expect(response.statusCode, response.body).toBe(status);
  return apiErrorSchema.strict().parse(response.json());
}

/** A signed-in person whose check found their record by its e-mail: a code went to that address. */
async function personWithCode() {
  const practice = await createPractice(database.db);
  const email = remember(uniqueEmail('jane.doe'));
  const client = await clientRecord(practice.id, { email });
  const person = await signIn();
  const answer = await signedInCheck(person, practice.id, {
    lastName: client.lastName,
    email,
    postcode: 'SW4 0LN',
  });
  expect(answer.json()).toMatchObject({ result: 'VerifyClient' });
  return { practice, client, person, email };
}

/** A signed-in person whose check answered ContactPractice: the one matching record has no e-mail. */
async function personToldToCallThePractice() {
  const practice = await createPractice(database.db, { phone: '01632 960111' });
  const client = await clientRecord(practice.id, { email: null });
  const person = await signIn();
  const check = { lastName: client.lastName, email: remember(uniqueEmail()), postcode: 'SW4 0LN' };
  const answer = await signedInCheck(person, practice.id, check);
  expect(answer.json()).toMatchObject({ result: 'ContactPractice' });
  return { practice, client, person, check };
}

async function expireCodesOf(clientId: number) {
  await database.pool.query(
    `update verification_codes set expires_at = now() - interval '1 second' where client_id = $1`,
    [clientId],
  );
}

describe('GET /signup/link-stage: where an unlinked person stands (decision 0077)', () => {
  it('answers 401 without a sign-in', async () => {
    const response = await call({ method: 'GET', url: '/signup/link-stage' });
    expect(response.statusCode).toBe(401);
  });

  it('no check made yet: a newcomer with nothing under way', async () => {
    expect(await stageOf(await signIn())).toEqual({ stage: 'no-check' });
  });

  it('a code sent: the masked address, when, and resend once a minute has passed', async () => {
    const { client, person, email } = await personWithCode();
    const stage = await stageOf(person);
    expect(stage.stage).toBe('code-sent');
    if (stage.stage !== 'code-sent') return;
    expect(stage.maskedEmail).toBe(`j•••@e•••.net`);
    expect(stage.maskedEmail).not.toContain(email.split('@')[0]!.slice(1));
    const sentAt = Date.parse(stage.sentAt);
    expect(Math.abs(sentAt - Date.now())).toBeLessThan(60_000);
    expect(Date.parse(stage.resendAt!)).toBe(sentAt + 60_000);
    expect(Date.parse(stage.expiresAt)).toBe(sentAt + 30 * 60_000);
    // Only the masked address: no name, no record id, no postcode.
    expect(Object.keys(stage).sort()).toEqual(['expiresAt', 'maskedEmail', 'resendAt', 'sentAt', 'stage']);
    const body = JSON.stringify(stage);
    for (const value of [client.lastName, client.firstName, email, 'SW4']) expect(body).not.toContain(value);

    await sentEarlier(database, client.id, 61);
    const later = await stageOf(person);
    expect(later.stage === 'code-sent' && Date.parse(later.resendAt!) <= Date.now()).toBe(true);
    expect((await resend(person)).statusCode).toBe(204);
    remember(await latestCodeFor(database, email));
  });

  it('a code sent: no resend today once the record has had its 5 codes of the day', async () => {
    const { client, person } = await personWithCode();
    for (let send = 2; send <= 5; send += 1) {
      await sentEarlier(database, client.id, 61);
      expect((await resend(person)).statusCode).toBe(204);
    }
    await sentEarlier(database, client.id, 61);
    const stage = await stageOf(person);
    expect(stage).toMatchObject({ stage: 'code-sent', resendAt: null });
    expect(problemOf(await resend(person), 429).message).toMatch(/most codes we can today/);
  });

  it('an expired code still says where it went, with resend, until something newer happens', async () => {
    const { client, person, practice } = await personWithCode();
    await expireCodesOf(client.id);
    await sentEarlier(database, client.id, 61);
    const expired = await stageOf(person);
    expect(expired).toMatchObject({ stage: 'code-sent', maskedEmail: 'j•••@e•••.net' });
    expect(expired.stage === 'code-sent' && Date.parse(expired.expiresAt) < Date.now()).toBe(true);

    expect((await waitFor(person, { practiceId: practice.id })).statusCode).toBe(204);
    expect(await stageOf(person)).toMatchObject({ stage: 'invitation-expected', reason: 'waiting' });
  });

  it('a live code outranks a choice made before it', async () => {
    const practice = await createPractice(database.db);
    const email = remember(uniqueEmail('jane.doe'));
    const client = await clientRecord(practice.id, { email });
    const person = await signIn();
    expect((await waitFor(person, { practiceId: practice.id })).statusCode).toBe(204);
    await signedInCheck(person, practice.id, { lastName: client.lastName, email, postcode: 'SW4 0LN' });
    expect((await stageOf(person)).stage).toBe('code-sent');
  });

  it("the practice must help: the check's ContactPractice, with the practice's phone", async () => {
    const { practice, person } = await personToldToCallThePractice();
    expect(await stageOf(person)).toEqual({
      stage: 'contact-practice',
      practice: { id: practice.id, name: practice.name, phone: '01632 960111' },
    });
  });

  it('a later check that answers otherwise replaces ContactPractice', async () => {
    const { practice, person } = await personToldToCallThePractice();
    const answer = await signedInCheck(person, practice.id, {
      lastName: remember(`Nobody${Date.now()}`),
      email: remember(uniqueEmail()),
      postcode: 'SW4 0LN',
    });
    expect(answer.json()).toMatchObject({ result: 'NewClient' });
    expect(await stageOf(person)).toEqual({ stage: 'no-check' });
  });

  it('an invitation expected: the person chose to wait for their practice', async () => {
    const { practice, person } = await personToldToCallThePractice();
    expect((await waitFor(person, { practiceId: practice.id })).statusCode).toBe(204);
    expect(await stageOf(person)).toEqual({
      stage: 'invitation-expected',
      reason: 'waiting',
      practice: { id: practice.id, name: practice.name, phone: '01632 960111' },
    });
  });

  it('an invitation expected: a practice invited the address the provider verified', async () => {
    const home = await createPractice(database.db);
    const inviting = await createPractice(database.db, { phone: '01632 960222' });
    const email = remember(uniqueEmail('invited'));
    const client = await clientRecord(home.id, { email });
    const invitation = await createInvitation(database.db, { clientId: client.id, practiceId: inviting.id });
    remember(invitation.code);

    expect(await stageOf(await signIn({ email }))).toEqual({
      stage: 'invitation-expected',
      reason: 'invited',
      practice: { id: inviting.id, name: inviting.name, phone: '01632 960222' },
    });
    // An address the provider has not verified proves nothing: nothing is said about it.
    expect(await stageOf(await signIn({ email, emailVerified: false }))).toEqual({ stage: 'no-check' });
  });

  it('says nothing of an invitation that is used, expired, or to a record linked already', async () => {
    const practice = await createPractice(database.db);
    for (const setup of ['used', 'expired', 'linked'] as const) {
      const email = remember(uniqueEmail('invited'));
      const client = await clientRecord(practice.id, { email, linked: setup === 'linked' });
      await createInvitation(database.db, {
        clientId: client.id,
        practiceId: practice.id,
        ...(setup === 'used' ? { usedAt: new Date() } : {}),
        ...(setup === 'expired' ? { expiresAt: new Date(Date.now() - 1000) } : {}),
      });
      expect(await stageOf(await signIn({ email })), setup).toEqual({ stage: 'no-check' });
    }
  });

  it("never shows another person's code or stage", async () => {
    const { person } = await personWithCode();
    const other = await personToldToCallThePractice();
    const stranger = await signIn();
    expect(await stageOf(stranger)).toEqual({ stage: 'no-check' });
    expect((await stageOf(person)).stage).toBe('code-sent');
    expect((await stageOf(other.person)).stage).toBe('contact-practice');
  });

  it('once linked: the answer is linked, whatever was under way, and waiting is refused', async () => {
    const { person, email, practice } = await personWithCode();
    const code = remember(await latestCodeFor(database, email));
    const verified = await call({ method: 'PATCH', url: '/client/verify', payload: { code }, as: person });
    expect(verified.statusCode, verified.body).toBe(200);

    expect(await stageOf(person)).toEqual({ stage: 'linked' });
    expect(problemOf(await waitFor(person, { practiceId: practice.id }), 409).message).toMatch(/already/i);
  });

  it('refuses an unknown practice or a malformed body with a clean 400', async () => {
    const person = await signIn();
    expect(problemOf(await waitFor(person, { practiceId: 2_000_000_000 }), 400).issues).toEqual([
      { path: 'practiceId', message: 'Choose one of the practices listed.' },
    ]);
    for (const body of [{}, { practiceId: 'abc' }, { practiceId: -1 }, { practiceId: 1.5 }]) {
      expect((await waitFor(person, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await stageOf(person)).toEqual({ stage: 'no-check' });
  });

  it('logs no personal data', () => {
    expectNoneLogged(context.logs, personalData);
  });
});
