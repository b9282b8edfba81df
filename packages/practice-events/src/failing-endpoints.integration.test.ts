import { webhookDeliveries, webhookEndpoints } from '@vet/db/schema/practice-events';
import { useOwnDatabase } from '@vet/db/testing/own-database';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { EventsCommand } from './commands/command.ts';
import { endpointsListCommand } from './commands/endpoints.ts';
import { disableFailingEndpoint } from './failing-endpoints.ts';
import { fitOwnedEndpointsToGrants } from './owned-endpoints-repository.ts';
import { redriveParked } from './parked-deliveries.ts';
import { sequencePracticeEvents } from './record-events.ts';
import { freshAppointmentIds, writeAppointmentEvent } from './testing/dispatcher-kit.ts';
import { productionUrlRule, testSecretKeys } from './testing/secret-keys.ts';

/**
 * Decision 0139: an endpoint with only failures for its time is disabled, so a receiver switched off is
 * not sent every later event; it stays so until enabled. The clock is the `now` each call is given.
 */
const database = useOwnDatabase('practice_events_failing_endpoints');
const DAY = 24 * 3600_000;
const now = new Date('2026-12-10T12:00:00Z');
const ago = (days: number) => new Date(now.getTime() - days * DAY);
const fiveDays = 5 * DAY;

async function endpointWith(
  name: string,
  deliveries: { status: 'pending' | 'parked' | 'delivered'; failingSince?: Date; deliveredAt?: Date }[],
  url = `https://${name}.example/hook`,
) {
  const { db } = database.current;
  // The events are numbered before the endpoint exists: its deliveries are only those given here.
  const eventIds: number[] = [];
  for (const _delivery of deliveries)
    eventIds.push(Number(idOf(await writeAppointmentEvent(db, freshAppointmentIds(1)[0]!, 'booked'))));
  await sequencePracticeEvents(db, 5000);
  const [endpoint] = await db
    .insert(webhookEndpoints)
    .values({ name, url, secret: 'sealed', ownerClientId: `${name}-client` })
    .returning({ id: webhookEndpoints.id });
  for (const [index, delivery] of deliveries.entries()) {
    const eventId = eventIds[index]!;
    await db.insert(webhookDeliveries).values({
      endpointId: endpoint!.id,
      eventId,
      position: eventId,
      recordKey: `appointment:${eventId}`,
      status: delivery.status,
      retryingSince: delivery.failingSince ?? null,
      deliveredAt: delivery.deliveredAt ?? null,
    });
  }
  return endpoint!.id;
}
const idOf = (webhookId: string) => webhookId.replace('evt_', '');

async function stateOf(id: number) {
  const [row] = await database.current.db
    .select({ active: webhookEndpoints.active, disabledAt: webhookEndpoints.disabledAt })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.id, id));
  return row!;
}

async function run(command: EventsCommand) {
  const lines: string[] = [];
  await command.run([], {
    db: database.current.db,
    out: (line) => lines.push(line),
    secretKeys: testSecretKeys,
    endpointUrlRule: productionUrlRule,
  });
  return lines;
}

describe('an endpoint with only failures', () => {
  it('is disabled after its time of failures, and not before, nor when a delivery got through', async () => {
    const { db } = database.current;
    const dead = await endpointWith('dead', [
      { status: 'parked', failingSince: ago(6) },
      { status: 'pending' },
    ]);
    const young = await endpointWith('young', [{ status: 'parked', failingSince: ago(4) }]);
    const flaky = await endpointWith('flaky', [
      { status: 'parked', failingSince: ago(6) },
      { status: 'delivered', deliveredAt: ago(1) },
    ]);
    const connector = await endpointWith(
      'conn',
      [{ status: 'parked', failingSince: ago(9) }],
      'connector:pms',
    );
    for (const id of [young, flaky, connector])
      expect(await disableFailingEndpoint(db, id, now, fiveDays), String(id)).toBe(false);
    expect(await disableFailingEndpoint(db, dead, now, fiveDays)).toBe(true);
    expect(await stateOf(dead)).toEqual({ active: false, disabledAt: now });
    expect(await stateOf(young)).toEqual({ active: true, disabledAt: null });
    // Once only: a second parked delivery does not disable it again.
    expect(await disableFailingEndpoint(db, dead, now, fiveDays)).toBe(false);
  });

  it('gets no new deliveries, stays disabled through the start-up fit, shows so, and redrive enables it', async () => {
    const { db } = database.current;
    const id = await endpointWith('gone', [{ status: 'parked', failingSince: ago(8) }]);
    expect(await disableFailingEndpoint(db, id, now, fiveDays)).toBe(true);
    await writeAppointmentEvent(db, freshAppointmentIds(1)[0]!, 'booked');
    await sequencePracticeEvents(db, 5000);
    const deliveries = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, id));
    expect(deliveries).toHaveLength(1);

    await fitOwnedEndpointsToGrants(db, { everyPractice: ['gone-client'], somePractices: [] });
    expect(await stateOf(id)).toEqual({ active: false, disabledAt: now });
    expect((await run(endpointsListCommand)).find((line) => line.startsWith('gone '))).toMatch(
      /^gone +disabled 2026-12-10 +0 +1 /,
    );

    expect(await redriveParked(db, { endpoint: 'gone' })).toBe(1);
    expect(await stateOf(id)).toEqual({ active: true, disabledAt: null });
  });
});
