import { practiceEventId } from '@vet/contracts/practice-events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addReceiverEndpoint,
  deliveryRows,
  freshAppointmentIds,
  startTestDispatcher,
  writeAppointmentEvent,
  type TestDispatcher,
  type TestEndpoint,
} from './testing/dispatcher-kit.ts';
import { useOwnDatabase } from '@vet/db/testing/own-database';
import type { Behaviour } from './testing/reference-practice-system.ts';

/**
 * A receiver that answers slowly, redirects, or sends a huge body (decision 0067): each attempt is cut off by
 * the timeout, the redirect rule or the size bound, recorded as not delivered, and retried under the same
 * id until the receiver behaves.
 */
const database = useOwnDatabase('practice_events_bad_answers_test');

describe('the event dispatcher, when the receiver answers badly', () => {
  let dispatcher: TestDispatcher | undefined;
  let endpoint: TestEndpoint | undefined;
  beforeAll(async () => {
    endpoint = await addReceiverEndpoint(database.current.db, 'bad-answers');
    dispatcher = startTestDispatcher(database.current, {
      limits: { timeoutMs: 300, maxResponseBytes: 1024 },
      retry: { baseMs: 50, maxMs: 100, giveUpAfterMs: 3600_000 },
    });
  });
  afterAll(async () => {
    await dispatcher?.stop();
    await endpoint?.receiver.close();
  });

  const cases: { name: string; behaviour: Behaviour; reason: string }[] = [
    { name: 'answers after the timeout', behaviour: { slowMs: 1000 }, reason: 'timeout' },
    { name: 'redirects', behaviour: { redirect: true }, reason: 'redirect' },
    { name: 'sends a huge body', behaviour: { hugeBody: true }, reason: 'too_large' },
  ];

  it.each(cases)('cuts off a receiver that $name, and retries the event', async ({ behaviour, reason }) => {
    const { db } = database.current;
    const { id: endpointId, receiver } = endpoint!;
    receiver.behave(behaviour);
    const [appointmentId] = freshAppointmentIds(1);
    const id = await writeAppointmentEvent(db, appointmentId!, 'booked');
    const row = async () =>
      (await deliveryRows(db, endpointId)).find((delivery) => practiceEventId(delivery.eventId) === id);
    await expect.poll(async () => (await row())?.lastError, { timeout: 10_000 }).toBe(reason);
    expect((await row())?.status).toBe('pending');
    expect(receiver.received.filter((event) => event.webhookId === id)).toEqual([]);

    receiver.behave('normal');
    await receiver.waitFor((received) => received.some((event) => event.webhookId === id));
    await expect.poll(async () => (await row())?.status).toBe('delivered');
    const attempts = receiver.attempts.filter((attempt) => attempt.webhookId === id);
    expect(attempts.length).toBeGreaterThanOrEqual(2);
    // Every attempt was at the configured address (a redirect is never followed), and accepted once.
    expect(attempts.every((attempt) => attempt.path === '/events')).toBe(true);
    expect(receiver.received.filter((event) => event.webhookId === id)).toHaveLength(1);
  });
});
