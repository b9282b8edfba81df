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
  env: { RATE_LIMIT_MAX: '2', INTEGRATION_RATE_LIMIT_MAX: '4', INTEGRATION_FAILURES_PER_ADDRESS: '3' },
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

  it('counts a practice system’s requests apart from a person’s from the same address', async () => {
    const { authorization: person } = await signedInClient();
    const machine = await machineAuthorization();
    const remoteAddress = '10.62.0.3';
    const portal = () =>
      context.app.inject({
        method: 'GET',
        url: '/client/profile',
        headers: { authorization: person },
        remoteAddress,
      });
    const integration = () =>
      context.app.inject({
        method: 'POST',
        url: `${integrationPathPrefix}/clients/no-such-ref/invitations`,
        headers: { authorization: machine },
        remoteAddress,
      });
    expect(await statusesOf(3, portal)).toEqual([200, 200, 429]);
    expect(await statusesOf(2, integration)).toEqual([404, 404]);
    expect((await portal()).statusCode).toBe(429);
  });
});

describe('refused requests to the integration API (security round three, finding 12)', () => {
  const callWith = (authorization: string, remoteAddress: string) =>
    context.app.inject({
      method: 'POST',
      url: `${integrationPathPrefix}/clients/no-such-ref/invitations`,
      headers: { authorization },
      remoteAddress,
    });

  it('answer 429 once an address has more than its refused requests, a good token too, and not elsewhere', async () => {
    const forged = 'Bearer not.a.token';
    const { authorization: person } = await signedInClient();
    // Refused both ways: a bad token (401) and a person's (403).
    expect(await statusesOf(2, () => callWith(forged, '10.62.1.1'))).toEqual([401, 401]);
    expect(await statusesOf(2, () => callWith(person, '10.62.1.1'))).toEqual([403, 403]);
    const blocked = await callWith(await machineAuthorization(), '10.62.1.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: 'rate_limited' });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(500);
    expect((await callWith(await machineAuthorization(), '10.62.1.2')).statusCode).toBe(404);
  });

  it('do not count the answers a caller let in gets, whatever they are', async () => {
    const machine = await machineAuthorization();
    expect(await statusesOf(4, () => callWith(machine, '10.62.1.3'))).toEqual([404, 404, 404, 404]);
  });
});
