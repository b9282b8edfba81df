import { apiErrorSchema } from '@vet/contracts/errors';
import { clientProfileSchema } from '@vet/contracts/profile';
import { createPractice } from '@vet/db/testing/factories';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { describe, expect, it } from 'vitest';
import {
  expectNoneLogged,
  latestCodeFor,
  useOnboardingTestApp,
  type SignedInPerson,
} from './testing/onboarding-test-kit.ts';

const database = useTestDatabase();
/** Any Date, as a matcher (typed, so it can sit in an object of expected values). */
const aDate: unknown = expect.any(Date);
const { context, signIn, call, personalData, remember, clientRecord, preSignupCheck, signedInCheck } =
  useOnboardingTestApp(database);

/** An unlinked client record, a pre-signup check that e-mailed it a code, and that code. */
async function preSignupCode() {
  const practice = await createPractice(database.db);
  const client = await clientRecord(practice.id);
  const answer = await preSignupCheck(practice.id, {
    lastName: client.lastName,
    email: client.email!,
    postcode: 'SW4 0LN',
  });
  expect(answer.result).toBe('VerifyClient');
  const code = remember(await latestCodeFor(database, client.email!));
  return { practice, client, code, checkToken: remember(answer.checkToken!) };
}

function verify(as: SignedInPerson, body: Record<string, unknown>, url = '/client/verify') {
  return call({ method: 'PATCH', url, payload: body, as });
}

function problemOf(response: Awaited<ReturnType<typeof verify>>, status: number) {
  expect(response.statusCode, response.body).toBe(status);
  return apiErrorSchema.strict().parse(response.json());
}

async function codeRow(clientId: number) {
  const { rows } = await database.pool.query<{ failed_attempts: number; used_at: Date | null }>(
    'select failed_attempts, used_at from verification_codes where client_id = $1 order by id desc limit 1',
    [clientId],
  );
  return rows[0];
}

async function linkOf(clientId: number) {
  const { rows } = await database.pool.query<{
    identity_issuer: string | null;
    identity_subject: string | null;
    linked_at: Date | null;
  }>('select identity_issuer, identity_subject, linked_at from clients where id = $1', [clientId]);
  return rows[0];
}

describe('PATCH /client/verify and /v2/verify (R4.17)', () => {
  it.each(['/client/verify', '/v2/verify'])(
    '%s with the link (code and client id) links the identity: activation COMPLETED',
    async (url) => {
      const { client, code, practice } = await preSignupCode();
      const person = await signIn();
      const response = await verify(person, { code, clientId: client.id }, url);
      expect(response.statusCode, response.body).toBe(200);
      expect(clientProfileSchema.strict().parse(response.json())).toMatchObject({
        clientId: client.id,
        activationStatus: 'COMPLETED',
        homePracticeId: practice.id,
        lastName: client.lastName,
      });
      expect(await linkOf(client.id)).toMatchObject({
        identity_issuer: context.provider.issuer,
        identity_subject: person.subject,
        linked_at: aDate,
      });
      expect((await codeRow(client.id))?.used_at).toBeInstanceOf(Date);
      const profile = await call({ method: 'GET', url: '/client/profile', as: person });
      expect(clientProfileSchema.parse(profile.json()).activationStatus).toBe('COMPLETED');
    },
  );

  it('takes a typed code with the check token instead of the client id', async () => {
    const { client, code, checkToken } = await preSignupCode();
    const response = await verify(await signIn(), { code, checkToken }, '/v2/verify');
    expect(clientProfileSchema.parse(response.json())).toMatchObject({
      clientId: client.id,
      activationStatus: 'COMPLETED',
    });
  });

  it("takes the identity's own pending code (from a signed-in check) without a client id", async () => {
    const practice = await createPractice(database.db);
    const client = await clientRecord(practice.id);
    const person = await signIn();
    const check = await signedInCheck(person, practice.id, {
      lastName: client.lastName,
      email: client.email!,
      postcode: 'SW4 0LN',
    });
    expect(check.statusCode).toBe(200);
    const code = remember(await latestCodeFor(database, client.email!));
    const response = await verify(person, { code });
    expect(clientProfileSchema.parse(response.json())).toMatchObject({
      clientId: client.id,
      activationStatus: 'COMPLETED',
    });
  });

  it('counts wrong tries, says how many are left, and locks the code on the fifth', async () => {
    const { client, code } = await preSignupCode();
    const person = await signIn();
    const wrong = code === '000000' ? '000001' : '000000';
    const messages: string[] = [];
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const problem = problemOf(await verify(person, { code: wrong, clientId: client.id }), 400);
      messages.push(problem.message);
      expect(problem.issues).toEqual([{ path: 'code', message: problem.message }]);
    }
    expect(messages.slice(0, 4)).toEqual(
      [4, 3, 2, 1].map(
        (left) => `That code is not right. You have ${left} ${left === 1 ? 'try' : 'tries'} left.`,
      ),
    );
    expect(messages[4]).toMatch(/tried too many times\. Please ask for a new code/);
    expect(await codeRow(client.id)).toMatchObject({ failed_attempts: 5, used_at: aDate });

    // Locked: even the right code is refused now, and nothing is linked.
    const locked = problemOf(await verify(person, { code, clientId: client.id }), 400);
    expect(locked.message).toMatch(/tried too many times/);
    expect((await linkOf(client.id))?.identity_subject).toBeNull();
  });

  it('refuses an expired code with a clear message', async () => {
    const { client, code } = await preSignupCode();
    await database.pool.query(
      "update verification_codes set expires_at = now() - interval '1 second' where client_id = $1",
      [client.id],
    );
    const problem = problemOf(await verify(await signIn(), { code, clientId: client.id }), 400);
    expect(problem.message).toMatch(/expired/);
    expect((await linkOf(client.id))?.identity_subject).toBeNull();
  });

  it('uses a code once: a second identity gets 409 (the record is linked), the first identity 409 too', async () => {
    const { client, code } = await preSignupCode();
    const first = await signIn();
    expect((await verify(first, { code, clientId: client.id })).statusCode).toBe(200);

    const second = await signIn();
    const taken = problemOf(await verify(second, { code, clientId: client.id }), 409);
    expect(taken.message).toMatch(/already linked to a portal account/);
    const again = problemOf(await verify(first, { code, clientId: client.id }), 409);
    expect(again.message).toBe('Your account is already linked to a client record.');
    expect((await linkOf(client.id))?.identity_subject).toBe(first.subject);
  });

  it('never lets another identity use a code bound to a different identity', async () => {
    const practice = await createPractice(database.db);
    const client = await clientRecord(practice.id);
    const owner = await signIn();
    await signedInCheck(owner, practice.id, {
      lastName: client.lastName,
      email: client.email!,
      postcode: 'SW4 0LN',
    });
    const code = remember(await latestCodeFor(database, client.email!));

    const intruder = await signIn();
    const refused = problemOf(await verify(intruder, { code, clientId: client.id }), 400);
    expect(refused.message).toMatch(/not right/);
    expect(problemOf(await verify(intruder, { code }), 400)).toMatchObject({ statusCode: 400 });
    expect((await linkOf(client.id))?.identity_subject).toBeNull();
    // The intruder's tries did not count against the owner's code.
    expect((await codeRow(client.id))?.failed_attempts).toBe(0);
    expect((await verify(owner, { code })).statusCode).toBe(200);
  });

  it('says there is no code to use when the identity has none pending', async () => {
    const problem = problemOf(await verify(await signIn(), { code: '123456' }), 400);
    expect(problem.message).toMatch(/no code waiting/);
  });

  it('answers 400 naming the field for a code that is not 6 digits', async () => {
    const problem = problemOf(await verify(await signIn(), { code: '12ab' }), 400);
    expect(problem.issues).toEqual([{ path: 'code', message: 'Enter the 6-digit code from the e-mail.' }]);
  });

  it('links an identity only once: a second record answers 409, and the first link stays', async () => {
    const one = await preSignupCode();
    const two = await preSignupCode();
    const person = await signIn();
    expect((await verify(person, { code: one.code, clientId: one.client.id })).statusCode).toBe(200);
    problemOf(await verify(person, { code: two.code, clientId: two.client.id }), 409);
    expect((await linkOf(two.client.id))?.identity_subject).toBeNull();
  });
});

describe('logs', () => {
  it('carry none of the names, e-mails, postcodes, codes or tokens', () => {
    expectNoneLogged(context.logs, personalData);
  });
});
