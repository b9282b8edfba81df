import { afterAll, describe, expect, it } from 'vitest';
import type { SendWebhook } from './deliver-next.ts';
import {
  addReceiverEndpoint,
  firstArrivals,
  allArrived,
  deliveryRows,
  freshAppointmentIds,
  isListening,
  receivedByRecord,
  startTestDispatcher,
  writeAppointmentJourneys,
  type TestDispatcher,
  type TestEndpoint,
} from './testing/dispatcher-kit.ts';
import { useOwnDatabase } from '@vet/db/testing/own-database';
import { sendWebhook } from './webhook-delivery.ts';

/**
 * PostgreSQL restarting during delivery (decision 0067): a restart ends every session, so here, after the
 * practice system accepted an event and before its delivery is recorded, every session of the
 * dispatcher's database is ended, its listening connection too. The delivery's transaction is lost;
 * nothing may be lost, and nothing sent under a new id. (e2e/database-restart.e2e.test.ts restarts a real
 * server under the whole portal.)
 */
const database = useOwnDatabase('practice_events_restart_test');

describe('the event dispatcher, when its database restarts mid-delivery', () => {
  let dispatcher: TestDispatcher | undefined;
  let endpoint: TestEndpoint | undefined;
  afterAll(async () => {
    await dispatcher?.stop();
    await endpoint?.receiver.close();
  });

  it('delivers every event, each under its own id, once the database answers again', async () => {
    const { db, pool } = database.current;
    endpoint = await addReceiverEndpoint(db, 'restart');
    const { receiver } = endpoint;
    let ended = 0;
    const endingSessions: SendWebhook = async (target, event, limits, addressRule) => {
      const outcome = await sendWebhook(target, event, limits, addressRule);
      if (outcome.delivered && ended < 3) {
        ended += 1;
        await pool.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
        );
      }
      return outcome;
    };
    // Written before the dispatcher starts: the sessions ended below are every one but the ender's, and a
    // write still under way would be ended too.
    const written = await writeAppointmentJourneys(db, freshAppointmentIds(3));
    dispatcher = startTestDispatcher(database.current, { send: endingSessions, concurrency: 2 });

    await receiver.waitFor((received) => allArrived(received, written), 20_000);
    await expect
      .poll(async () => (await deliveryRows(db, endpoint!.id)).every((row) => row.status === 'delivered'), {
        timeout: 20_000,
      })
      .toBe(true);
    expect(ended).toBe(3);
    // Nothing under a new id: every id received is one written, each record's in order of first arrival.
    // A repeat is possible (a restart releases a row lock while its request is still on the way: another
    // slot sends the event again, under the same id), and the receiver drops it by its webhook-id.
    const ids = [...written.values()].flat();
    expect(new Set(receiver.received.map((event) => event.webhookId))).toEqual(new Set(ids));
    expect(receivedByRecord(firstArrivals(receiver.received), written.keys())).toEqual(written);
    // The listening connection was ended with the rest, and is back.
    await expect.poll(() => isListening(db)).toBe(true);
    expect(dispatcher.lines.some((line) => line.includes('event listener connection lost'))).toBe(true);
  });
});
