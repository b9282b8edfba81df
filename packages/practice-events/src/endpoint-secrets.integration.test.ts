import { practiceEventId } from '@vet/contracts/practice-events';
import { useOwnDatabase } from '@vet/db/testing/own-database';
import { webhookEndpoints } from '@vet/db/schema/practice-events';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { endpointsAddCommand, endpointsResealCommand } from './commands/endpoints.ts';
import type { EventsCommand } from './commands/command.ts';
import { removeEndpoint } from './endpoints-repository.ts';
import { sealedWith } from './secret-box.ts';
import {
  addReceiverEndpoint,
  deliveryRows,
  freshAppointmentIds,
  startTestDispatcher,
  writeAppointmentEvent,
  type TestDispatcher,
  type TestEndpoint,
} from './testing/dispatcher-kit.ts';
import { startReferencePracticeSystem } from './testing/reference-practice-system.ts';
import { olderSecretKeys, productionUrlRule, testSecretKeys } from './testing/secret-keys.ts';
import { sendWebhook } from './webhook-delivery.ts';
import { loopbackReceivers } from './testing/address-rules.ts';

/**
 * Security round three, finding 7: the endpoints' signing secrets are stored sealed (secret-box.ts), so a
 * reader of the database cannot sign a webhook the practice system accepts; the key that seals them can
 * be rotated without losing a delivery.
 */
const database = useOwnDatabase('practice_events_secrets_test');

async function storedSecret(name: string): Promise<string> {
  const [row] = await database.current.db
    .select({ secret: webhookEndpoints.secret })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.name, name));
  return row!.secret;
}

async function run(command: EventsCommand, keys: typeof testSecretKeys, ...args: string[]) {
  const lines: string[] = [];
  const status = await command.run(args, {
    db: database.current.db,
    out: (l) => lines.push(l),
    secretKeys: keys,
    endpointUrlRule: productionUrlRule,
  });
  return { status, lines };
}

describe('a webhook endpoint’s secret at rest', () => {
  let dispatcher: TestDispatcher | undefined;
  const endpoints: TestEndpoint[] = [];
  afterEach(async () => {
    await dispatcher?.stop();
    dispatcher = undefined;
    for (const endpoint of endpoints.splice(0)) {
      await endpoint.receiver.close();
      await removeEndpoint(database.current.db, endpoint.name);
    }
  });

  it('is no secret a reader of the database can sign with', async () => {
    const added = await run(
      endpointsAddCommand,
      testSecretKeys,
      'secrets-reader',
      'https://pms.example/events',
    );
    expect(added.status).toBe(0);
    const secret = added.lines.find((line) => line.startsWith('whsec_'))!;
    const stored = await storedSecret('secrets-reader');
    expect(stored).not.toBe(secret);
    expect(stored).not.toContain(secret.slice('whsec_'.length, 24));

    // The practice system verifies with the real secret; whatever the reader makes of the stored value
    // (as it is, or its parts as a key) is refused.
    const receiver = await startReferencePracticeSystem({ secret });
    try {
      const event = { id: 'evt_1', timestamp: new Date(), body: '{"type":"client.registered"}' };
      const limits = { timeoutMs: 2000, maxResponseBytes: 65_536 };
      // The stored value as a key (its bytes, in the secret format, so it always signs), as it is and each
      // of its parts: some of these are not even a usable secret (sendWebhook refuses them unsent).
      const forgeries = [
        `whsec_${Buffer.from(stored).toString('base64')}`,
        stored,
        ...stored.split(':').map((part) => `whsec_${part}`),
      ];
      for (const forged of forgeries) {
        const outcome = await sendWebhook(
          { url: receiver.url, secret: forged },
          event,
          limits,
          loopbackReceivers,
        );
        expect(outcome).not.toMatchObject({ delivered: true });
      }
      const forgedStatuses = receiver.attempts.map((attempt) => attempt.status);
      await sendWebhook({ url: receiver.url, secret }, event, limits, loopbackReceivers);
      // Each forgery that reached the receiver was refused for its signature (401); the first always
      // does. The real secret's signature is accepted (its body, no envelope of the portal's, is then
      // refused for what it says: 400).
      expect(forgedStatuses.length).toBeGreaterThan(0);
      expect(forgedStatuses.every((status) => status === 401)).toBe(true);
      expect(receiver.attempts.at(-1)?.status).toBe(400);
    } finally {
      await receiver.close();
      await removeEndpoint(database.current.db, 'secrets-reader');
    }
  });

  it('does not sign for another endpoint when moved to its row (decision 0139)', async () => {
    const { db } = database.current;
    const added = await run(
      endpointsAddCommand,
      testSecretKeys,
      'secrets-origin',
      'https://origin.example/hook',
    );
    expect(added.status).toBe(0);
    const endpoint = await addReceiverEndpoint(db, 'secrets-moved-to', testSecretKeys);
    endpoints.push(endpoint);
    // A writer to the database copies the origin's sealed secret onto an endpoint whose receiver it runs.
    await db
      .update(webhookEndpoints)
      .set({ secret: await storedSecret('secrets-origin') })
      .where(eq(webhookEndpoints.name, 'secrets-moved-to'));
    await removeEndpoint(db, 'secrets-origin');
    dispatcher = startTestDispatcher(database.current, { secretKeys: testSecretKeys });
    const [appointment] = freshAppointmentIds(1);
    await writeAppointmentEvent(db, appointment!, 'booked');
    await expect.poll(async () => (await deliveryRows(db, endpoint.id))[0]?.lastError).toBe('secret_corrupt');
    expect(endpoint.receiver.attempts).toEqual([]);
  });

  it('is resealed under a new key while deliveries go on, signed with the secret the receiver holds', async () => {
    const { db } = database.current;
    const endpoint = await addReceiverEndpoint(db, 'secrets-rotation', olderSecretKeys);
    endpoints.push(endpoint);
    expect(sealedWith(await storedSecret('secrets-rotation'))).toBe('k1');
    // The new key is listed first, the old one still opens: an event before the reseal and one after.
    dispatcher = startTestDispatcher(database.current, { secretKeys: testSecretKeys });
    const [before, after] = freshAppointmentIds(2);
    const first = await writeAppointmentEvent(db, before!, 'booked');
    await endpoint.receiver.waitFor((received) => received.some((event) => event.webhookId === first));

    const resealed = await run(endpointsResealCommand, testSecretKeys);
    expect(resealed.status).toBe(0);
    expect(sealedWith(await storedSecret('secrets-rotation'))).toBe('k2');
    const second = await writeAppointmentEvent(db, after!, 'booked');
    await endpoint.receiver.waitFor((received) => received.some((event) => event.webhookId === second));
    expect(endpoint.receiver.attempts.map((attempt) => attempt.status)).toEqual([200, 200]);

    // The old key alone no longer opens it: its deliveries fail, saying why, and are retried.
    await dispatcher.stop();
    dispatcher = startTestDispatcher(database.current, { secretKeys: olderSecretKeys });
    const third = await writeAppointmentEvent(db, freshAppointmentIds(1)[0]!, 'booked');
    await expect
      .poll(async () => {
        const rows = await deliveryRows(db, endpoint.id);
        return rows.find((row) => practiceEventId(row.eventId) === third)?.lastError;
      })
      .toBe('secret_unknown_key');
  });
});
