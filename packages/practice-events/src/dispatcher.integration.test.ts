import { practiceEventEnvelopeSchema } from '@vet/contracts/practice-events';
import { afterEach, describe, expect, it } from 'vitest';
import { removeEndpoint } from './endpoints-repository.ts';
import {
  addReceiverEndpoint,
  allArrived,
  deliveryRows,
  freshAppointmentIds,
  isListening,
  receivedByRecord,
  startTestDispatcher,
  writeAppointmentEvent,
  writeAppointmentJourneys,
  type TestDispatcher,
  type TestEndpoint,
} from './testing/dispatcher-kit.ts';
import { useOwnDatabase } from '@vet/db/testing/own-database';
import { sendWebhook, type OutgoingEvent } from './webhook-delivery.ts';

/**
 * The dispatcher's everyday work (decision 0067): committed events reach each endpoint once, in order per
 * record, signed (the reference system verifies with the Standard Webhooks library), woken by the commit.
 */
const database = useOwnDatabase('practice_events_dispatch_test');

describe('the event dispatcher', () => {
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

  it('delivers every event once to every endpoint, in order per record, and records it', async () => {
    const { db } = database.current;
    const first = await addReceiverEndpoint(db, 'dispatch-first');
    const second = await addReceiverEndpoint(db, 'dispatch-second');
    endpoints.push(first, second);
    dispatcher = startTestDispatcher(database.current);
    const written = await writeAppointmentJourneys(db, freshAppointmentIds(4));

    for (const { receiver } of [first, second]) {
      await receiver.waitFor((received) => allArrived(received, written));
      expect(receivedByRecord(receiver.received, written.keys())).toEqual(written);
      expect(receiver.received).toHaveLength(12);
      expect(receiver.attempts.every((attempt) => attempt.status === 200)).toBe(true);
    }
    await expect
      .poll(async () => (await deliveryRows(db, first.id)).map((row) => [row.status, row.attempts]))
      .toEqual(Array.from({ length: 12 }, () => ['delivered', 1]));
    // The envelope as sent: the contracts' shape, the webhook-id as its id.
    const [event] = first.receiver.received;
    expect(event?.webhookId).toMatch(/^evt_\d+$/);
    expect(practiceEventEnvelopeSchema.shape.type.options).toContain(event?.type);
  });

  it('delivers an event as it commits, without waiting for the poll', async () => {
    const { db } = database.current;
    const endpoint = await addReceiverEndpoint(db, 'dispatch-woken');
    endpoints.push(endpoint);
    dispatcher = startTestDispatcher(database.current, { pollMs: 600_000 });
    await expect.poll(() => isListening(db)).toBe(true);

    const [appointmentId] = freshAppointmentIds(1);
    const id = await writeAppointmentEvent(db, appointmentId!, 'booked');
    await endpoint.receiver.waitFor((received) => received.some((event) => event.webhookId === id), 3000);
  });

  it('retries a failed delivery when its back-off ends, without waiting for the poll', async () => {
    const { db } = database.current;
    const endpoint = await addReceiverEndpoint(db, 'dispatch-retried');
    endpoints.push(endpoint);
    const [appointmentId] = freshAppointmentIds(1);
    endpoint.receiver.behave({ failRecord: `appointment:${appointmentId}` });
    const sent: OutgoingEvent[] = [];
    dispatcher = startTestDispatcher(database.current, {
      pollMs: 600_000,
      retry: { baseMs: 300, maxMs: 300, giveUpAfterMs: 3600_000 },
      send: (target, event, limits, addressRule) => {
        sent.push(event);
        return sendWebhook(target, event, limits, addressRule);
      },
    });
    await expect.poll(() => isListening(db)).toBe(true);
    const id = await writeAppointmentEvent(db, appointmentId!, 'booked');
    await expect.poll(async () => (await deliveryRows(db, endpoint.id))[0]?.attempts).toBe(1);
    const [failed] = await deliveryRows(db, endpoint.id);
    expect(failed).toMatchObject({ status: 'pending', lastError: 'http_500' });
    expect(failed?.retryingSince).toEqual(failed?.lastAttemptAt);

    endpoint.receiver.behave('normal');
    await endpoint.receiver.waitFor((received) => received.some((event) => event.webhookId === id), 3000);
    // The retry carried the same webhook-id as the failed attempt.
    expect(endpoint.receiver.attempts.map((attempt) => [attempt.webhookId, attempt.status])).toEqual([
      [id, 500],
      [id, 200],
    ]);
    // The same body, byte for byte, and the same envelope id on both.
    expect(sent).toHaveLength(2);
    expect(sent[1]?.body).toBe(sent[0]?.body);
    expect(JSON.parse(sent[0]!.body)).toMatchObject({ id, type: 'appointment.booked' });
  });
});
