import { signupCheckResponseSchema } from '@vet/contracts/onboarding';
import { clientProfileSchema } from '@vet/contracts/profile';
import { DEMO_CHECKS, DEMO_INVITATIONS } from '@vet/db/testing/demo-data';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { loadDemoGroup } from '@vet/practice-import/demo/load-demo-group';
import { beforeAll, describe, expect, it } from 'vitest';
import { useOnboardingTestApp } from './testing/onboarding-test-kit.ts';

const database = useTestDatabase();
const { signIn, call, signedInCheck } = useOnboardingTestApp(database);
// The anonymous checks on an instance of their own: each demo e-mail is checked both ways, and the
// per-e-mail limit (5 in 10 minutes) would otherwise count them together.
const { preSignupCheck } = useOnboardingTestApp(database);
const practiceIds = new Map<string, number>();

beforeAll(async () => {
  // Shares the run's database with the loader's own test: the load is idempotent and serialised.
  await loadDemoGroup({ databaseUrl: database.url, embeddedIssuer: 'http://localhost:4100' });
  const { rows } = await database.pool.query<{ id: number; name: string }>('select id, name from practices');
  for (const row of rows) practiceIds.set(row.name, row.id);
}, 120_000);

/**
 * What docs/demo.md promises of the demo data: every result of the check reaches the person it is for
 * (signed in, "Find your record"), the anonymous check answers as its column says, and the
 * three invitations.
 */
describe('the demo data reaches every onboarding result', () => {
  it.each(DEMO_CHECKS.map((check) => [check.result, check.lastName, check.practice, check] as const))(
    '%s: %s at %s',
    async (result, _lastName, practice, check) => {
      const practiceId = practiceIds.get(practice);
      expect(practiceId, practice).toBeDefined();
      const signedIn = await signedInCheck(await signIn({ email: check.email }), practiceId!, check);
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      expect(signupCheckResponseSchema.parse(signedIn.json()).result).toBe(result);
      expect((await preSignupCheck(practiceId!, check)).result).toBe(check.anonymously);
    },
  );

  it('covers all seven results', () => {
    expect(new Set(DEMO_CHECKS.map((check) => check.result)).size).toBe(7);
  });

  it.each(DEMO_INVITATIONS.map((invitation) => [invitation.state, invitation] as const))(
    'the %s invitation answers as its state says',
    async (state, invitation) => {
      const response = await call({
        method: 'PATCH',
        url: '/client/activate',
        payload: { registrationCode: invitation.code, lastName: invitation.lastName },
        as: await signIn(),
      });
      if (state === 'valid') {
        expect(response.statusCode, response.body).toBe(200);
        expect(clientProfileSchema.parse(response.json())).toMatchObject({
          lastName: invitation.lastName,
          activationStatus: 'COMPLETED',
        });
      } else {
        expect(response.statusCode).toBe(400);
        expect(response.json<{ message: string }>().message).toMatch(
          state === 'used' ? /already been used/ : /expired/,
        );
      }
    },
  );
});
