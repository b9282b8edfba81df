import { afterEach, describe, expect, it } from 'vitest';
import { removeEndpoint } from './endpoints-repository.ts';
import {
  addReceiverEndpoint,
  allArrived,
  deliveryRows,
  freshAppointmentIds,
  receivedByRecord,
  startTestDispatcher,
  writeAppointmentJourneys,
  type TestDispatcher,
  type TestEndpoint,
} from './testing/dispatcher-kit.ts';
import { useOwnDatabase } from '@vet/db/testing/own-database';

/**
 * Faults of the receiving side (decision 0067): a practice system down for a long stretch, and one
 * appointment whose every event it refuses. The outage's thirty minutes pass at 1:500: the default back-off
 * (5 s doubling to 10 minutes) scaled down alike makes about nine attempts of each record's first event.
 */
const scaledDefaultRetry = { baseMs: 10, maxMs: 1200, giveUpAfterMs: 3600_000 };
const database = useOwnDatabase('practice_events_outage_test');

describe('the event dispatcher, while a practice system fails', () => {
  let dispatcher: TestDispatcher | undefined;
  let endpoint: TestEndpoint | undefined;
  afterEach(async () => {
    await dispatcher?.stop();
    await endpoint?.receiver.close();
    await removeEndpoint(database.current.db, endpoint!.name);
  });

  it('delivers every event once, in order per record, when a receiver down for a long stretch is back', async () => {
    const { db } = database.current;
    endpoint = await addReceiverEndpoint(db, 'outage-long');
    const { receiver } = endpoint;
    await receiver.goDown();
    dispatcher = startTestDispatcher(database.current, { retry: scaledDefaultRetry });
    // Clients book, amend and cancel while the practice system is down.
    const first = await writeAppointmentJourneys(db, freshAppointmentIds(3), ['booked', 'amended']);
    const second = await writeAppointmentJourneys(db, freshAppointmentIds(3), ['booked', 'cancelled']);
    const written = new Map([...first, ...second]);
    // Each record's first event has been tried again and again; its later ones have waited untried.
    await expect
      .poll(async () => (await deliveryRows(db, endpoint!.id)).filter((row) => row.attempts >= 9).length, {
        timeout: 20_000,
      })
      .toBe(6);
    for (const row of await deliveryRows(db, endpoint.id)) {
      expect(row.status).toBe('pending');
      if (row.attempts > 0) expect(row.lastError).toBe('refused');
    }
    expect((await deliveryRows(db, endpoint.id)).filter((row) => row.attempts === 0)).toHaveLength(6);

    await receiver.comeBack();
    await receiver.waitFor((received) => allArrived(received, written), 20_000);
    expect(receivedByRecord(receiver.received, written.keys())).toEqual(written);
    expect(receiver.received).toHaveLength(12);
    await expect
      .poll(async () => (await deliveryRows(db, endpoint!.id)).every((row) => row.status === 'delivered'))
      .toBe(true);
  });

  it('keeps other appointments flowing while one fails, and holds its later events behind its first', async () => {
    const { db } = database.current;
    endpoint = await addReceiverEndpoint(db, 'outage-one-record');
    const { receiver } = endpoint;
    const [failing, ...others] = freshAppointmentIds(4);
    const failingKey = `appointment:${failing}`;
    receiver.behave({ failRecord: failingKey });
    dispatcher = startTestDispatcher(database.current, {
      retry: { baseMs: 10, maxMs: 80, giveUpAfterMs: 3600_000 },
    });
    const written = await writeAppointmentJourneys(db, [failing!, ...others]);
    const othersWritten = new Map([...written].filter(([key]) => key !== failingKey));

    await receiver.waitFor((received) => allArrived(received, othersWritten), 20_000);
    const [firstId, ...laterIds] = written.get(failingKey)!;
    await expect
      .poll(() => receiver.attempts.filter((attempt) => attempt.webhookId === firstId).length, {
        timeout: 20_000,
      })
      .toBeGreaterThanOrEqual(3);
    // Only its first event was ever sent: the later ones waited behind it.
    expect(receiver.attempts.filter((attempt) => laterIds.includes(attempt.webhookId!))).toEqual([]);
    expect(receiver.received.filter((event) => event.recordKey === failingKey)).toEqual([]);

    receiver.behave('normal');
    await receiver.waitFor((received) => allArrived(received, written), 20_000);
    expect(receivedByRecord(receiver.received, written.keys())).toEqual(written);
    // Every attempt of the failing event carried the same webhook-id; it was accepted once.
    const attemptsOfFirst = receiver.attempts.filter((attempt) => attempt.webhookId === firstId);
    expect(attemptsOfFirst.map((attempt) => attempt.status).slice(-1)).toEqual([200]);
    expect(attemptsOfFirst.slice(0, -1).every((attempt) => attempt.status === 500)).toBe(true);
  });
});
