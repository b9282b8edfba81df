import { apiErrorSchema } from '@vet/contracts/errors';
import type { NewClientBody } from '@vet/contracts/onboarding';
import { clientProfileSchema } from '@vet/contracts/profile';
import { createClient, createPractice, createSalutation } from '@vet/db/testing/factories';
import { useTestDatabase } from '@vet/db/testing/test-database';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { EMAIL_NOT_VERIFIED, NO_EMAIL_FROM_PROVIDER } from './new-client-service.ts';
import {
  expectNoneLogged,
  uniqueLastName,
  useOnboardingTestApp,
  type SignedInPerson,
} from './testing/onboarding-test-kit.ts';

const database = useTestDatabase();
/** Any Date, as a matcher (typed, so it can sit in an object of expected values). */
const aDate: unknown = expect.any(Date);
const { context, signIn, call, personalData, remember } = useOnboardingTestApp(database);

async function newClientBody(overrides: Partial<NewClientBody> = {}): Promise<NewClientBody> {
  const practice = await createPractice(database.db);
  const salutation = await createSalutation(database.db);
  return {
    salutationId: salutation.id,
    firstName: remember('Imogen'),
    lastName: remember(uniqueLastName('Ashworth')),
    mobilePhone: remember('07400 123456'),
    address: {
      line1: remember('12 Rectory Grove'),
      line2: null,
      town: 'London',
      county: null,
      postcode: remember('sw4 0ln'),
    },
    homePracticeId: practice.id,
    contactPreferences: {
      reminders: { email: true, sms: true, phone: false, post: false },
      marketing: { email: false, sms: false, phone: false, post: true },
      messages: { email: true, sms: true, phone: false, post: false },
    },
    ...overrides,
  };
}

const signUp = (as: SignedInPerson, body: unknown) =>
  call({ method: 'POST', url: '/client/signup', payload: body as object, as });

function problemOf(response: LightMyRequestResponse, status: number) {
  expect(response.statusCode, response.body).toBe(status);
  return apiErrorSchema.strict().parse(response.json());
}

async function recordsNamed(lastName: string) {
  const { rows } = await database.pool.query<Record<string, unknown>>(
    `select id, email, email_key, mobile_phone, postcode, postcode_key, last_name_key, identity_issuer,
       identity_subject, linked_at, contact_preferences_confirmed_at, home_practice_id, salutation_id
     from clients where last_name = $1`,
    [lastName],
  );
  return rows;
}

describe('POST /client/signup (R4.19)', () => {
  it('creates the record, linked to the identity with its e-mail, and answers 201 with a COMPLETED profile', async () => {
    const email = remember(`Imogen.${Date.now()}@Example.net`);
    const person = await signIn({ email });
    const body = await newClientBody();
    const response = await signUp(person, body);
    expect(response.statusCode, response.body).toBe(201);
    const profile = clientProfileSchema.strict().parse(response.json());
    expect(profile).toMatchObject({
      firstName: 'Imogen',
      lastName: body.lastName,
      email,
      homePracticeId: body.homePracticeId,
      activationStatus: 'COMPLETED',
      requireContactPreferencesUpdate: false,
    });

    const [record, ...others] = await recordsNamed(body.lastName);
    expect(others).toEqual([]);
    expect(record).toMatchObject({
      id: profile.clientId,
      email,
      email_key: email.toLowerCase(),
      mobile_phone: '+447400123456',
      postcode: 'SW4 0LN',
      postcode_key: 'SW40LN',
      last_name_key: body.lastName.toLowerCase(),
      identity_issuer: context.provider.issuer,
      identity_subject: person.subject,
      linked_at: aDate,
      contact_preferences_confirmed_at: aDate,
      salutation_id: body.salutationId,
    });
    const { rows } = await database.pool.query<{ purpose: string; channel: string; opted_in: boolean }>(
      'select purpose, channel, opted_in from contact_preferences where client_id = $1 order by purpose, channel',
      [profile.clientId],
    );
    expect(rows.filter((row) => row.opted_in).map((row) => `${row.purpose}/${row.channel}`)).toEqual([
      'reminders/email',
      'reminders/sms',
      'marketing/post',
      'messages/email',
      'messages/sms',
    ]);
    expect(rows).toHaveLength(12);

    const again = await signUp(person, await newClientBody());
    expect(problemOf(again, 409).message).toBe('Your account is already linked to a client record.');
  });

  it('answers 400 when the identity provider did not share the e-mail', async () => {
    const body = await newClientBody();
    const problem = problemOf(await signUp(await signIn({ email: null }), body), 400);
    expect(problem.message).toBe(NO_EMAIL_FROM_PROVIDER);
    expect(await recordsNamed(body.lastName)).toEqual([]);
  });

  it.each([
    ['says it is not verified', false],
    ['does not say it is verified', undefined],
  ])(
    'answers 403 when the provider %s, creating nothing under that address',
    async (_case, emailVerified) => {
      const email = remember(`someone.else.${Date.now()}@example.net`);
      const body = await newClientBody();
      const problem = problemOf(await signUp(await signIn({ email, emailVerified }), body), 403);
      expect(problem.message).toBe(EMAIL_NOT_VERIFIED);
      expect(await recordsNamed(body.lastName)).toEqual([]);
      const { rows } = await database.pool.query('select id from clients where email = $1', [email]);
      expect(rows).toEqual([]);
    },
  );

  it('names each field that is wrong: mobile, postcode, practice and salutation', async () => {
    const offline = await createPractice(database.db, { isOnline: false });
    const body = await newClientBody({ salutationId: 2_000_000_000, homePracticeId: offline.id });
    const problem = problemOf(
      await signUp(await signIn(), {
        ...body,
        mobilePhone: '020 7946 0123',
        address: { ...body.address, postcode: 'SW4 0L' },
      }),
      400,
    );
    expect(problem.issues).toEqual([
      { path: 'mobilePhone', message: 'Enter a UK mobile number, such as 07400 123456.' },
      { path: 'address.postcode', message: 'Enter a full UK postcode, such as SW1A 1AA.' },
      { path: 'homePracticeId', message: 'Choose one of the practices listed.' },
      { path: 'salutationId', message: 'Choose a title from the list.' },
    ]);
    expect(await recordsNamed(body.lastName)).toEqual([]);
  });

  it("refuses a practice whose online registration is unavailable, in R8.7's words", async () => {
    const closed = await createPractice(database.db, { onlineRegistrationAvailable: false });
    const problem = problemOf(
      await signUp(await signIn(), await newClientBody({ homePracticeId: closed.id })),
      400,
    );
    expect(problem).toMatchObject({
      message: 'Online registration is currently unavailable for this practice.',
      issues: [
        {
          path: 'homePracticeId',
          message: 'Online registration is currently unavailable for this practice.',
        },
      ],
    });
  });

  it('answers 409 to an identity that is linked already, creating nothing', async () => {
    const person = await signIn();
    await createClient(database.db, {
      identityIssuer: context.provider.issuer,
      identitySubject: person.subject,
    });
    const body = await newClientBody();
    problemOf(await signUp(person, body), 409);
    expect(await recordsNamed(body.lastName)).toEqual([]);
  });

  it('creates nothing when the transaction fails midway (the preferences after the record)', async () => {
    const body = await newClientBody();
    const name = `fail_preferences_${body.lastName.toLowerCase()}`;
    await database.pool.query(`
      create function ${name}() returns trigger language plpgsql as $$
      begin
        if exists (select 1 from clients where id = new.client_id and last_name = '${body.lastName}')
          then raise exception 'simulated failure'; end if;
        return new;
      end $$;
      create trigger ${name} before insert on contact_preferences for each row execute function ${name}();`);
    try {
      const response = await signUp(await signIn(), body);
      expect(problemOf(response, 500).message).toBe('Something went wrong on our side. Please try again.');
    } finally {
      await database.pool.query(`drop trigger ${name} on contact_preferences; drop function ${name}();`);
    }
    expect(await recordsNamed(body.lastName)).toEqual([]);
  });
});

describe('logs', () => {
  it('carry none of the names, e-mails, phones, addresses or postcodes', () => {
    expectNoneLogged(context.logs, personalData);
  });
});
