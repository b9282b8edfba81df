import { apiErrorSchema } from '@vet/contracts/errors';
import { signupCheckResponseSchema } from '@vet/contracts/onboarding';
import { createPractice } from '@vet/db/testing/factories';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { describe, expect, it } from 'vitest';
import { CHECK_MIN_DURATION_MS } from './check-service.ts';
import {
  expectNoneLogged,
  newAddress,
  outboxFor,
  uniqueEmail,
  uniqueLastName,
  useOnboardingTestApp,
  type CheckedPerson,
} from './testing/onboarding-test-kit.ts';

const database = useTestDatabase();
const { context, call, signIn, signedInCheck, personalData, remember, clientRecord, preSignupCheck } =
  useOnboardingTestApp(database);

type Person = CheckedPerson;

async function onlinePractice() {
  return createPractice(database.db, { phone: '01632 960999' });
}

/** GET /signup/check as a fresh identity: the full answers (decision 0056). */
async function fullCheck(practiceId: number, person: Person) {
  const response = await signedInCheck(await signIn(), practiceId, person);
  expect(response.statusCode, response.body).toBe(200);
  return signupCheckResponseSchema.strict().parse(response.json());
}

describe('what a check reveals (R6.8)', () => {
  it('answers in one shape, and never an unmasked e-mail or postcode of a record', async () => {
    const practice = await onlinePractice();
    const elsewhere = await onlinePractice();
    const record = await clientRecord(elsewhere.id, {
      email: remember(`hidden.person.${Date.now()}@secret-domain.example`),
      postcode: remember('EC1A 1BB'),
    });
    const pair = await clientRecord(practice.id);
    await clientRecord(practice.id, { lastName: pair.lastName });
    const asks: Person[] = [
      { lastName: record.lastName, email: record.email!, postcode: 'EC1A 1BB' },
      { lastName: record.lastName, email: uniqueEmail(), postcode: 'EC1A 1BB' },
      { lastName: record.lastName, email: record.email!, postcode: 'N1 2UQ' },
      { lastName: pair.lastName, email: pair.email!, postcode: 'SW4 0LN' },
      { lastName: uniqueLastName(), email: uniqueEmail(), postcode: 'N1 2UQ' },
    ];
    const full = await Promise.all(asks.map((ask) => fullCheck(practice.id, ask)));
    expect(full.map((a) => a.result)).toEqual([
      'VerifyClient',
      'ChooseEmail',
      'ChoosePostcode',
      'ContactPractice',
      'NewClient',
    ]);
    // Anonymously, only the e-mail on file of one unlinked record is told apart (decision 0056).
    const anonymous = await Promise.all(asks.map((ask) => preSignupCheck(practice.id, ask)));
    expect(anonymous.map((a) => a.result)).toEqual([
      'VerifyClient',
      'NewClient',
      'NewClient',
      'NewClient',
      'NewClient',
    ]);
    const answers = [...full, ...anonymous];
    const keys = Object.keys(signupCheckResponseSchema.shape).sort();
    for (const answer of answers) {
      expect(Object.keys(answer).sort()).toEqual(keys);
      // The chosen practice is named, never the matched record's home practice.
      expect(answer).toMatchObject({ practiceName: practice.name, practicePhone: practice.phone });
      const body = JSON.stringify(answer).toLowerCase();
      for (const secret of ['hidden.person', 'secret-domain', 'ec1a1bb', 'ec1a 1bb', '1bb', pair.email!])
        expect(body).not.toContain(secret.toLowerCase());
      expect(body).not.toContain(elsewhere.name.toLowerCase());
    }
    expect(answers[1]?.maskedEmail).toBe('h•••@s•••.example');
    expect(answers[2]?.maskedPostcodes).toEqual(['EC1A •••']);
  });

  it('takes as long for a match as for no match', async () => {
    const practice = await onlinePractice();
    const matches = await Promise.all(Array.from({ length: 5 }, () => clientRecord(practice.id)));
    const timed = async (person: Person) => {
      const started = performance.now();
      await preSignupCheck(practice.id, person);
      return performance.now() - started;
    };
    const matched: number[] = [];
    const missed: number[] = [];
    // Alternated, so that load on the machine affects both alike.
    for (const client of matches) {
      matched.push(await timed({ lastName: client.lastName, email: client.email!, postcode: 'SW4 0LN' }));
      missed.push(await timed({ lastName: uniqueLastName(), email: uniqueEmail(), postcode: 'SW4 0LN' }));
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    for (const duration of [...matched, ...missed])
      expect(duration).toBeGreaterThanOrEqual(CHECK_MIN_DURATION_MS - 5);
    expect(Math.abs(median(matched) - median(missed))).toBeLessThan(50);
  });
});

/** The code rows of a record, whatever their state. */
async function codeRowsOf(clientId: number) {
  const { rows } = await database.pool.query<{ id: number }>(
    'select id from verification_codes where client_id = $1',
    [clientId],
  );
  return rows;
}

describe('GET /pre-signup/check: what an anonymous caller is told (decision 0056)', () => {
  /** The answer for no record at all, to compare the others with. */
  async function noRecordAnswer(practiceId: number) {
    return preSignupCheck(practiceId, {
      lastName: uniqueLastName(),
      email: uniqueEmail(),
      postcode: 'SW4 0LN',
    });
  }

  it('answers a made-up e-mail exactly as for no record, whatever records the name and postcode have', async () => {
    const practice = await onlinePractice();
    const offering = await clientRecord(practice.id);
    const linked = await clientRecord(practice.id, { linked: true });
    const noEmail = await clientRecord(practice.id, { email: null });
    const household = await clientRecord(practice.id);
    await clientRecord(practice.id, { lastName: household.lastName });
    const expected = await noRecordAnswer(practice.id);
    for (const record of [offering, linked, noEmail, household]) {
      const answer = await preSignupCheck(practice.id, {
        lastName: record.lastName,
        email: uniqueEmail('made.up'),
        postcode: 'SW4 0LN',
      });
      expect(answer).toEqual(expected);
      // No offer was made either: nothing waits to be confirmed, or sent.
      expect(await codeRowsOf(record.id)).toEqual([]);
    }
    expect(expected).toMatchObject({ result: 'NewClient', checkToken: null });
  });

  it('answers the e-mail on file as for no record unless a code goes to it: linked, other postcode, two records', async () => {
    const practice = await onlinePractice();
    const linked = await clientRecord(practice.id, { linked: true });
    const moved = await clientRecord(practice.id, { postcode: remember('SW1A 1AA') });
    const household = await clientRecord(practice.id);
    await clientRecord(practice.id, { lastName: household.lastName });
    const expected = await noRecordAnswer(practice.id);
    for (const [record, postcode] of [
      [linked, 'SW4 0LN'],
      [moved, 'N1 2UQ'],
      [household, 'SW4 0LN'],
    ] as const) {
      const answer = await preSignupCheck(practice.id, {
        lastName: record.lastName,
        email: record.email!,
        postcode,
      });
      expect(answer).toEqual(expected);
      expect(await outboxFor(database, record.email!)).toEqual([]);
    }
  });
});

describe('rate limits of the check', () => {
  it('answers 429 in the error shape past 10 checks from one address in 10 minutes', async () => {
    const practice = await onlinePractice();
    const address = newAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      const response = await call({
        method: 'GET',
        url: '/pre-signup/check',
        query: {
          LastName: uniqueLastName('Smith'),
          Postcode: 'SW4 0LN',
          Email: uniqueEmail(),
          PracticeId: String(practice.id),
        },
        address,
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) {
        expect(apiErrorSchema.strict().parse(response.json())).toMatchObject({
          statusCode: 429,
          error: 'Too Many Requests',
        });
        expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    expect(statuses).toEqual([...Array<number>(10).fill(200), 429]);
  });

  it('counts anonymous and signed-in checks from one address together', async () => {
    const practice = await onlinePractice();
    const address = newAddress();
    const person = { ...(await signIn()), address };
    const ask = () => ({ lastName: uniqueLastName('Smith'), postcode: 'SW4 0LN', email: uniqueEmail() });
    for (let i = 0; i < 5; i += 1) await preSignupCheck(practice.id, ask(), address);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1)
      statuses.push((await signedInCheck(person, practice.id, ask())).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('answers 429 past 5 checks of one e-mail in 10 minutes, from any addresses and however it is typed', async () => {
    const practice = await onlinePractice();
    const email = remember(uniqueEmail('limited'));
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const response = await call({
        method: 'GET',
        url: '/pre-signup/check',
        query: {
          LastName: uniqueLastName('Smith'),
          Postcode: 'SW4 0LN',
          Email: i % 2 === 0 ? email : ` ${email.toUpperCase()} `,
          PracticeId: String(practice.id),
        },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('logs', () => {
  it('carry none of the names, e-mails, postcodes or codes the checks handled', () => {
    expectNoneLogged(context.logs, personalData);
  });
});
