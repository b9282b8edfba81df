import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { recordPracticeEvent, sequencePracticeEvents } from './record-events.ts';
import { practiceEvents } from '@vet/db/schema/practice-events';
import { createClient, createPractice } from '@vet/db/testing/factories';
import { useTestDatabase } from '@vet/db/testing/test-database';

/** Decision 0067: events commit with their change, and are numbered in the order they became visible. */
const { db } = useTestDatabase();

async function aClient() {
  const practice = await createPractice(db);
  const client = await createClient(db, { homePracticeId: practice.id });
  return { clientId: client.id, practiceId: practice.id };
}

const linked = (ids: { clientId: number; practiceId: number }) => ({
  client_id: ids.clientId,
  client_ref: null,
  practice_id: ids.practiceId,
  practice_ref: null,
});

async function positionsOf(ids: number[]) {
  const rows = await db
    .select({ id: practiceEvents.id, position: practiceEvents.position })
    .from(practiceEvents)
    .where(inArray(practiceEvents.id, ids));
  return new Map(rows.map((row) => [row.id, row.position]));
}

describe('recordPracticeEvent', () => {
  it('writes nothing when the change rolls back', async () => {
    const ids = await aClient();
    let eventId = 0;
    await expect(
      db.transaction(async (tx) => {
        eventId = await recordPracticeEvent(tx, 'client.linked', linked(ids));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(eventId).toBeGreaterThan(0);
    expect(await db.select().from(practiceEvents).where(eq(practiceEvents.id, eventId))).toEqual([]);
  });

  it('refuses data its type does not describe', async () => {
    const ids = await aClient();
    await expect(
      recordPracticeEvent(db, 'client.linked', { ...linked(ids), client_id: -1 }),
    ).rejects.toThrow();
  });
});

describe('sequencePracticeEvents', () => {
  it('numbers an event still being written after the ones committed meanwhile, whatever their ids', async () => {
    const ids = await aClient();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let earlyId = 0;
    let written!: () => void;
    const isWritten = new Promise<void>((resolve) => (written = resolve));
    // The early event takes the lower id but commits last.
    const slow = db.transaction(async (tx) => {
      earlyId = await recordPracticeEvent(tx, 'client.linked', linked(ids));
      written();
      await held;
    });
    await isWritten;
    const lateId = await recordPracticeEvent(db, 'client.linked', linked(ids));
    expect(lateId).toBeGreaterThan(earlyId);
    await sequencePracticeEvents(db);
    const before = await positionsOf([earlyId, lateId]);
    expect(before.get(earlyId)).toBeUndefined();
    expect(before.get(lateId)).toEqual(expect.any(Number));

    release();
    await slow;
    await sequencePracticeEvents(db);
    const after = await positionsOf([earlyId, lateId]);
    expect(after.get(earlyId)!).toBeGreaterThan(after.get(lateId)!);
  });

  it('gives every event one position when sequencers race', async () => {
    const ids = await aClient();
    const written = await Promise.all(
      Array.from({ length: 20 }, () => recordPracticeEvent(db, 'client.linked', linked(ids))),
    );
    await Promise.all(Array.from({ length: 4 }, () => sequencePracticeEvents(db)));
    while ((await sequencePracticeEvents(db)) > 0);
    const positions = [...(await positionsOf(written)).values()];
    expect(positions).toHaveLength(20);
    expect(positions.every((position) => typeof position === 'number')).toBe(true);
    expect(new Set(positions).size).toBe(20);
  });
});
