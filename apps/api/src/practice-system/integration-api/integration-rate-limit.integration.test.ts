import { integrationPathPrefix } from '@vet/contracts/machine-access';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { describe, expect, it } from 'vitest';
import { useSignedInTestApp } from '../../testing/signed-in-app.ts';

/**
 * The integration API counts a caller's requests against its own limit (INTEGRATION_RATE_LIMIT_MAX), not
 * the portal's far lower one for people (RATE_LIMIT_MAX): a practice system sends hundreds a second.
 */
const database = useTestDatabase();
const { context, machineAuthorization, signedInClient } = useSignedInTestApp(database, {
  env: { RATE_LIMIT_MAX: '2', INTEGRATION_RATE_LIMIT_MAX: '4' },
});

const statusesOf = async (count: number, request: () => Promise<{ statusCode: number }>) => {
  const statuses: number[] = [];
  for (let i = 0; i < count; i += 1) statuses.push((await request()).statusCode);
  return statuses;
};

describe('the integration API’s rate limit', () => {
  it('lets a practice system past the portal’s limit, up to its own', async () => {
    const authorization = await machineAuthorization();
    const statuses = await statusesOf(5, () =>
      context.app.inject({
        method: 'POST',
        url: `${integrationPathPrefix}/clients/no-such-ref/invitations`,
        headers: { authorization },
        remoteAddress: '10.62.0.1',
      }),
    );
    expect(statuses).toEqual([404, 404, 404, 404, 429]);
  });

  it('leaves the portal’s routes at the portal’s limit', async () => {
    const { authorization } = await signedInClient();
    const statuses = await statusesOf(3, () =>
      context.app.inject({
        method: 'GET',
        url: '/client/profile',
        headers: { authorization },
        remoteAddress: '10.62.0.2',
      }),
    );
    expect(statuses).toEqual([200, 200, 429]);
  });
});
