import { apiErrorSchema } from '@vet/contracts/errors';
import { integrationPathPrefix, practiceSystemScope } from '@vet/contracts/machine-access';
import { useTestDatabase } from '@vet/db/testing/test-database';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { useSignedInTestApp } from '../../testing/signed-in-app.ts';
import { TEST_MACHINE_CLIENT_ID } from '../../testing/test-identity-provider.ts';
import { machineRefusals } from './machine-access.ts';

/**
 * Decision 0062: a machine's token (client credentials) opens only the integration API, and a person's
 * token only the person routes; each is refused with 403 on the other's. No token at all is 401 on both.
 */
const database = useTestDatabase();
const { context, signedInClient, machineAuthorization } = useSignedInTestApp(database);

/** An integration route that reads nothing before it finds the client: an unknown ref answers 404. */
const integrationUrl = `${integrationPathPrefix}/clients/no-such-ref-${crypto.randomUUID()}/invitations`;
const callIntegration = (authorization?: string) =>
  context.app.inject({
    method: 'POST',
    url: integrationUrl,
    headers: authorization === undefined ? {} : { authorization },
  });

function expectRefused(response: LightMyRequestResponse, statusCode: number, message: string) {
  expect(response.statusCode).toBe(statusCode);
  expect(apiErrorSchema.strict().parse(response.json())).toMatchObject({ statusCode, message });
}

describe('a machine token on the person routes', () => {
  it('is refused with 403, signed-in and client-owned routes alike', async () => {
    const authorization = await machineAuthorization();
    for (const url of ['/client/profile', '/v2/pets', '/appointments']) {
      const response = await context.app.inject({ method: 'GET', url, headers: { authorization } });
      expectRefused(response, 403, machineRefusals.machineOnPersonRoute);
    }
  });

  it('is refused even when the API does not accept that machine on the integration API', async () => {
    const authorization = await machineAuthorization({ clientId: 'another-pms' });
    const response = await context.app.inject({
      method: 'GET',
      url: '/client/profile',
      headers: { authorization },
    });
    expectRefused(response, 403, machineRefusals.machineOnPersonRoute);
  });
});

describe('a token no provider marks as a machine’s (security round three, finding 12)', () => {
  it('is no person’s without the person scope: 403 on the person routes', async () => {
    const { provider } = context;
    for (const scope of [undefined, 'email profile', 'practice-system']) {
      const token = await provider.sign({ claims: { scope, azp: 'a-service-account' } });
      const response = await context.app.inject({
        method: 'GET',
        url: '/client/profile',
        headers: { authorization: `Bearer ${token}` },
      });
      expectRefused(response, 403, machineRefusals.machineOnPersonRoute);
    }
  });

  it('is the machine its azp names on the integration API, as a Keycloak service account is', async () => {
    const token = await context.provider.sign({
      claims: { sub: crypto.randomUUID(), azp: TEST_MACHINE_CLIENT_ID, scope: practiceSystemScope },
    });
    const response = await callIntegration(`Bearer ${token}`);
    // Past the machine checks to the route, which finds no such client.
    expect(response.statusCode).toBe(404);
  });
});

describe('the integration API', () => {
  it('asks for a token when there is none, or a bad one (401)', async () => {
    for (const authorization of [undefined, 'Bearer not-a-jwt']) {
      const response = await callIntegration(authorization);
      expectRefused(response, 401, 'Sign in to continue.');
      expect(response.headers['www-authenticate']).toBe('Bearer');
    }
  });

  it("refuses a person's token with 403, a linked client's included", async () => {
    const { authorization } = await signedInClient();
    expectRefused(await callIntegration(authorization), 403, machineRefusals.personOnIntegration);
  });

  it('refuses a machine it does not accept, and a machine token of no named client (403)', async () => {
    const other = await machineAuthorization({ clientId: 'another-pms' });
    expectRefused(await callIntegration(other), 403, machineRefusals.machineNotAccepted);
    const nameless = `Bearer ${await context.provider.sign({ claims: { gty: 'client-credentials' } })}`;
    expectRefused(await callIntegration(nameless), 403, machineRefusals.machineNotAccepted);
  });

  it('refuses an accepted machine whose token lacks the scope, saying which (403)', async () => {
    for (const scope of ['', 'openid email']) {
      const response = await callIntegration(await machineAuthorization({ scope }));
      expectRefused(response, 403, machineRefusals.missingScope);
      expect(response.headers['www-authenticate']).toBe(
        'Bearer error="insufficient_scope", scope="practice-system"',
      );
    }
  });

  it('lets the accepted machine with the scope through to the route', async () => {
    const response = await callIntegration(await machineAuthorization());
    expect(response.statusCode).toBe(404);
    expect(response.headers['cache-control']).toBe('no-store');
  });
});
