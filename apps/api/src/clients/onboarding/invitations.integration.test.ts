import { apiErrorSchema } from '@vet/contracts/errors';
import { clientProfileSchema } from '@vet/contracts/profile';
import { createClient, createInvitation, createPractice } from '@vet/db/testing/factories';
import { useTestDatabase } from '@vet/db/testing/test-database';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
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

const DAY_MS = 24 * 60 * 60 * 1000;

async function invited(
  overrides: { expiresAt?: Date; usedAt?: Date; lastName?: string; linked?: boolean } = {},
) {
  const practice = await createPractice(database.db);
  const lastName = remember(overrides.lastName ?? uniqueLastName('Davies'));
  const client = await createClient(database.db, {
    homePracticeId: practice.id,
    lastName,
    ...(overrides.linked ? { identityIssuer: 'https://idp.test', identitySubject: `s-${lastName}` } : {}),
  });
  const invitation = await createInvitation(database.db, {
    clientId: client.id,
    practiceId: practice.id,
    ...(overrides.expiresAt ? { expiresAt: overrides.expiresAt } : {}),
    ...(overrides.usedAt ? { usedAt: overrides.usedAt } : {}),
  });
  remember(invitation.code);
  return { client, invitation, lastName };
}

const activate = (as: SignedInPerson, registrationCode: string, lastName: string) =>
  call({ method: 'PATCH', url: '/client/activate', payload: { registrationCode, lastName }, as });

function problemOf(response: LightMyRequestResponse, status: number) {
  expect(response.statusCode, response.body).toBe(status);
  return apiErrorSchema.strict().parse(response.json());
}

describe('PATCH /client/activate (R4.18)', () => {
  it('links the identity to the invited record: activation COMPLETED, the invitation used', async () => {
    const { client, invitation, lastName } = await invited();
    const person = await signIn();
    const response = await activate(person, invitation.code, lastName);
    expect(response.statusCode, response.body).toBe(200);
    expect(clientProfileSchema.strict().parse(response.json())).toMatchObject({
      clientId: client.id,
      activationStatus: 'COMPLETED',
    });
    const { rows } = await database.pool.query<{ used_at: Date | null; identity_subject: string | null }>(
      `select i.used_at, c.identity_subject from invitations i join clients c on c.id = i.client_id where i.id = $1`,
      [invitation.id],
    );
    expect(rows[0]).toEqual({ used_at: aDate, identity_subject: person.subject });
  });

  it('takes the code in any case and grouping, and the last name without regard to case or accents', async () => {
    const { invitation, lastName } = await invited({ lastName: remember(uniqueLastName('Brontë')) });
    const typed = invitation.code.toLowerCase().replace(/-/g, ' ');
    const plainName = ` ${lastName
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toUpperCase()} `;
    expect((await activate(await signIn(), typed, plainName)).statusCode).toBe(200);
  });

  it('answers an unknown code and a wrong last name alike, saying what to do', async () => {
    const { invitation, lastName } = await invited();
    const person = await signIn();
    const wrongName = problemOf(await activate(person, invitation.code, `${lastName}x`), 400);
    const unknown = problemOf(await activate(person, 'ZZZZ-ZZZZ-ZZZZ', lastName), 400);
    expect(wrongName).toEqual(unknown);
    expect(wrongName.message).toMatch(/ask your practice for a new invitation/);
    expect(wrongName.issues).toEqual([{ path: 'registrationCode', message: wrongName.message }]);
  });

  it('refuses an expired invitation', async () => {
    const { invitation, lastName } = await invited({ expiresAt: new Date(Date.now() - DAY_MS) });
    const problem = problemOf(await activate(await signIn(), invitation.code, lastName), 400);
    expect(problem.message).toBe(
      'This invitation has expired. Please ask your practice for a new invitation.',
    );
  });

  it('uses an invitation once', async () => {
    const { invitation, lastName } = await invited();
    expect((await activate(await signIn(), invitation.code, lastName)).statusCode).toBe(200);
    const again = problemOf(await activate(await signIn(), invitation.code, lastName), 400);
    expect(again.message).toMatch(/already been used/);

    const { invitation: used, lastName: usedName } = await invited({ usedAt: new Date() });
    expect(problemOf(await activate(await signIn(), used.code, usedName), 400).message).toMatch(
      /already been used/,
    );
  });

  it('answers 409 for a record linked to another identity, and for an identity linked already', async () => {
    const { invitation, lastName } = await invited({ linked: true });
    problemOf(await activate(await signIn(), invitation.code, lastName), 409);

    const first = await invited();
    const second = await invited();
    const person = await signIn();
    expect((await activate(person, first.invitation.code, first.lastName)).statusCode).toBe(200);
    problemOf(await activate(person, second.invitation.code, second.lastName), 409);
  });

  it('answers 429 past 10 attempts of one identity in 10 minutes', async () => {
    const person = await signIn();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1)
      statuses.push((await activate(person, `WRONG-CODE-${i}`, 'Nobody')).statusCode);
    expect(statuses).toEqual([...Array<number>(10).fill(400), 429]);
  });
});

describe('logs', () => {
  it('carry none of the names or invitation codes', () => {
    expectNoneLogged(context.logs, personalData);
  });
});
