import { apiErrorSchema } from '@vet/contracts/errors';
import { webhookEndpointWithSecretSchema } from '@vet/contracts/integration-webhook-endpoints';
import { integrationPathPrefix } from '@vet/contracts/machine-access';
import { integrationIdempotencyKeys as keys } from '@vet/db/schema/integration-writes';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { developmentSecretKeys, sealSecret } from '@vet/practice-events/secret-box';
import { and, eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useSignedInTestApp } from '../../testing/signed-in-app.ts';
import { idempotencyRefusals } from '../integration-api/idempotency-keys.ts';

/**
 * Decision 0139: an Idempotency-Key on a write whose answer holds the secret shown once keeps that answer
 * sealed, bound to the caller's key: the table never holds a `whsec_`, and a retry after a lost answer
 * still gets the secret it never saw.
 */
const tag = randomUUID().slice(0, 8).toLowerCase();
const caller = `vendor-keys-${tag}`;
const grants = [{ client: caller, practices: 'all', kinds: ['webhook-endpoints'] }];
const database = useTestDatabase();
const { context, machineAuthorization } = useSignedInTestApp(database, {
  env: { INTEGRATION_CLIENT_GRANTS: JSON.stringify(grants) },
});
const base = `${integrationPathPrefix}/webhook-endpoints`;

async function post(url: string, key: string, payload: Record<string, unknown>) {
  return context.app.inject({
    method: 'POST',
    url,
    headers: { authorization: await machineAuthorization({ clientId: caller }), 'idempotency-key': key },
    payload,
  });
}

async function keptBody(key: string): Promise<string> {
  const [row] = await database.db
    .select({ body: keys.responseBody })
    .from(keys)
    .where(and(eq(keys.caller, caller), eq(keys.key, key)));
  return row!.body!;
}

describe('an Idempotency-Key on a write that shows a secret once', () => {
  it('keeps the register answer sealed, and answers a replay with the same secret', async () => {
    const key = randomUUID();
    const body = { url: `https://pms-${tag}.example/keys` };
    const first = await post(base, key, body);
    expect(first.statusCode, first.body).toBe(201);
    const { secret, id } = webhookEndpointWithSecretSchema.parse(first.json());

    const kept = await keptBody(key);
    expect(kept).not.toContain('whsec_');
    expect(kept).not.toContain(secret.slice('whsec_'.length, 24));
    expect(kept).toMatch(/^enc:v2:dev:/);

    const again = await post(base, key, body);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    expect(webhookEndpointWithSecretSchema.parse(again.json())).toMatchObject({ id, secret });
  });

  it('keeps a rotation’s answer sealed too', async () => {
    const registered = await post(base, randomUUID(), { url: `https://pms-${tag}.example/rotate` });
    const { id } = webhookEndpointWithSecretSchema.parse(registered.json());
    const key = randomUUID();
    const rotated = await post(`${base}/${id}/rotate-secret`, key, { overlap_hours: 0 });
    expect(rotated.statusCode, rotated.body).toBe(200);
    expect(await keptBody(key)).not.toContain('whsec_');
    const again = await post(`${base}/${id}/rotate-secret`, key, { overlap_hours: 0 });
    expect(again.body).toBe(rotated.body);
  });

  it('answers 503 saying to rotate when the kept answer cannot be opened (moved, or its key gone)', async () => {
    const key = randomUUID();
    const body = { url: `https://pms-${tag}.example/moved` };
    expect((await post(base, key, body)).statusCode).toBe(201);
    // Another key's sealed answer, copied onto this row: bound to that key, it does not open here.
    const moved = sealSecret(developmentSecretKeys, '{"secret":"whsec_x"}', `other:${caller}:${key}`);
    await database.db
      .update(keys)
      .set({ responseBody: moved })
      .where(and(eq(keys.caller, caller), eq(keys.key, key)));
    const again = await post(base, key, body);
    expect(again.statusCode).toBe(503);
    expect(apiErrorSchema.parse(again.json()).message).toBe(idempotencyRefusals.secretUnreadable);
  });
});
