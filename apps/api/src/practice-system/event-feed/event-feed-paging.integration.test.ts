import { useTestDatabase } from '@vet/db/testing/test-database';
import { describe, expect, it } from 'vitest';
import { useSignedInTestApp } from '../../testing/signed-in-app.ts';
import { eventWriter, feedEnd, readFeed } from './testing/feed-fixtures.ts';

/**
 * Decision 0067: a reader paging through the feed while events are written concurrently, one of them
 * in a transaction that commits only after the reader has passed every other, sees every event once.
 */
const database = useTestDatabase({ max: 12 });
const { db } = database;
const { context, machineAuthorization } = useSignedInTestApp(database);

const writersCount = 4;
const eventsPerWriter = 16;

/** A promise and the function that settles it. */
function signal<T = void>() {
  let settle!: (value: T) => void;
  const promise = new Promise<T>((resolve) => (settle = resolve));
  return { promise, settle };
}

describe('paging through the feed while events are written', () => {
  it('misses nothing and repeats nothing, and lists the late commit after the cursor', async () => {
    const authorization = await machineAuthorization();
    const after = await feedEnd(db);
    const writers = await Promise.all(Array.from({ length: writersCount }, () => eventWriter(db)));
    const mine = new Set(writers.map((writer) => writer.clientId));

    // Written first (the lowest id of the test's events), committed once the reader has read all the others.
    const commitLate = signal();
    const lateWritten = signal<number>();
    const late = db.transaction(async (tx) => {
      lateWritten.settle(await writers[0]!.write(tx));
      await commitLate.promise;
    });
    const lateId = await lateWritten.promise;

    const written: number[] = [lateId];
    const seen: { id: number; clientId: number }[] = [];
    const readSome = signal();
    const readAllOthers = signal();
    let writersDone = false;
    let committed = false;

    const writing = Promise.all(
      writers.map(async (writer) => {
        for (let i = 0; i < eventsPerWriter; i += 1) {
          // Half written, the rest waits until the reader has read some: reading and writing interleave.
          if (i === eventsPerWriter / 2) await readSome.promise;
          written.push(await writer.write());
        }
      }),
    ).then(async () => {
      writersDone = true;
      await readAllOthers.promise;
      commitLate.settle();
      await late;
      committed = true;
    });

    const reading = (async () => {
      const deadline = Date.now() + 20_000;
      let cursor = after;
      try {
        while (!committed || seen.length < written.length) {
          if (Date.now() > deadline)
            throw new Error(`read ${seen.length} of ${written.length} events in time`);
          const page = await readFeed(context.app, authorization, { after: cursor, limit: 5 });
          if (page.events.length > 0) expect(Number(page.next_after)).toBeGreaterThan(Number(cursor));
          else expect(page.next_after).toBe(cursor);
          cursor = page.next_after;
          for (const event of page.events) {
            const clientId = event.data.client_id as number;
            if (mine.has(clientId)) seen.push({ id: Number(event.id.slice('evt_'.length)), clientId });
          }
          if (seen.length > 0) readSome.settle();
          if (writersDone && seen.length >= written.length - 1) readAllOthers.settle();
        }
      } finally {
        readSome.settle();
        readAllOthers.settle();
      }
    })();
    await Promise.all([writing, reading]);

    const ids = seen.map((event) => event.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort((a, b) => a - b)).toEqual([...written].sort((a, b) => a - b));
    // The late event has the lowest id, yet is listed after the cursor that had passed every other.
    expect(ids.at(-1)).toBe(lateId);
    // Each writer's events were committed one after another: they are listed in that order.
    for (const writer of writers) {
      const own = seen.filter((event) => event.clientId === writer.clientId && event.id !== lateId);
      const inOrder = own.map((event) => event.id);
      expect(inOrder).toEqual([...inOrder].sort((a, b) => a - b));
    }
  });
});
