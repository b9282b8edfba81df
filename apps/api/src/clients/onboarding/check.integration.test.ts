import { apiErrorSchema } from '@vet/contracts/errors';
import { signupCheckResponseSchema } from '@vet/contracts/onboarding';
import { clientProfileSchema } from '@vet/contracts/profile';
import { createClient, createPractice } from '@vet/db/testing/factories';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { describe, expect, it } from 'vitest';
import {
  expectNoneLogged,
  latestCodeFor,
  outboxFor,
  TEST_PORTAL_URL,
  uniqueEmail,
  uniqueLastName,
  useOnboardingTestApp,
  type CheckedPerson,
} from './testing/onboarding-test-kit.ts';

const database = useTestDatabase();
const { context, signIn, call, personalData, remember, clientRecord, preSignupCheck, signedInCheck } =
  useOnboardingTestApp(database);

async function onlinePractice() {
  return createPractice(database.db, { phone: '01632 960999' });
}

/** GET /signup/check as a fresh identity, expecting an answer: the full decision table (decision 0056). */
async function fullCheck(practiceId: number, person: CheckedPerson) {
  const response = await signedInCheck(await signIn(), practiceId, person);
  expect(response.statusCode, response.body).toBe(200);
  return signupCheckResponseSchema.strict().parse(response.json());
}

describe('the decision table (R4.16): GET /signup/check, and GET /pre-signup/check where it may tell', () => {
  it('NewClient when no record matches, with the chosen practice to call', async () => {
    const practice = await onlinePractice();
    const answer = await preSignupCheck(practice.id, {
      lastName: uniqueLastName(),
      email: uniqueEmail(),
      postcode: 'SW4 0LN',
    });
    expect(answer).toEqual({
      result: 'NewClient',
      checkToken: null,
      maskedEmail: null,
      maskedPostcodes: [],
      practiceName: practice.name,
      practicePhone: '01632 960999',
    });
  });

  it('VerifyClient when all three match an unlinked record: a code goes to the address on file', async () => {
    const practice = await onlinePractice();
    const client = await clientRecord(practice.id);
    const answer = await preSignupCheck(practice.id, {
      lastName: client.lastName,
      email: client.email!,
      postcode: 'SW4 0LN',
    });
    expect(answer).toMatchObject({ result: 'VerifyClient', maskedEmail: null, maskedPostcodes: [] });
    expect(answer.checkToken).toMatch(/^[\w-]{43}$/);

    const [email, ...more] = await outboxFor(database, client.email!);
    expect(more).toEqual([]);
    const code = remember(await latestCodeFor(database, client.email!));
    expect(email?.text_body).toContain(
      `${TEST_PORTAL_URL}/verified?code=${code}&clientId=${client.id}&mode=signup`,
    );
    expect(email?.text_body).toContain('Hello Grace,');
    expect(email?.html_body).toContain(code);
  });

  it('matches case-, accent- and space-insensitively (R5.8)', async () => {
    const practice = await onlinePractice();
    const lastName = remember(`Müller-${uniqueLastName('Lefèvre')}`);
    const client = await clientRecord(practice.id, { lastName, postcode: 'SW1A 1AA' });
    const answer = await preSignupCheck(practice.id, {
      lastName: `  ${lastName
        .normalize('NFD')
        .replace(/\p{Diacritic}/gu, '')
        .toUpperCase()} `,
      email: client.email!.toUpperCase(),
      postcode: 'sw1a1aa',
    });
    expect(answer.result).toBe('VerifyClient');
  });

  it('SignInClient when the matching record is linked already; nothing is sent', async () => {
    const practice = await onlinePractice();
    const client = await clientRecord(practice.id, { linked: true });
    const person = { lastName: client.lastName, email: client.email!, postcode: 'SW4 0LN' };
    expect(await fullCheck(practice.id, person)).toMatchObject({
      result: 'SignInClient',
      checkToken: null,
    });
    // Postcode or e-mail alone matching a linked record: SignInClient too, never a Choose* offer.
    const otherEmail = { ...person, email: uniqueEmail() };
    expect((await fullCheck(practice.id, otherEmail)).result).toBe('SignInClient');
    expect((await fullCheck(practice.id, { ...person, postcode: 'N1 2UQ' })).result).toBe('SignInClient');
    expect(await outboxFor(database, client.email!)).toEqual([]);
  });

  it('ChooseEmail when name and postcode match but the e-mail differs: the masked address, nothing sent', async () => {
    const practice = await onlinePractice();
    const client = await clientRecord(practice.id, { email: remember(`grace.t.${Date.now()}@example.net`) });
    const answer = await fullCheck(practice.id, {
      lastName: client.lastName,
      email: uniqueEmail('someone.else'),
      postcode: 'SW4 0LN',
    });
    expect(answer).toMatchObject({
      result: 'ChooseEmail',
      maskedEmail: 'g•••@e•••.net',
      maskedPostcodes: [],
    });
    expect(answer.checkToken).toMatch(/^[\w-]{43}$/);
    expect(await outboxFor(database, client.email!)).toEqual([]);
  });

  it('ChoosePostcode when name and e-mail match but the postcode differs: the masked postcode on file', async () => {
    const practice = await onlinePractice();
    const client = await clientRecord(practice.id, { postcode: remember('SW1A 1AA') });
    const answer = await fullCheck(practice.id, {
      lastName: client.lastName,
      email: client.email!,
      postcode: 'N1 2UQ',
    });
    expect(answer).toMatchObject({
      result: 'ChoosePostcode',
      maskedEmail: null,
      maskedPostcodes: ['SW1A •••'],
    });
    expect(await outboxFor(database, client.email!)).toEqual([]);
  });

  it('ContactPractice when the one matching record has no e-mail on file', async () => {
    const practice = await onlinePractice();
    const client = await clientRecord(practice.id, { email: null });
    const answer = await fullCheck(practice.id, {
      lastName: client.lastName,
      email: uniqueEmail(),
      postcode: 'SW4 0LN',
    });
    expect(answer).toEqual({
      result: 'ContactPractice',
      checkToken: null,
      maskedEmail: null,
      maskedPostcodes: [],
      practiceName: practice.name,
      practicePhone: '01632 960999',
    });
  });

  it('ContactPractice when more than one record matches, even if one matches all three', async () => {
    const practice = await onlinePractice();
    const first = await clientRecord(practice.id);
    const second = await clientRecord(practice.id, { lastName: first.lastName });
    const answer = await fullCheck(practice.id, {
      lastName: first.lastName,
      email: first.email!,
      postcode: 'SW4 0LN',
    });
    expect(answer.result).toBe('ContactPractice');
    expect(await outboxFor(database, first.email!)).toEqual([]);
    expect(await outboxFor(database, second.email!)).toEqual([]);
  });

  it('CheckFailed at a practice that takes no one online, naming that practice to call', async () => {
    const practice = await createPractice(database.db, { isOnline: false, phone: '01632 960790' });
    const client = await clientRecord(practice.id);
    const answer = await preSignupCheck(practice.id, {
      lastName: client.lastName,
      email: client.email!,
      postcode: 'SW4 0LN',
    });
    expect(answer).toMatchObject({ result: 'CheckFailed', checkToken: null, practicePhone: '01632 960790' });
    expect(await outboxFor(database, client.email!)).toEqual([]);
  });

  it('CheckFailed when the check fails midway; the code and its e-mail are both rolled back', async () => {
    const practice = await onlinePractice();
    const client = await clientRecord(practice.id);
    const name = `fail_codes_${client.id}`;
    await database.pool.query(`
      create function ${name}() returns trigger language plpgsql as $$
      begin
        if new.client_id = ${client.id} then raise exception 'simulated failure'; end if;
        return new;
      end $$;
      create trigger ${name} before insert on verification_codes for each row execute function ${name}();`);
    try {
      const answer = await preSignupCheck(practice.id, {
        lastName: client.lastName,
        email: client.email!,
        postcode: 'SW4 0LN',
      });
      expect(answer).toMatchObject({ result: 'CheckFailed', checkToken: null });
    } finally {
      await database.pool.query(`drop trigger ${name} on verification_codes; drop function ${name}();`);
    }
    expect(await outboxFor(database, client.email!)).toEqual([]);
    const lines = context.logs.filter((line) => line.includes('pre-signup check failed'));
    expect(lines).toHaveLength(1);
  });

  it('answers 400 naming PracticeId for a practice that does not exist', async () => {
    const response = await call({
      method: 'GET',
      url: '/pre-signup/check',
      query: { LastName: 'Smith', Postcode: 'SW4 0LN', Email: 'a@example.net', PracticeId: '2147483600' },
    });
    expect(response.statusCode).toBe(400);
    expect(apiErrorSchema.strict().parse(response.json()).issues).toEqual([
      { path: 'PracticeId', message: 'Choose one of the practices listed.' },
    ]);
  });
});

describe('GET /signup/check and GET /signup-v2/check (signed in)', () => {
  it('binds the code to the identity: mode signin, and the profile turns STARTED', async () => {
    const practice = await onlinePractice();
    const client = await clientRecord(practice.id);
    const person = await signIn();
    const profileBefore = await call({ method: 'GET', url: '/client/profile', as: person });
    expect(clientProfileSchema.parse(profileBefore.json()).activationStatus).toBe('NOT_STARTED');

    const response = await signedInCheck(person, practice.id, {
      lastName: client.lastName,
      email: client.email!,
      postcode: 'SW4 0LN',
    });
    expect(response.statusCode).toBe(200);
    expect(signupCheckResponseSchema.strict().parse(response.json()).result).toBe('VerifyClient');
    const code = remember(await latestCodeFor(database, client.email!));
    const [email] = await outboxFor(database, client.email!);
    expect(email?.text_body).toContain(`/verified?code=${code}&clientId=${client.id}&mode=signin`);

    const profile = await call({ method: 'GET', url: '/v2/profile', as: person });
    expect(clientProfileSchema.parse(profile.json()).activationStatus).toBe('STARTED');
  });

  it('v2 matches on last name and e-mail alone', async () => {
    const practice = await onlinePractice();
    const client = await clientRecord(practice.id, { postcode: 'M20 6SA' });
    const person = await signIn();
    const response = await signedInCheck(
      person,
      practice.id,
      { lastName: client.lastName, email: client.email!, postcode: '' },
      '/signup-v2/check',
    );
    expect(signupCheckResponseSchema.strict().parse(response.json()).result).toBe('VerifyClient');
  });

  it('answers 409 to an identity that is linked already', async () => {
    const practice = await onlinePractice();
    const person = await signIn();
    await createClient(database.db, {
      homePracticeId: practice.id,
      identityIssuer: context.provider.issuer,
      identitySubject: person.subject,
    });
    const ask = { lastName: uniqueLastName(), email: uniqueEmail(), postcode: 'SW4 0LN' };
    for (const url of ['/signup/check', '/signup-v2/check']) {
      const response = await signedInCheck(person, practice.id, ask, url);
      expect(response.statusCode).toBe(409);
      expect(apiErrorSchema.strict().parse(response.json()).message).toMatch(/already linked/);
    }
  });
});

describe('logs', () => {
  it('carry none of the names, e-mails, postcodes or codes the checks handled', () => {
    expectNoneLogged(context.logs, personalData);
  });
});
