import { randomUUID } from 'node:crypto';
import { apiErrorSchema } from '@vet/contracts/errors';
import { clientProfileSchema } from '@vet/contracts/profile';
import { createInvitation, createPractice } from '@vet/db/testing/factories';
import { useTestDatabase } from '@vet/db/testing/test-database';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { buildTestApp } from '../../testing/test-app.ts';
import {
  expectNoneLogged,
  latestCodeFor,
  newAddress,
  sentEarlier,
  uniqueEmail,
  uniqueLastName,
  useOnboardingTestApp,
  type SignedInPerson,
} from './testing/onboarding-test-kit.ts';

/**
 * Decision 0056: the onboarding budgets kept in PostgreSQL. Checks per last name and postcode, per
 * identity and across the portal; code tries per record over 30 days and across the portal per hour.
 */
const database = useTestDatabase();
const HOUR_MS = 60 * 60 * 1000;
const kit = useOnboardingTestApp(database);
const { call, signIn, signedInCheck, remember, personalData } = kit;
const threeChecks = useOnboardingTestApp(database, {
  budgets: { checksAcrossPortal: { max: 3, windowMs: HOUR_MS } },
});
const threeTries = useOnboardingTestApp(database, {
  budgets: { triesAcrossPortal: { max: 3, windowMs: HOUR_MS } },
});
const twoTries = useOnboardingTestApp(database, {
  budgets: { triesAcrossPortal: { max: 2, windowMs: HOUR_MS } },
});

function problemOf(response: LightMyRequestResponse, status: number) {
  expect(response.statusCode, response.body).toBe(status);
  return apiErrorSchema.strict().parse(response.json());
}

/** A person asking about a last name at SW4 0LN with a made-up e-mail, from an address of their own. */
const madeUp = (lastName: string, postcode = 'SW4 0LN') => ({ lastName, postcode, email: uniqueEmail() });

/** An unlinked record with a code sent by an anonymous check (any identity may then try codes for it). */
async function recordWithCode(using: typeof kit = kit) {
  const practice = await createPractice(database.db);
  const client = await using.clientRecord(practice.id);
  const answer = await using.preSignupCheck(practice.id, {
    lastName: client.lastName,
    email: client.email!,
    postcode: 'SW4 0LN',
  });
  expect(answer.result).toBe('VerifyClient');
  const code = remember(await latestCodeFor(database, client.email!));
  return { practice, client, code, checkToken: remember(answer.checkToken!) };
}

const wrongFor = (code: string) => (code === '000000' ? '000001' : '000000');

const verify = (using: typeof kit, as: SignedInPerson, body: Record<string, unknown>) =>
  using.call({ method: 'PATCH', url: '/client/verify', payload: body, as });

async function linkedSubject(clientId: number) {
  const { rows } = await database.pool.query<{ identity_subject: string | null }>(
    'select identity_subject from clients where id = $1',
    [clientId],
  );
  return rows[0]?.identity_subject;
}

describe('checks (decision 0056)', () => {
  it('allows 10 checks of one last name and postcode a day, however they come: addresses, identities, e-mails, anonymous or signed in', async () => {
    const practice = await createPractice(database.db);
    const lastName = uniqueLastName('Holloway');
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      // Typed as people type: case and spaces do not make another name or postcode.
      const typed = i % 2 === 0 ? lastName : ` ${lastName.toUpperCase()} `;
      statuses.push((await kit.anonymousCheck(practice.id, madeUp(typed, 'sw40ln'))).statusCode);
    }
    for (let i = 0; i < 5; i += 1)
      statuses.push((await signedInCheck(await signIn(), practice.id, madeUp(lastName))).statusCode);
    expect(statuses).toEqual(Array<number>(10).fill(200));

    const refused = await signedInCheck(await signIn(), practice.id, madeUp(lastName));
    expect(problemOf(refused, 429).message).toBe(
      'These details have been checked too many times today. Please try again tomorrow, or call your practice.',
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(23 * 60 * 60);
    problemOf(await kit.anonymousCheck(practice.id, madeUp(lastName)), 429);
    // The same name at another postcode, and another name at this one, are other people.
    expect((await kit.anonymousCheck(practice.id, madeUp(lastName, 'N1 2UQ'))).statusCode).toBe(200);
    expect((await kit.anonymousCheck(practice.id, madeUp(uniqueLastName()))).statusCode).toBe(200);
  });

  it('allows an identity 10 checks a day, from any addresses', async () => {
    const practice = await createPractice(database.db);
    const person = await signIn();
    const from = () => ({ ...person, address: newAddress() });
    const statuses: number[] = [];
    for (let i = 0; i < 10; i += 1)
      statuses.push((await signedInCheck(from(), practice.id, madeUp(uniqueLastName()))).statusCode);
    expect(statuses).toEqual(Array<number>(10).fill(200));
    const refused = await signedInCheck(from(), practice.id, madeUp(uniqueLastName()));
    expect(problemOf(refused, 429).message).toBe(
      'You have checked your details too many times today. Please try again tomorrow, or call your practice.',
    );
    // Another identity is not held back.
    expect((await signedInCheck(await signIn(), practice.id, madeUp(uniqueLastName()))).statusCode).toBe(200);
  });

  it('bounds anonymous and signed-in checks across the portal each hour, each on its own', async () => {
    const practice = await createPractice(database.db);
    const anonymous = () => threeChecks.anonymousCheck(practice.id, madeUp(uniqueLastName()));
    const signedIn = async () =>
      threeChecks.signedInCheck(await threeChecks.signIn(), practice.id, madeUp(uniqueLastName()));
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await anonymous()).statusCode);
    const refused = await anonymous();
    expect(problemOf(refused, 429).message).toBe(
      'We are answering too many checks right now. Please try again in 60 minutes.',
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(59 * 60);
    // A flood of anonymous checks does not stop signed-in people finding their records.
    for (let i = 0; i < 3; i += 1) statuses.push((await signedIn()).statusCode);
    expect(statuses).toEqual(Array<number>(6).fill(200));
    problemOf(await signedIn(), 429);
  });

  describe('held in the database', () => {
    const namespace = `shared-${randomUUID()}:`;
    const budgets = { checksPerNameAndPostcode: { max: 2, windowMs: HOUR_MS } };
    const apps: App[] = [];
    const instance = async () => {
      const app = await buildTestApp(database, { onboardingBudgets: { namespace, budgets } });
      apps.push(app);
      return app;
    };
    afterAll(() => Promise.all(apps.map((app) => app.close())));

    it('holds across API instances and a restart', async () => {
      const practice = await createPractice(database.db);
      const lastName = uniqueLastName('Ashby');
      const check = (app: App) =>
        app.inject({
          url: '/pre-signup/check',
          query: {
            LastName: lastName,
            Postcode: 'SW4 0LN',
            Email: uniqueEmail(),
            PracticeId: `${practice.id}`,
          },
          remoteAddress: newAddress(),
        });
      const [first, second] = [await instance(), await instance()];
      expect((await check(first)).statusCode).toBe(200);
      expect((await check(second)).statusCode).toBe(200);
      expect((await check(first)).statusCode).toBe(429);
      await first.close();
      await second.close();
      expect((await check(await instance())).statusCode).toBe(429);
    });
  });
});

describe('code tries (decision 0056)', () => {
  it('bounds the tries of one record over 30 days, across codes and identities: then only an invitation links it', async () => {
    const { practice, client, code, checkToken } = await recordWithCode();
    const first = await signIn();
    for (let i = 0; i < 5; i += 1)
      problemOf(await verify(kit, first, { code: wrongFor(code), clientId: client.id }), 400);

    // A new code, tried by someone else: the record's budget counts both.
    await sentEarlier(database, client.id, 61);
    const resent = await call({ method: 'POST', url: '/pre-signup/resend', payload: { checkToken } });
    expect(resent.statusCode, resent.body).toBe(204);
    const second = remember(await latestCodeFor(database, client.email!));
    const other = await signIn();
    for (let i = 0; i < 5; i += 1)
      problemOf(await verify(kit, other, { code: wrongFor(second), clientId: client.id }), 400);

    // A third code, the right one, typed by its owner: refused, with the way on.
    await sentEarlier(database, client.id, 61);
    expect(
      (await call({ method: 'POST', url: '/pre-signup/resend', payload: { checkToken } })).statusCode,
    ).toBe(204);
    const third = remember(await latestCodeFor(database, client.email!));
    const owner = await signIn();
    const refused = await verify(kit, owner, { code: third, clientId: client.id });
    expect(problemOf(refused, 429).message).toBe(
      'Too many wrong codes have been tried for this record, so it cannot be linked with an e-mailed code ' +
        'for now. Please ask your practice for an invitation to link your account.',
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(29 * 24 * 60 * 60);
    expect(await linkedSubject(client.id)).toBeNull();

    const invitation = await createInvitation(database.db, { clientId: client.id, practiceId: practice.id });
    remember(invitation.code);
    const activated = await call({
      method: 'PATCH',
      url: '/client/activate',
      payload: { registrationCode: invitation.code, lastName: client.lastName },
      as: owner,
    });
    expect(activated.statusCode, activated.body).toBe(200);
    expect(clientProfileSchema.parse(activated.json()).activationStatus).toBe('COMPLETED');
  });

  it('bounds wrong tries across the portal each hour: then even a right code waits', async () => {
    const records = [
      await recordWithCode(threeTries),
      await recordWithCode(threeTries),
      await recordWithCode(threeTries),
    ];
    for (const { client, code } of records)
      problemOf(
        await verify(threeTries, await threeTries.signIn(), { code: wrongFor(code), clientId: client.id }),
        400,
      );
    const [{ client, code }] = records as [(typeof records)[number]];
    const refused = await verify(threeTries, await threeTries.signIn(), { code, clientId: client.id });
    expect(problemOf(refused, 429).message).toBe(
      'Too many codes are being tried right now. Please try again in 60 minutes.',
    );
    expect(await linkedSubject(client.id)).toBeNull();
  });

  it('counts only wrong tries: the right code gives its try back', async () => {
    const [one, two, three] = [
      await recordWithCode(twoTries),
      await recordWithCode(twoTries),
      await recordWithCode(twoTries),
    ];
    const tryCode = async (code: string, clientId: number) =>
      verify(twoTries, await twoTries.signIn(), { code, clientId });
    expect((await tryCode(wrongFor(one.code), one.client.id)).statusCode).toBe(400);
    expect((await tryCode(two.code, two.client.id)).statusCode).toBe(200);
    // Had the right code counted, this would be the third try of two.
    expect((await tryCode(wrongFor(three.code), three.client.id)).statusCode).toBe(400);
    expect((await tryCode(wrongFor(three.code), three.client.id)).statusCode).toBe(429);
  });

  it('compares at most 5 tries with one code, even when 30 guesses arrive at once', async () => {
    const { client, code } = await recordWithCode();
    const guessers = await Promise.all(Array.from({ length: 30 }, () => signIn()));
    const answers = await Promise.all(
      guessers.map((as, i) =>
        verify(kit, as, {
          code: String(100000 + i) === code ? wrongFor(code) : String(100000 + i),
          clientId: client.id,
        }),
      ),
    );
    expect(answers.every((answer) => answer.statusCode === 400 || answer.statusCode === 429)).toBe(true);
    // Compared with the code: "…You have N tries left." or "…has now been tried too many times." A guess
    // arriving after the fifth has locked the code finds no code waiting ("That code is not right, and
    // there is no code waiting…"): refused without a comparison, so not counted.
    const compared = answers.filter((answer) =>
      /^That code is not right(\. You have \d|, and it has now been tried too many times)/.test(
        apiErrorSchema.parse(answer.json()).message,
      ),
    );
    expect(compared).toHaveLength(5);
    const { rows } = await database.pool.query<{ failed_attempts: number; used_at: Date | null }>(
      'select failed_attempts, used_at from verification_codes where client_id = $1 and send_count > 0',
      [client.id],
    );
    expect(rows).toEqual([{ failed_attempts: 5, used_at: expect.any(Date) as unknown }]);
    const late = await verify(kit, await signIn(), { code, clientId: client.id });
    expect(problemOf(late, 400).message).toMatch(/tried too many times/);
    expect(await linkedSubject(client.id)).toBeNull();
  });
});

describe('logs', () => {
  it('carry none of the names, e-mails, postcodes, codes or tokens', () => {
    expectNoneLogged(kit.context.logs, personalData);
  });
});
