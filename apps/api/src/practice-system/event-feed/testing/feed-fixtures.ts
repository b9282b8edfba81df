import { eventFeedSchema, type EventFeed } from '@vet/contracts/integration-events';
import { integrationPathPrefix } from '@vet/contracts/machine-access';
import type { Database, Executor } from '@vet/db/connection';
import { recordPracticeEvent, sequencePracticeEvents } from '@vet/practice-events/record-events';
import { practiceEvents } from '@vet/db/schema/practice-events';
import { createClient, createPractice } from '@vet/db/testing/factories';
import { and, inArray, isNotNull, max } from 'drizzle-orm';
import type { App } from '../../../app.ts';

/** Reads the feed as a practice system does; the answer is checked against its contract. */
export async function readFeed(
  app: App,
  authorization: string,
  query: { after?: string; limit?: number } = {},
): Promise<EventFeed> {
  const params = new URLSearchParams();
  if (query.after !== undefined) params.set('after', query.after);
  if (query.limit !== undefined) params.set('limit', String(query.limit));
  const response = await app.inject({
    method: 'GET',
    url: `${integrationPathPrefix}/events?${params.toString()}`,
    headers: { authorization },
  });
  if (response.statusCode !== 200) throw new Error(`feed answered ${response.statusCode}: ${response.body}`);
  return eventFeedSchema.parse(response.json());
}

/**
 * The cursor of the feed's end now: the tests share one database, so each starts after the events that
 * other tests wrote before it, and looks only at its own.
 */
export async function feedEnd(db: Database): Promise<string> {
  while ((await sequencePracticeEvents(db)) > 0);
  const [row] = await db.select({ last: max(practiceEvents.position) }).from(practiceEvents);
  return String(row?.last ?? 0);
}

/** A client of the test's own, whose `client.linked` events it writes and looks for. */
export async function eventWriter(db: Database) {
  const practice = await createPractice(db);
  const client = await createClient(db, { homePracticeId: practice.id });
  const data = { client_id: client.id, client_ref: null, practice_id: practice.id, practice_ref: null };
  return {
    clientId: client.id,
    data,
    /** Writes one event through the executor (a transaction the test holds open, or the pool). */
    write: (executor: Executor = db) => recordPracticeEvent(executor, 'client.linked', data),
  };
}

/** The event ids (numbers) of a page that are about the given client. */
export function idsAbout(feed: EventFeed, clientId: number): number[] {
  return feed.events
    .filter((event) => event.data.client_id === clientId)
    .map((event) => Number(event.id.replace('evt_', '')));
}

/**
 * Waits until the given events have their positions (another sequencer, such as a dispatcher of another
 * test file, may hold the turn when the feed asks), so a test reads the feed once they are listable.
 */
export async function untilSequenced(db: Database, ids: number[], timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await sequencePracticeEvents(db);
    const numbered = await db
      .select({ id: practiceEvents.id })
      .from(practiceEvents)
      .where(and(inArray(practiceEvents.id, ids), isNotNull(practiceEvents.position)));
    if (numbered.length === ids.length) return;
    if (Date.now() > deadline) throw new Error(`events ${ids.join(', ')} were not sequenced in time`);
  }
}

/** Polls the feed from a cursor until `done` holds of what was read, with a deadline. */
export async function readUntil(
  read: (after: string) => Promise<EventFeed>,
  after: string,
  done: (events: EventFeed['events']) => boolean,
  timeoutMs = 10_000,
): Promise<EventFeed['events']> {
  const deadline = Date.now() + timeoutMs;
  const events: EventFeed['events'] = [];
  let cursor = after;
  for (;;) {
    const page = await read(cursor);
    events.push(...page.events);
    cursor = page.next_after;
    if (done(events)) return events;
    if (Date.now() > deadline) throw new Error('the feed did not list the events in time');
  }
}
