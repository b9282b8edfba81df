import { randomUUID } from 'node:crypto';
import { like, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  giveBackToCounters,
  pruneOnboardingCounters,
  takeFromCounters,
  type CounterUse,
} from './onboarding-counters.ts';
import { onboardingCounters } from './schema/onboarding.ts';
import { useTestDatabase } from './testing/test-database.ts';

/** Decision 0056: the onboarding budgets kept in PostgreSQL. Each test counts in scopes of its own. */
const { db } = useTestDatabase();
const HOUR = 60 * 60 * 1000;

const scopeOf = () => `counters-test-${randomUUID()}`;
const use = (scope: string, overrides: Partial<CounterUse> = {}): CounterUse => ({
  scope,
  key: 'someone',
  max: 3,
  windowMs: HOUR,
  ...overrides,
});

async function rowsOf(scope: string) {
  return db
    .select({ keyHash: onboardingCounters.keyHash, count: onboardingCounters.count })
    .from(onboardingCounters)
    .where(like(onboardingCounters.scope, `${scope}%`));
}

describe('takeFromCounters', () => {
  it('allows max uses in a window, then refuses with the time left, and stores only a hash of the key', async () => {
    const scope = scopeOf();
    const outcomes = [];
    for (let i = 0; i < 4; i += 1) outcomes.push(await takeFromCounters(db, [use(scope)]));
    expect(outcomes.slice(0, 3)).toEqual([null, null, null]);
    expect(outcomes[3]).toEqual({ scope, retryAfterSeconds: expect.any(Number) as number });
    expect(outcomes[3]!.retryAfterSeconds).toBeGreaterThan(HOUR / 1000 - 60);
    expect(outcomes[3]!.retryAfterSeconds).toBeLessThanOrEqual(HOUR / 1000);
    const rows = await rowsOf(scope);
    // The refused use was not counted.
    expect(rows).toEqual([{ keyHash: expect.stringMatching(/^[0-9a-f]{64}$/) as string, count: 3 }]);
    expect(JSON.stringify(rows)).not.toContain('someone');
  });

  it('takes every use or none: a refusal leaves the other counts as they were', async () => {
    const scope = scopeOf();
    const record = use(`${scope}:record`, { key: 'client 1', max: 1 });
    const portal = use(`${scope}:portal`, { key: '', max: 100 });
    expect(await takeFromCounters(db, [record, portal])).toBeNull();
    expect(await takeFromCounters(db, [record, portal])).toMatchObject({ scope: `${scope}:record` });
    const counts = (await rowsOf(scope)).map((row) => row.count).sort();
    expect(counts).toEqual([1, 1]);
  });

  it('counts an amount, adding up uses of the same key', async () => {
    const scope = scopeOf();
    expect(await takeFromCounters(db, [use(scope, { amount: 2 }), use(scope)])).toBeNull();
    expect(await rowsOf(scope)).toEqual([expect.objectContaining({ count: 3 })]);
    expect(await takeFromCounters(db, [use(scope)])).not.toBeNull();
  });

  it('starts a new window once the last one has ended', async () => {
    const scope = scopeOf();
    for (let i = 0; i < 3; i += 1) await takeFromCounters(db, [use(scope)]);
    await db
      .update(onboardingCounters)
      .set({ windowEndsAt: sql`now() - interval '1 second'` })
      .where(like(onboardingCounters.scope, scope));
    expect(await takeFromCounters(db, [use(scope)])).toBeNull();
    expect(await rowsOf(scope)).toEqual([expect.objectContaining({ count: 1 })]);
  });

  it('never lets concurrent uses pass the budget together', async () => {
    const scope = scopeOf();
    const outcomes = await Promise.all(
      Array.from({ length: 30 }, () => takeFromCounters(db, [use(scope, { max: 7 })])),
    );
    expect(outcomes.filter((outcome) => outcome === null)).toHaveLength(7);
    expect(await rowsOf(scope)).toEqual([expect.objectContaining({ count: 7 })]);
  });
});

describe('giveBackToCounters and pruneOnboardingCounters', () => {
  it('give back a use within its window, never below zero', async () => {
    const scope = scopeOf();
    await takeFromCounters(db, [use(scope), use(scope)]);
    await giveBackToCounters(db, [use(scope)]);
    expect(await rowsOf(scope)).toEqual([expect.objectContaining({ count: 1 })]);
    await giveBackToCounters(db, [use(scope, { amount: 5 })]);
    expect(await rowsOf(scope)).toEqual([expect.objectContaining({ count: 0 })]);
  });

  it('delete the counters whose window has ended, and only those', async () => {
    const scope = scopeOf();
    await takeFromCounters(db, [use(`${scope}:ended`), use(`${scope}:current`)]);
    await db
      .update(onboardingCounters)
      .set({ windowEndsAt: sql`now() - interval '1 second'` })
      .where(like(onboardingCounters.scope, `${scope}:ended`));
    expect(await pruneOnboardingCounters(db)).toBeGreaterThanOrEqual(1);
    expect(await rowsOf(scope)).toEqual([expect.objectContaining({ count: 1 })]);
  });
});
