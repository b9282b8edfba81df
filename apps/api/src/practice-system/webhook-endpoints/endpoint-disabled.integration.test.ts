import { apiErrorSchema } from '@vet/contracts/errors';
import {
  webhookEndpointListSchema,
  webhookEndpointSchema,
  webhookEndpointWithSecretSchema,
} from '@vet/contracts/integration-webhook-endpoints';
import { webhookEndpoints } from '@vet/db/schema/practice-events';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useSignedInTestApp } from '../../testing/signed-in-app.ts';
import { endpointRequests } from './testing/endpoint-requests.ts';

/**
 * Decision 0139: an endpoint the dispatcher disabled after only failures says so to its owner, who can
 * reach the API though not its own receiver, and its owner enables it again once the receiver is back.
 */
const tag = randomUUID().slice(0, 8).toLowerCase();
const caller = `vendor-dead-${tag}`;
const grants = [{ client: caller, practices: 'all', kinds: ['webhook-endpoints'] }];
const database = useTestDatabase();
const { context, machineAuthorization } = useSignedInTestApp(database, {
  env: { INTEGRATION_CLIENT_GRANTS: JSON.stringify(grants) },
});
const api = endpointRequests(
  () => context.app,
  () => machineAuthorization({ clientId: caller }),
);

describe('an endpoint disabled after only failures', () => {
  it('shows disabled_at in its GET and the list, and PATCH enabled: true enables it', async () => {
    const registered = await api.register({ url: `https://pms-${tag}.example/dead` });
    const { id, disabled_at } = webhookEndpointWithSecretSchema.parse(registered.json());
    expect(disabled_at).toBeNull();
    const disabledAt = new Date('2026-12-10T12:00:00.000Z');
    await database.db
      .update(webhookEndpoints)
      .set({ active: false, disabledAt })
      .where(eq(webhookEndpoints.id, id));

    const one = webhookEndpointSchema.strict().parse((await api.get(id)).json());
    expect(one.disabled_at).toBe(disabledAt.toISOString());
    const { endpoints } = webhookEndpointListSchema.parse((await api.list()).json());
    expect(endpoints.find((endpoint) => endpoint.id === id)?.disabled_at).toBe(disabledAt.toISOString());

    const refused = await api.update(id, { enabled: false });
    expect(refused.statusCode).toBe(400);
    expect(apiErrorSchema.parse(refused.json()).issues?.[0]?.path).toBe('enabled');

    const enabled = await api.update(id, { enabled: true });
    expect(enabled.statusCode, enabled.body).toBe(200);
    expect(webhookEndpointSchema.parse(enabled.json()).disabled_at).toBeNull();
    const [row] = await database.db
      .select({ active: webhookEndpoints.active, disabledAt: webhookEndpoints.disabledAt })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, id));
    expect(row).toEqual({ active: true, disabledAt: null });
  });
});
