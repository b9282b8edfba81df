import { afterAll, describe, expect, it } from 'vitest';
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
 * Two API instances delivering at once (decision 0067): each event still reaches the endpoint once, in order
 * per record. The receiver answers a little slowly, so the two are sending at the same time.
 */
const database = useOwnDatabase('practice_events_two_instances_test');

describe('two event dispatchers on one database', () => {
  const dispatchers: TestDispatcher[] = [];
  let endpoint: TestEndpoint | undefined;
  afterAll(async () => {
    await Promise.all(dispatchers.map((dispatcher) => dispatcher.stop()));
    await endpoint?.receiver.close();
  });

  it('send each event once, in order per record', async () => {
    const { db } = database.current;
    endpoint = await addReceiverEndpoint(db, 'two-instances');
    const { receiver } = endpoint;
    receiver.behave({ slowMs: 15 });
    dispatchers.push(startTestDispatcher(database.current), startTestDispatcher(database.current));
    const written = await writeAppointmentJourneys(db, freshAppointmentIds(8), [
      'booked',
      'amended',
      'amended',
      'cancelled',
    ]);

    await receiver.waitFor((received) => allArrived(received, written), 20_000);
    await expect
      .poll(async () => (await deliveryRows(db, endpoint!.id)).every((row) => row.status === 'delivered'))
      .toBe(true);
    // Once the deliveries are all recorded, nothing more is sent: the counts are final.
    expect(receivedByRecord(receiver.received, written.keys())).toEqual(written);
    expect(receiver.attempts.map((attempt) => attempt.webhookId).sort()).toEqual(
      [...written.values()].flat().sort(),
    );
    for (const row of await deliveryRows(db, endpoint.id)) expect(row.attempts).toBe(1);
    // Both took part.
    for (const dispatcher of dispatchers) {
      expect(dispatcher.lines.some((line) => line.includes('"msg":"event delivered"'))).toBe(true);
    }
  });
});
