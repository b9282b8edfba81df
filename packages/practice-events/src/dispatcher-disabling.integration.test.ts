import { webhookEndpoints } from '@vet/db/schema/practice-events';
import { useOwnDatabase } from '@vet/db/testing/own-database';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import {
  addReceiverEndpoint,
  deliveryRows,
  freshAppointmentIds,
  startTestDispatcher,
  writeAppointmentEvent,
  type TestDispatcher,
  type TestEndpoint,
} from './testing/dispatcher-kit.ts';

/**
 * Decision 0139: a receiver switched off is disabled once it has had only failures for its time, as a
 * delivery of it is parked; the operator's log names it by id alone. The dispatcher's clock is moved past
 * the windows rather than waited for.
 */
const database = useOwnDatabase('practice_events_disabling_test');
const windowMs = 3600_000;

describe('the event dispatcher, with a receiver switched off', () => {
  let dispatcher: TestDispatcher | undefined;
  let endpoint: TestEndpoint | undefined;
  afterAll(async () => {
    await dispatcher?.stop();
    await endpoint?.receiver.close();
  });

  it('disables the endpoint when a delivery is parked after only failures, and logs it without its address', async () => {
    const { db } = database.current;
    endpoint = await addReceiverEndpoint(db, 'switched-off');
    await endpoint.receiver.goDown();
    let passed = 0;
    dispatcher = startTestDispatcher(database.current, {
      clock: () => new Date(Date.now() + passed),
      retry: { baseMs: 20, maxMs: 100, giveUpAfterMs: windowMs, disableEndpointAfterMs: windowMs },
    });
    const [appointment] = freshAppointmentIds(1);
    await writeAppointmentEvent(db, appointment!, 'booked');
    const row = async () => (await deliveryRows(db, endpoint!.id))[0];
    await expect.poll(async () => (await row())?.attempts ?? 0).toBeGreaterThanOrEqual(2);
    const disabledAt = async () =>
      (
        await db
          .select({ at: webhookEndpoints.disabledAt, active: webhookEndpoints.active })
          .from(webhookEndpoints)
          .where(eq(webhookEndpoints.id, endpoint!.id))
      )[0];
    expect(await disabledAt()).toEqual({ at: null, active: true });

    passed = windowMs;
    await expect.poll(async () => (await disabledAt())?.at, { timeout: 10_000 }).not.toBeNull();
    expect((await row())?.status).toBe('parked');
    expect(await disabledAt()).toMatchObject({ active: false });
    const logged = dispatcher.lines.filter((line) => line.includes('webhook endpoint disabled'));
    expect(logged).toHaveLength(1);
    expect(JSON.parse(logged[0]!)).toMatchObject({ level: 'error', endpointId: endpoint.id });
    expect(logged[0]).not.toContain(endpoint.receiver.url);
    expect(logged[0]).not.toContain('switched-off');
  });
});
