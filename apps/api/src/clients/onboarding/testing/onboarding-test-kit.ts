import { randomInt, randomUUID } from 'node:crypto';
import { signupCheckResponseSchema } from '@vet/contracts/onboarding';
import { recordTestSecret } from '@vet/contracts/testing/test-logs';
import type { DatabaseHandle } from '@vet/db/connection';
import { createClient } from '@vet/db/testing/factories';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import type { App } from '../../../app.ts';
import type { OnboardingBudgets } from '../budgets.ts';
import { buildTestApp } from '../../../testing/test-app.ts';
import {
  startTestIdentityProvider,
  trustingEnv,
  type TestIdentityProvider,
} from '../../../testing/test-identity-provider.ts';

type TestDatabase = Pick<DatabaseHandle, 'db' | 'pool'> & { url: string };

export const TEST_PORTAL_URL = 'http://portal.test';

/** Unique enough for a database shared by every test file of the run. */
export const unique = () => randomUUID().slice(0, 8);

/** A last name no other test uses (letters only, as a person's would be). */
export const uniqueLastName = (base = 'Thompson') =>
  `${base}${Array.from(unique(), (c) => String.fromCharCode(97 + (parseInt(c, 16) % 26))).join('')}`;

export const uniqueEmail = (name = 'person') => `${name}.${unique()}@example.net`;

/** A client address of its own for each caller, so the per-address limits of one test never reach another. */
export const newAddress = () => `10.${randomInt(1, 255)}.${randomInt(1, 255)}.${randomInt(1, 255)}`;

export interface SignedInPerson {
  subject: string;
  authorization: string;
  address: string;
}

/**
 * The real app trusting a test identity provider, logging at info into `logs` (to check that no personal
 * data reaches them), with helpers for the onboarding calls. Read `app` inside tests. Its onboarding
 * budgets are its own (buildTestApp), or smaller ones where a test needs to reach them.
 */
export function useOnboardingTestApp(
  database: TestDatabase,
  options: { budgets?: Partial<OnboardingBudgets> } = {},
) {
  const context = { logs: [] as string[] } as { app: App; provider: TestIdentityProvider; logs: string[] };
  beforeAll(async () => {
    context.provider = await startTestIdentityProvider();
    context.app = await buildTestApp(database, {
      env: { ...trustingEnv(context.provider), LOG_LEVEL: 'info', PORTAL_URL: TEST_PORTAL_URL },
      logger: { write: (line) => void context.logs.push(line) },
      ...(options.budgets ? { onboardingBudgets: { budgets: options.budgets } } : {}),
    });
  });
  afterAll(async () => {
    await context.app.close();
    await context.provider.close();
  });

  /**
   * A fresh identity, not linked; its token carries `email` unless told `email: null`, and says the
   * provider verified it unless told `emailVerified` (a value, or undefined to leave the claim out).
   */
  async function signIn(
    options: { email?: string | null; emailVerified?: unknown } = {},
  ): Promise<SignedInPerson> {
    const subject = `subject-${randomUUID()}`;
    const email = options.email === undefined ? uniqueEmail('signed.in') : options.email;
    const emailVerified = 'emailVerified' in options ? options.emailVerified : true;
    const token = await context.provider.sign({
      claims: { sub: subject, email: email ?? undefined, email_verified: email ? emailVerified : undefined },
    });
    return { subject, authorization: `Bearer ${token}`, address: newAddress() };
  }

  function call(
    options: InjectOptions & { as?: SignedInPerson; address?: string },
  ): Promise<LightMyRequestResponse> {
    const { as, address, headers, ...rest } = options;
    return context.app.inject({
      ...rest,
      remoteAddress: address ?? as?.address ?? newAddress(),
      headers: { ...headers, ...(as ? { authorization: as.authorization } : {}) },
    });
  }

  /** Every personal value a test put in the database or sent; none may reach the logs. */
  const personalData: string[] = [];
  const remember = <T extends string>(value: T): T => (personalData.push(value), value);

  /** An unlinked client record with a unique last name and e-mail (unless given), at SW4 0LN. */
  async function clientRecord(
    practiceId: number,
    overrides: { lastName?: string; email?: string | null; postcode?: string | null; linked?: boolean } = {},
  ) {
    const lastName = remember(overrides.lastName ?? uniqueLastName());
    const email = overrides.email === undefined ? remember(uniqueEmail('grace')) : overrides.email;
    const postcode = overrides.postcode === undefined ? remember('SW4 0LN') : overrides.postcode;
    return createClient(database.db, {
      homePracticeId: practiceId,
      firstName: remember('Grace'),
      lastName,
      email,
      postcode,
      ...(overrides.linked ? { identityIssuer: 'https://idp.test', identitySubject: `s-${lastName}` } : {}),
    });
  }

  /** GET /pre-signup/check, whatever it answers. */
  function anonymousCheck(practiceId: number, person: CheckedPerson, address = newAddress()) {
    return call({
      method: 'GET',
      url: '/pre-signup/check',
      query: {
        LastName: person.lastName,
        Postcode: person.postcode,
        Email: person.email,
        PracticeId: String(practiceId),
      },
      address,
    });
  }

  /** GET /pre-signup/check, expecting an answer. */
  async function preSignupCheck(practiceId: number, person: CheckedPerson, address = newAddress()) {
    const response = await anonymousCheck(practiceId, person, address);
    expect(response.statusCode, response.body).toBe(200);
    return signupCheckResponseSchema.strict().parse(response.json());
  }

  /** GET /signup/check (or /signup-v2/check, without the postcode) as a signed-in person. */
  function signedInCheck(
    as: SignedInPerson,
    practiceId: number,
    person: CheckedPerson,
    url = '/signup/check',
  ) {
    return call({
      method: 'GET',
      url,
      query: {
        PracticeId: String(practiceId),
        LastName: person.lastName,
        Email: person.email,
        ...(url === '/signup/check' ? { PostCode: person.postcode } : {}),
      },
      as,
    });
  }

  return {
    context,
    signIn,
    call,
    personalData,
    remember,
    clientRecord,
    anonymousCheck,
    preSignupCheck,
    signedInCheck,
  };
}

export interface CheckedPerson {
  lastName: string;
  email: string;
  postcode: string;
}

/** As if every code of the record had been sent `seconds` earlier than it was (past the send limits). */
export async function sentEarlier(database: TestDatabase, clientId: number, seconds: number) {
  await database.pool.query(
    `update verification_codes set last_sent_at = last_sent_at - make_interval(secs => $2),
       created_at = created_at - make_interval(secs => $2) where client_id = $1`,
    [clientId, seconds],
  );
}

/** Every e-mail written to the outbox for an address, oldest first. */
export async function outboxFor(database: TestDatabase, toAddress: string) {
  const { rows } = await database.pool.query<{ subject: string; text_body: string; html_body: string }>(
    'select subject, text_body, html_body from email_outbox where to_address = $1 order by id',
    [toAddress],
  );
  return rows;
}

/** The code of the newest e-mail to an address (its text part says "Your code: 123456"). */
export async function latestCodeFor(database: TestDatabase, toAddress: string): Promise<string> {
  const emails = await outboxFor(database, toAddress);
  const code = /Your code: (\d{6})/.exec(emails.at(-1)?.text_body ?? '')?.[1];
  expect(code, `a code e-mailed to ${toAddress}`).toBeDefined();
  recordTestSecret('verification code', code ?? '');
  return code ?? '';
}

/**
 * Asserts that none of these values (names, e-mails, postcodes, codes, tokens) appears in the logs.
 * A value is found only as a whole token: a random six-digit code is bound to turn up inside some
 * millisecond timestamp sooner or later, and that is not the code leaking.
 */
export function expectNoneLogged(logs: readonly string[], values: readonly string[]) {
  expect(logs.length).toBeGreaterThan(0);
  const text = logs.join('\n').toLowerCase();
  const found = values.filter((value) => value !== '' && wholeToken(value).test(text));
  expect(found).toEqual([]);
}

function wholeToken(value: string): RegExp {
  const escaped = value.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![0-9a-z])${escaped}(?![0-9a-z])`);
}
