import { signupCheckResponseSchema, type VerificationResult } from '@vet/contracts/onboarding';
import { createPractice } from '@vet/db/testing/factories';
import { useTestDatabase } from '@vet/db/testing/test-database';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { enumerationRates } from './testing/harvest-rates.ts';
import {
  newAddress,
  uniqueEmail,
  uniqueLastName,
  useOnboardingTestApp,
  type CheckedPerson,
} from './testing/onboarding-test-kit.ts';

/**
 * Decision 0056, finding 1 of the security review: an attacker with 100 client addresses, a public
 * register of last names and postcodes, and a made-up e-mail for every check, against the real API. The
 * register holds 40 clients (10 with an account, 5 without an e-mail on file) among 200 entries; each
 * address checks 2 entries, well inside its own limit, so only the budgets across the portal stand in the
 * way. The figures for an hour and a day follow from the budgets' windows (testing/harvest-rates.ts).
 */
const database = useTestDatabase();
const { call, anonymousCheck, signIn, clientRecord, remember } = useOnboardingTestApp(database);
const ADDRESSES = 100;
const CHECKS_PER_ADDRESS = 2;
const expected = enumerationRates({ addresses: ADDRESSES, records: 40 }, 120);

const register: CheckedPerson[] = [];
let practiceId = 0;

beforeAll(async () => {
  const practice = await createPractice(database.db);
  practiceId = practice.id;
  for (let i = 0; i < 40; i += 1) {
    const client = await clientRecord(practice.id, {
      ...(i < 10 ? { linked: true } : {}),
      ...(i >= 35 ? { email: null } : {}),
    });
    register.push({ lastName: client.lastName, postcode: 'SW4 0LN', email: '' });
  }
  for (let i = 0; i < ADDRESSES * CHECKS_PER_ADDRESS - 40; i += 1)
    register.push({ lastName: remember(uniqueLastName('Register')), postcode: 'SW4 0LN', email: '' });
});

/** Runs the attack: each address checks its share of the register, one after another. */
async function attack(check: (entry: CheckedPerson, address: string) => Promise<LightMyRequestResponse>) {
  const answers = await Promise.all(
    Array.from({ length: ADDRESSES }, async (_, a) => {
      const address = newAddress();
      const mine: LightMyRequestResponse[] = [];
      for (let c = 0; c < CHECKS_PER_ADDRESS; c += 1) {
        const entry = register[a * CHECKS_PER_ADDRESS + c]!;
        mine.push(await check({ ...entry, email: uniqueEmail('made.up') }, address));
      }
      return mine;
    }),
  );
  const answered = answers.flat().filter((response) => response.statusCode === 200);
  const results = answered.map((response) => signupCheckResponseSchema.parse(response.json()).result);
  const revealing = (result: VerificationResult) => result !== 'NewClient';
  return { answered: answered.length, learned: results.filter(revealing).length };
}

describe('what an attacker with 100 addresses learns (decision 0056)', () => {
  it('anonymously: the portal’s hourly budget of answers, none of which tells a client from anyone else', async () => {
    const outcome = await attack((entry, address) => anonymousCheck(practiceId, entry, address));
    expect(outcome).toEqual({ answered: 120, learned: expected.after.anonymous.perHour });
  });

  it('signed in, one identity per address: the portal’s hourly budget of full answers, and no more', async () => {
    const people = await Promise.all(Array.from({ length: ADDRESSES }, () => signIn()));
    let next = 0;
    const outcome = await attack(async (entry, address) => {
      const as = { ...people[Math.floor(next++ / CHECKS_PER_ADDRESS)]!, address };
      return call({
        method: 'GET',
        url: '/signup/check',
        query: {
          PracticeId: String(practiceId),
          LastName: entry.lastName,
          Email: entry.email,
          PostCode: entry.postcode,
        },
        as,
      });
    });
    expect(outcome.answered).toBe(expected.after.signedIn.perHour);
    // What those answers told: about a fifth of them are the register's clients.
    expect(outcome.learned).toBeGreaterThan(0);
    expect(outcome.learned).toBeLessThanOrEqual(40);
  });
});
