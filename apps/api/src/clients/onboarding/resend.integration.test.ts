import { apiErrorSchema } from '@vet/contracts/errors';
import { signupCheckResponseSchema } from '@vet/contracts/onboarding';
import { clientProfileSchema } from '@vet/contracts/profile';
import { createPractice } from '@vet/db/testing/factories';
import { useTestDatabase } from '@vet/db/testing/test-database';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { checkTokenHash, generateCheckToken } from './verification-code.ts';
import {
  expectNoneLogged,
  latestCodeFor,
  newAddress,
  outboxFor,
  sentEarlier,
  uniqueEmail,
  useOnboardingTestApp,
  type SignedInPerson,
} from './testing/onboarding-test-kit.ts';

const database = useTestDatabase();
const { context, signIn, call, personalData, remember, clientRecord, preSignupCheck, signedInCheck } =
  useOnboardingTestApp(database);

async function verifyClientCheck() {
  const practice = await createPractice(database.db);
  const client = await clientRecord(practice.id);
  const answer = await preSignupCheck(practice.id, {
    lastName: client.lastName,
    email: client.email!,
    postcode: 'SW4 0LN',
  });
  expect(answer.result).toBe('VerifyClient');
  return { practice, client, checkToken: remember(answer.checkToken!) };
}

const resend = (checkToken: string, address = newAddress()) =>
  call({ method: 'POST', url: '/pre-signup/resend', payload: { checkToken }, address });

function problemOf(response: LightMyRequestResponse, status: number) {
  expect(response.statusCode, response.body).toBe(status);
  return apiErrorSchema.strict().parse(response.json());
}

const verify = (as: SignedInPerson, body: Record<string, unknown>) =>
  call({ method: 'PATCH', url: '/client/verify', payload: body, as });

describe('POST /pre-signup/resend: a new code (R4.17)', () => {
  it('sends at most one code a minute; a new code replaces the old one', async () => {
    const { client, checkToken } = await verifyClientCheck();
    const first = remember(await latestCodeFor(database, client.email!));

    const tooSoon = problemOf(await resend(checkToken), 429);
    expect(tooSoon.message).toMatch(/less than a minute ago/);
    expect(await outboxFor(database, client.email!)).toHaveLength(1);

    await sentEarlier(database, client.id, 61);
    expect((await resend(checkToken)).statusCode).toBe(204);
    expect(await outboxFor(database, client.email!)).toHaveLength(2);
    const second = remember(await latestCodeFor(database, client.email!));

    const person = await signIn();
    if (second !== first) {
      const replaced = problemOf(await verify(person, { code: first, clientId: client.id }), 400);
      expect(replaced.message).toMatch(/expired or was replaced/);
    }
    expect((await verify(person, { code: second, clientId: client.id })).statusCode).toBe(200);
  });

  it('sends at most 5 codes a day to a record, checks and resends together', async () => {
    const { client, checkToken } = await verifyClientCheck();
    for (let send = 2; send <= 5; send += 1) {
      await sentEarlier(database, client.id, 61);
      expect((await resend(checkToken)).statusCode).toBe(204);
    }
    expect(await outboxFor(database, client.email!)).toHaveLength(5);
    await sentEarlier(database, client.id, 61);
    expect(problemOf(await resend(checkToken), 429).message).toMatch(/most codes we can today/);

    // A day later the oldest sends no longer count.
    await sentEarlier(database, client.id, 24 * 60 * 60);
    expect((await resend(checkToken)).statusCode).toBe(204);
    expect(await outboxFor(database, client.email!)).toHaveLength(6);
  });

  it('sends no code for an anonymous offer: one made before decision 0056 answers like an unknown token', async () => {
    const practice = await createPractice(database.db);
    const client = await clientRecord(practice.id);
    // Anonymous checks make no offers any more; an offer row of an older check, never confirmed:
    const checkToken = remember(generateCheckToken());
    await database.pool.query(
      `insert into verification_codes (client_id, code_hash, mode, check_token_hash, offer, send_count, expires_at)
       values ($1, 'h1$none$none', 'signup', $2, 'email', 0, now() + interval '10 minutes')`,
      [client.id, checkTokenHash(checkToken)],
    );
    expect(problemOf(await resend(checkToken), 400).issues).toEqual([
      { path: 'checkToken', message: 'This check has expired. Please enter your details again.' },
    ]);
    expect(await outboxFor(database, client.email!)).toEqual([]);
  });

  it('answers 400 for an unknown token, and for a token of a signed-in check', async () => {
    expect(problemOf(await resend('not-a-real-token'), 400).issues).toEqual([
      { path: 'checkToken', message: 'This check has expired. Please enter your details again.' },
    ]);
    const practice = await createPractice(database.db);
    const client = await clientRecord(practice.id);
    const person = await signIn();
    const check = await signedInCheck(person, practice.id, {
      lastName: client.lastName,
      email: client.email!,
      postcode: 'SW4 0LN',
    });
    const { checkToken } = signupCheckResponseSchema.parse(check.json());
    await sentEarlier(database, client.id, 61);
    problemOf(await resend(checkToken!), 400);
  });

  it('answers 409 once the record has been linked', async () => {
    const { client, checkToken } = await verifyClientCheck();
    const code = remember(await latestCodeFor(database, client.email!));
    expect((await verify(await signIn(), { code, clientId: client.id })).statusCode).toBe(200);
    await sentEarlier(database, client.id, 61);
    problemOf(await resend(checkToken), 409);
  });

  it('answers 429 past 10 resends from one address in 10 minutes', async () => {
    const address = newAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) statuses.push((await resend(`unknown-token-${i}`, address)).statusCode);
    expect(statuses).toEqual([...Array<number>(10).fill(400), 429]);
  });
});

describe('POST /signup-v2/complete-signup and POST /signup/resend (signed in)', () => {
  it('confirms a ChooseEmail offer: the first code goes to the address on file, never the one typed', async () => {
    const practice = await createPractice(database.db);
    const client = await clientRecord(practice.id);
    const typed = remember(uniqueEmail('typed'));
    const person = await signIn({ email: typed });
    const check = await signedInCheck(person, practice.id, {
      lastName: client.lastName,
      email: typed,
      postcode: 'SW4 0LN',
    });
    const answer = signupCheckResponseSchema.parse(check.json());
    expect(answer.result).toBe('ChooseEmail');
    expect(await outboxFor(database, client.email!)).toEqual([]);

    const checkToken = remember(answer.checkToken!);
    const confirmed = await call({
      method: 'POST',
      url: '/signup-v2/complete-signup',
      payload: { checkToken },
      as: person,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const code = remember(await latestCodeFor(database, client.email!));
    expect(await outboxFor(database, typed)).toEqual([]);
    expect((await verify(person, { code })).statusCode).toBe(200);
  });

  it('confirms a ChoosePostcode offer of the identity: the code is sent and activation STARTED', async () => {
    const practice = await createPractice(database.db);
    const client = await clientRecord(practice.id, { postcode: remember('SW1A 1AA') });
    const person = await signIn();
    const check = await signedInCheck(person, practice.id, {
      lastName: client.lastName,
      email: client.email!,
      postcode: 'N1 2UQ',
    });
    const answer = signupCheckResponseSchema.parse(check.json());
    expect(answer).toMatchObject({ result: 'ChoosePostcode', maskedPostcodes: ['SW1A •••'] });
    const checkToken = remember(answer.checkToken!);
    // An offer not yet confirmed sends nothing and starts nothing.
    const before = await call({ method: 'GET', url: '/client/profile', as: person });
    expect(clientProfileSchema.parse(before.json()).activationStatus).toBe('NOT_STARTED');

    const intruder = await signIn();
    const complete = (as: SignedInPerson) =>
      call({ method: 'POST', url: '/signup-v2/complete-signup', payload: { checkToken }, as });
    problemOf(await complete(intruder), 400);

    const confirmed = await complete(person);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(clientProfileSchema.strict().parse(confirmed.json()).activationStatus).toBe('STARTED');
    const code = remember(await latestCodeFor(database, client.email!));
    // Confirming again (a retried request) sends nothing more.
    expect((await complete(person)).statusCode).toBe(200);
    expect(await outboxFor(database, client.email!)).toHaveLength(1);
    expect((await verify(person, { code })).statusCode).toBe(200);
  });

  it("resends the identity's pending code, within the same limits", async () => {
    const practice = await createPractice(database.db);
    const client = await clientRecord(practice.id);
    const person = await signIn();
    await signedInCheck(person, practice.id, {
      lastName: client.lastName,
      email: client.email!,
      postcode: 'SW4 0LN',
    });
    const resendOwn = () => call({ method: 'POST', url: '/signup/resend', as: person });

    problemOf(await resendOwn(), 429);
    await sentEarlier(database, client.id, 61);
    expect((await resendOwn()).statusCode).toBe(204);
    const code = remember(await latestCodeFor(database, client.email!));
    expect(await outboxFor(database, client.email!)).toHaveLength(2);
    expect((await verify(person, { code })).statusCode).toBe(200);
  });

  it('answers 400 when the identity has no verification under way', async () => {
    const response = await call({ method: 'POST', url: '/signup/resend', as: await signIn() });
    expect(problemOf(response, 400).message).toMatch(/no verification under way/);
  });
});

describe('logs', () => {
  it('carry none of the names, e-mails, postcodes, codes or tokens', () => {
    expectNoneLogged(context.logs, personalData);
  });
});
