import { afterAll, describe, expect, it } from 'vitest';
import type { EventsCommand } from './commands/command.ts';
import { failedCommand } from './commands/failed.ts';
import { redriveCommand } from './commands/redrive.ts';
import {
  addReceiverEndpoint,
  allArrived,
  deliveryRows,
  freshAppointmentIds,
  receivedByRecord,
  startTestDispatcher,
  writeAppointmentEvent,
  writeAppointmentJourneys,
  type TestDispatcher,
  type TestEndpoint,
} from './testing/dispatcher-kit.ts';
import { useOwnDatabase } from '@vet/db/testing/own-database';
import { productionUrlRule, testSecretKeys } from './testing/secret-keys.ts';

/**
 * Parking and re-drive (decision 0067): a delivery failing past its retry window is parked (the dispatcher's
 * clock is moved past the window rather than waited for), `failed` lists it, its record's later events
 * wait behind it while others flow, and `redrive` sends it, its record's later events following in order.
 */
const database = useOwnDatabase('practice_events_parking_test');
const windowMs = 3600_000;

async function run(command: EventsCommand, ...args: string[]) {
  const lines: string[] = [];
  const status = await command.run(args, {
    db: database.current.db,
    out: (line) => lines.push(line),
    secretKeys: testSecretKeys,
    endpointUrlRule: productionUrlRule,
  });
  return { status, lines };
}

describe('the event dispatcher, after the retry window', () => {
  let dispatcher: TestDispatcher | undefined;
  let endpoint: TestEndpoint | undefined;
  afterAll(async () => {
    await dispatcher?.stop();
    await endpoint?.receiver.close();
  });

  it('parks a failing delivery, holds its record behind it, and delivers all once re-driven', async () => {
    const { db } = database.current;
    endpoint = await addReceiverEndpoint(db, 'parking');
    const { receiver } = endpoint;
    const [failing, other, later] = freshAppointmentIds(3);
    const failingKey = `appointment:${failing}`;
    receiver.behave({ failRecord: failingKey });
    let passed = 0;
    dispatcher = startTestDispatcher(database.current, {
      clock: () => new Date(Date.now() + passed),
      retry: { baseMs: 20, maxMs: 100, giveUpAfterMs: windowMs },
    });
    const written = await writeAppointmentJourneys(db, [failing!, other!], ['booked', 'amended']);
    const [firstId, ...laterIds] = written.get(failingKey)!;
    const failingRow = async () => (await deliveryRows(db, endpoint!.id))[0]!;
    await expect.poll(async () => (await failingRow()).attempts).toBeGreaterThanOrEqual(2);
    expect(await failingRow()).toMatchObject({ status: 'pending', lastError: 'http_500' });

    // The window passes: the next failure parks the delivery.
    passed = windowMs;
    await expect.poll(async () => (await failingRow()).status, { timeout: 10_000 }).toBe('parked');
    const failed = await run(failedCommand, '--endpoint', 'parking');
    expect(failed.status).toBe(0);
    expect(failed.lines[1]).toMatch(
      new RegExp(`^parking +${firstId} +appointment\\.booked +${failingKey} +\\d+ +http_500 `),
    );
    expect(failed.lines).toHaveLength(3);

    // Its record's later events, one written after the parking too, wait; another record's go through.
    laterIds.push(await writeAppointmentEvent(db, failing!, 'cancelled'));
    const afterParking = await writeAppointmentEvent(db, later!, 'booked');
    await receiver.waitFor((received) => received.some((event) => event.webhookId === afterParking));
    expect(receiver.attempts.filter((attempt) => laterIds.includes(attempt.webhookId!))).toEqual([]);

    receiver.behave('normal');
    expect((await run(redriveCommand, '--event', firstId!)).lines).toEqual([
      "Re-drove 1 parked delivery: the API's dispatchers send it now.",
    ]);
    const all = new Map([...written, [failingKey, [firstId!, ...laterIds]]]);
    await receiver.waitFor((received) => allArrived(received, all));
    expect(receivedByRecord(receiver.received, all.keys())).toEqual(all);
    expect(await failingRow()).toMatchObject({ status: 'delivered', attempts: 1, retryingSince: null });
    expect((await run(failedCommand)).lines).toEqual(['No parked deliveries.']);
    expect(dispatcher.lines.some((line) => line.includes('parked'))).toBe(true);
  });
});
