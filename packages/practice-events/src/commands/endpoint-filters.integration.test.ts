import { recordPracticeEvent, sequencePracticeEvents } from '../record-events.ts';
import { webhookDeliveries, webhookEndpoints } from '@vet/db/schema/practice-events';
import { createClient, createPractice } from '@vet/db/testing/factories';
import { useOwnDatabase } from '@vet/db/testing/own-database';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { productionUrlRule, testSecretKeys } from '../testing/secret-keys.ts';
import { endpointsAddCommand } from './endpoints.ts';

/**
 * Decision 0105: an endpoint added with `--practices` and `--types` gets deliveries only of the events of
 * those practices and types; one added without them gets every event. On a database of the file's own,
 * so no other file's events become deliveries here. No dispatcher runs: the deliveries stay as written.
 */
const database = useOwnDatabase('practice_events_filters_test');

async function add(...args: string[]) {
  const lines: string[] = [];
  const status = await endpointsAddCommand.run(args, {
    db: database.current.db,
    out: (line) => lines.push(line),
    secretKeys: testSecretKeys,
    endpointUrlRule: productionUrlRule,
  });
  return { status, text: lines.join('\n') };
}

async function deliveredEvents(name: string) {
  const { db } = database.current;
  const rows = await db
    .select({ eventId: webhookDeliveries.eventId })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookEndpoints.name, name))
    .orderBy(asc(webhookDeliveries.eventId));
  return rows.map((row) => row.eventId);
}

describe('endpoints add --practices --types', () => {
  it('writes deliveries only of the endpoint’s practices and types', async () => {
    const { db } = database.current;
    const north = await createPractice(db, { pmsRef: 'PRAC-NORTH' });
    const south = await createPractice(db, { pmsRef: 'PRAC-SOUTH' });
    const northClient = await createClient(db, { homePracticeId: north.id });
    const southClient = await createClient(db, { homePracticeId: south.id });

    const added = [
      await add('north', 'https://north.example/events', '--practices', 'PRAC-NORTH'),
      await add('deletions', 'https://pms.example/deleted', '--types', 'client.online_account_deleted'),
      await add(
        'south-linked',
        'https://south.example/events',
        '--practices',
        'PRAC-SOUTH,PRAC-ELSEWHERE',
        '--types',
        'client.linked',
      ),
      await add('everything', 'https://group.example/events'),
    ];
    expect(added.map((result) => result.status)).toEqual([0, 0, 0, 0]);
    expect(added[0]?.text).toContain('of PRAC-NORTH, of every type');

    const linked = (client: typeof northClient) =>
      recordPracticeEvent(db, 'client.linked', {
        client_id: client.id,
        client_ref: null,
        practice_id: client.homePracticeId,
        practice_ref: null,
      });
    const deleted = (client: typeof northClient) =>
      recordPracticeEvent(db, 'client.online_account_deleted', {
        client_id: client.id,
        client_ref: null,
        deleted_at: new Date().toISOString(),
      });
    const northLinked = await linked(northClient);
    const southLinked = await linked(southClient);
    const northDeleted = await deleted(northClient);
    const southDeleted = await deleted(southClient);
    while ((await sequencePracticeEvents(db)) > 0);

    expect(await deliveredEvents('north')).toEqual([northLinked, northDeleted]);
    expect(await deliveredEvents('deletions')).toEqual([northDeleted, southDeleted]);
    expect(await deliveredEvents('south-linked')).toEqual([southLinked]);
    expect(await deliveredEvents('everything')).toEqual([
      northLinked,
      southLinked,
      northDeleted,
      southDeleted,
    ]);
  });

  it('refuses an unknown event type by name, and a flag it does not know, adding nothing', async () => {
    const unknown = await add('typo', 'https://pms.example/a', '--types', 'client.linked,appointment.bookd');
    const flag = await add('flag', 'https://pms.example/b', '--practice', 'PRAC-NORTH');
    const empty = await add('empty', 'https://pms.example/c', '--practices');

    expect([unknown.status, flag.status, empty.status]).toEqual([1, 1, 1]);
    expect(unknown.text).toBe('Not added: unknown event type appointment.bookd.');
    expect(flag.text).toContain('--practice is not');
    const names = await database.current.db.select({ name: webhookEndpoints.name }).from(webhookEndpoints);
    expect(names.map((row) => row.name).filter((name) => ['typo', 'flag', 'empty'].includes(name))).toEqual(
      [],
    );
  });
});
