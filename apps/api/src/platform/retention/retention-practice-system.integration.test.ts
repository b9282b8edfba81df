import { integrationIdempotencyKeys as keys } from '@vet/db/schema/integration-writes';
import { useOwnDatabase } from '@vet/db/testing/own-database';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { daysAgo, now, runRetention } from './testing/retention-test-kit.ts';

/** Decision 0139: what the practice system's integration leaves behind ages out for every caller. */
const database = useOwnDatabase('retention_practice_system');
const HOUR = 3600_000;

describe('applyRetention: integration Idempotency-Keys', () => {
  it('deletes the keys past their day of a caller who never writes again, and keeps the day’s', async () => {
    const { db } = database.current;
    const caller = 'vendor-gone-quiet';
    const key = (name: string, createdAt: Date, answered = true) => ({
      caller,
      key: name,
      requestHash: 'hash',
      statusCode: answered ? 201 : null,
      responseBody: answered ? '{"outcome":"applied"}' : null,
      createdAt,
    });
    await db
      .insert(keys)
      .values([
        key('two-days', daysAgo(2)),
        key('a-day-and-an-hour', new Date(now.getTime() - 25 * HOUR)),
        key('abandoned', daysAgo(3), false),
        key('an-hour', new Date(now.getTime() - HOUR)),
      ]);
    const outcomes = await runRetention(db);
    const left = await db.select({ key: keys.key }).from(keys).where(eq(keys.caller, caller));
    expect(left.map((row) => row.key)).toEqual(['an-hour']);
    expect(outcomes.get('integration-idempotency-keys')).toMatchObject({ rows: 3, days: 1 });
  });
});
