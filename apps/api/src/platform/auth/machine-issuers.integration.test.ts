import { apiErrorSchema } from '@vet/contracts/errors';
import { integrationPathPrefix } from '@vet/contracts/machine-access';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { buildTestApp } from '../../testing/test-app.ts';
import {
  machineCallerEnv,
  startTestIdentityProvider,
  TEST_MACHINE_CLIENT_ID,
  trustingEnv,
  type TestIdentityProvider,
} from '../../testing/test-identity-provider.ts';
import { machineRefusalCodes } from './machine-access.ts';

/**
 * Security round four (decision 0140): the grants are keyed by client id. With two trusted issuers, the
 * integration API takes the machine tokens of INTEGRATION_ISSUER only, so issuer B minting a token for a
 * client id of issuer A's gets none of A's grant (nor its webhook endpoints, owned by that client id).
 */
const database = useTestDatabase();
let app: App;
let issuerA: TestIdentityProvider;
let issuerB: TestIdentityProvider;

beforeAll(async () => {
  [issuerA, issuerB] = await Promise.all([startTestIdentityProvider(), startTestIdentityProvider()]);
  app = await buildTestApp(database, {
    env: { ...trustingEnv(issuerA, issuerB), ...machineCallerEnv(), INTEGRATION_ISSUER: issuerA.issuer },
  });
});
afterAll(async () => {
  await app.close();
  await Promise.all([issuerA.close(), issuerB.close()]);
});

/** An integration route that finds no client: a caller let in answers 404. */
const call = async (provider: TestIdentityProvider) =>
  app.inject({
    method: 'POST',
    url: `${integrationPathPrefix}/clients/no-such-ref-${crypto.randomUUID()}/invitations`,
    headers: { authorization: `Bearer ${await provider.signMachine({ clientId: TEST_MACHINE_CLIENT_ID })}` },
  });

describe('a machine token of the accepted client id', () => {
  it('opens the integration API from INTEGRATION_ISSUER', async () => {
    expect((await call(issuerA)).statusCode).toBe(404);
  });

  it('is refused from another trusted issuer: 403 client_not_accepted, as an unknown client', async () => {
    const response = await call(issuerB);
    expect(response.statusCode).toBe(403);
    expect(apiErrorSchema.parse(response.json()).code).toBe(machineRefusalCodes.machineNotAccepted);
  });
});
