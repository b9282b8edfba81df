import { apiErrorSchema } from '@vet/contracts/errors';
import { integrationPathPrefix } from '@vet/contracts/machine-access';
import { practiceEventEnvelopeSchema } from '@vet/contracts/practice-events';
import { practiceEvents } from '@vet/db/schema/practice-events';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { min } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useSignedInTestApp } from '../../testing/signed-in-app.ts';
import {
  eventWriter,
  feedEnd,
  idsAbout,
  readFeed,
  readUntil,
  untilSequenced,
} from './testing/feed-fixtures.ts';

/** Decision 0067: the events after a cursor, in order, for machine callers only. */
const database = useTestDatabase();
const { db } = database;
const { context, signedInClient, machineAuthorization } = useSignedInTestApp(database);

const feed = async (query: Parameters<typeof readFeed>[2]) =>
  readFeed(context.app, await machineAuthorization(), query);

describe('GET /integration/v1/events', () => {
  it('lists the events after the cursor in order, each as its webhook body, and where to go on from', async () => {
    const after = await feedEnd(db);
    const writer = await eventWriter(db);
    const written = [await writer.write(), await writer.write(), await writer.write()];
    await untilSequenced(db, written);

    const page = await feed({ after, limit: 1000 });

    expect(idsAbout(page, writer.clientId)).toEqual(written);
    const mine = page.events.filter((event) => event.data.client_id === writer.clientId);
    for (const event of mine) {
      expect(practiceEventEnvelopeSchema.strict().parse(event)).toMatchObject({
        type: 'client.linked',
        data: writer.data,
      });
      expect(Date.parse(event.timestamp)).not.toBeNaN();
    }
    expect(Number(page.next_after)).toBeGreaterThan(Number(after));
  });

  it('pages through with the cursor: at most limit a page, nothing missed or repeated', async () => {
    const after = await feedEnd(db);
    const writer = await eventWriter(db);
    const written: number[] = [];
    for (let i = 0; i < 7; i += 1) written.push(await writer.write());
    await untilSequenced(db, written);

    const seen: number[] = [];
    let cursor = after;
    for (;;) {
      const page = await feed({ after: cursor, limit: 2 });
      expect(page.events.length).toBeLessThanOrEqual(2);
      seen.push(...idsAbout(page, writer.clientId));
      if (page.events.length === 0) {
        expect(page.next_after).toBe(cursor);
        break;
      }
      expect(Number(page.next_after)).toBeGreaterThan(Number(cursor));
      cursor = page.next_after;
      if (seen.length === written.length) break;
    }
    expect(seen).toEqual(written);
  });

  it('starts from the first event without a cursor, and gives back the cursor past the end', async () => {
    const writer = await eventWriter(db);
    await untilSequenced(db, [await writer.write()]);
    const beyond = '999999999999999';

    const first = await feed({ limit: 1 });
    const none = await feed({ after: beyond });

    const [row] = await db.select({ first: min(practiceEvents.position) }).from(practiceEvents);
    expect(first.events).toHaveLength(1);
    expect(first.next_after).toBe(String(row?.first));
    expect(none).toEqual({ events: [], next_after: beyond });
  });

  it('lists an event whose transaction commits late after the cursor that passed its neighbours', async () => {
    const after = await feedEnd(db);
    const writer = await eventWriter(db);
    let commit!: () => void;
    const held = new Promise<void>((resolve) => (commit = resolve));
    let lateId = 0;
    let written!: () => void;
    const isWritten = new Promise<void>((resolve) => (written = resolve));
    // The late event takes the lower id but commits after its neighbour has been read.
    const late = db.transaction(async (tx) => {
      lateId = await writer.write(tx);
      written();
      await held;
    });
    await isWritten;
    const earlyId = await writer.write();
    await untilSequenced(db, [earlyId]);

    const before = await feed({ after, limit: 1000 });
    expect(idsAbout(before, writer.clientId)).toEqual([earlyId]);
    commit();
    await late;
    await untilSequenced(db, [lateId]);
    const then = await feed({ after: before.next_after, limit: 1000 });

    expect(lateId).toBeLessThan(earlyId);
    expect(idsAbout(then, writer.clientId)).toEqual([lateId]);
  });

  it('numbers the committed events itself: a reader needs no dispatcher running', async () => {
    const after = await feedEnd(db);
    const writer = await eventWriter(db);
    const id = await writer.write();

    const events = await readUntil(
      async (cursor) => feed({ after: cursor, limit: 1000 }),
      after,
      (read) => read.some((event) => event.id === `evt_${id}`),
    );

    expect(events.filter((event) => event.data.client_id === writer.clientId)).toHaveLength(1);
  });

  it('refuses a malformed cursor or limit (400) naming the parameter', async () => {
    const authorization = await machineAuthorization();
    const cases = [
      ['after=abc', 'after'],
      ['after=-1', 'after'],
      ['after=1.5', 'after'],
      ['after=0012', 'after'],
      ['after=1234567890123456', 'after'],
      ['limit=0', 'limit'],
      ['limit=1001', 'limit'],
      ['limit=ten', 'limit'],
      ['limit=2.5', 'limit'],
    ] as const;
    for (const [query, parameter] of cases) {
      const response = await context.app.inject({
        method: 'GET',
        url: `${integrationPathPrefix}/events?${query}`,
        headers: { authorization },
      });
      expect(response.statusCode, query).toBe(400);
      const paths = apiErrorSchema.parse(response.json()).issues?.map((issue) => issue.path);
      expect(paths, query).toEqual([parameter]);
    }
  });

  it('answers only machine callers: a signed-in client 403, nobody 401', async () => {
    const { authorization } = await signedInClient();
    const url = `${integrationPathPrefix}/events`;

    const asClient = await context.app.inject({ method: 'GET', url, headers: { authorization } });
    const asNobody = await context.app.inject({ method: 'GET', url });
    const asMachine = await context.app.inject({
      method: 'GET',
      url: `${url}?after=999999999999999`,
      headers: { authorization: await machineAuthorization() },
    });

    expect([asClient.statusCode, asNobody.statusCode, asMachine.statusCode]).toEqual([403, 401, 200]);
    expect(asClient.body).not.toContain('evt_');
  });
});
