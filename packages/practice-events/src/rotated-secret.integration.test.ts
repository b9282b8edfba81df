import { webhookEndpoints } from '@vet/db/schema/practice-events';
import { useOwnDatabase } from '@vet/db/testing/own-database';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { resealEndpointSecrets } from './endpoints-repository.ts';
import { insertOwnedEndpoint, rotateOwnedEndpointSecret } from './owned-endpoints-repository.ts';
import { endpointSecretBinding, openSecret, sealedWith, sealSecret } from './secret-box.ts';
import { startRotatingReceiver, type RotatingReceiver } from './testing/rotating-receiver.ts';
import { olderSecretKeys, testSecretKeys } from './testing/secret-keys.ts';
import { newEndpointSecret, sendWebhook } from './webhook-delivery.ts';
import { loopbackReceivers } from './testing/address-rules.ts';

/**
 * Decision 0112: during a rotation's overlap a webhook carries a signature of each secret, and the Standard
 * Webhooks library accepts a header when any of its signatures is the one it computes; the kept secret is
 * sealed at rest like the current one, and moves with it when the sealing key is rotated.
 */
const database = useOwnDatabase('practice_events_rotated_secret_test');
const limits = { timeoutMs: 2000, maxResponseBytes: 64 * 1024 };

describe('a webhook signed by the new and the old secret', () => {
  let receiver: RotatingReceiver | undefined;
  afterEach(async () => {
    await receiver?.close();
    receiver = undefined;
  });

  it('verifies at a receiver holding only the old, or only the new, and at no other', async () => {
    receiver = await startRotatingReceiver();
    const [oldSecret, newSecret, another] = [newEndpointSecret(), newEndpointSecret(), newEndpointSecret()];
    const target = { url: receiver.url, secret: newSecret, previousSecret: oldSecret };
    const event = (n: number) => ({ id: `evt_${n}`, timestamp: new Date(), body: `{"n":${n}}` });

    receiver.holds([oldSecret]);
    expect(await sendWebhook(target, event(1), limits, loopbackReceivers)).toEqual({
      delivered: true,
      status: 200,
    });
    receiver.holds([newSecret]);
    expect(await sendWebhook(target, event(2), limits, loopbackReceivers)).toEqual({
      delivered: true,
      status: 200,
    });
    receiver.holds([another]);
    expect(await sendWebhook(target, event(3), limits, loopbackReceivers)).toEqual({
      delivered: false,
      reason: 'http_401',
    });
    // Without the old secret, a receiver holding only it refuses: the second signature is what it checks.
    receiver.holds([oldSecret]);
    const alone = { url: receiver.url, secret: newSecret };
    expect(await sendWebhook(alone, event(4), limits, loopbackReceivers)).toEqual({
      delivered: false,
      reason: 'http_401',
    });
    expect(receiver.answered.map((answer) => answer.signatures)).toEqual([2, 2, 2, 1]);
  });
});

describe('a rotated secret kept for the overlap', () => {
  it('is stored sealed, and resealed with the current one under a new key', async () => {
    const { db } = database.current;
    const [oldSecret, newSecret] = [newEndpointSecret(), newEndpointSecret()];
    const id = await insertOwnedEndpoint(db, {
      ownerClientId: 'pms-reseal',
      url: 'https://pms.example/reseal',
      sealedSecret: sealSecret(olderSecretKeys, oldSecret),
      eventTypes: null,
      practiceRefs: null,
    });
    await rotateOwnedEndpointSecret(db, 'pms-reseal', id, {
      sealedSecret: sealSecret(olderSecretKeys, newSecret),
      previousExpiresAt: new Date(Date.now() + 3600_000),
    });
    const stored = async () =>
      (await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)))[0]!;
    const before = await stored();
    expect([sealedWith(before.secret), sealedWith(before.previousSecret!)]).toEqual(['k1', 'k1']);
    expect(before.previousSecret).not.toContain(oldSecret.slice('whsec_'.length, 20));

    expect(await resealEndpointSecrets(db, testSecretKeys)).toEqual({ resealed: 1, unopened: [] });
    const after = await stored();
    expect([sealedWith(after.secret), sealedWith(after.previousSecret!)]).toEqual(['k2', 'k2']);
    // Rebound to the endpoint's row as they are resealed (decision 0139).
    const binding = endpointSecretBinding(id);
    expect(openSecret(testSecretKeys, after.secret, binding)).toBe(newSecret);
    expect(openSecret(testSecretKeys, after.previousSecret!, binding)).toBe(oldSecret);
    expect(() => openSecret(testSecretKeys, after.secret, endpointSecretBinding(id + 1))).toThrow();
    expect(after.previousSecretExpiresAt).toEqual(before.previousSecretExpiresAt);
  });
});
