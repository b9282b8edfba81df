import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_BLOCK, reservedRateLimitStore } from './reserved-rate-limit-store.ts';

// Needs a Redis server: TEST_REDIS_URL=redis://127.0.0.1:6379 (every key is fresh and expires within a minute).
const url = process.env.TEST_REDIS_URL;
const minute = 60_000;

describe.skipIf(!url)('the reserved rate-limit store (decision 0088)', () => {
  const clients: Redis[] = [];
  afterAll(() => clients.forEach((client) => client.disconnect()));

  /** A store as an instance of the API has it: a Redis connection of its own, in a fresh namespace. */
  function instance(nameSpace: string) {
    const redis = new Redis(String(url));
    clients.push(redis);
    const Store = reservedRateLimitStore(redis, nameSpace);
    return { redis, store: new Store({ continueExceeding: false, exponentialBackoff: false }) };
  }

  type Store = ReturnType<typeof instance>['store'];
  const incr = (store: Store, key: string, max: number, windowMs = minute) =>
    new Promise<{ current: number; ttl: number }>((resolve, reject) =>
      store.incr(key, (error, result) => (error ? reject(error) : resolve(result!)), windowMs, max),
    );

  it('reserves a block of counts in Redis and hands them out without a round trip each', async () => {
    const nameSpace = `test-${randomUUID()}:`;
    const { redis, store } = instance(nameSpace);
    const first = await incr(store, 'a', 1000);
    expect(first.current).toBe(1);
    expect(first.ttl).toBeGreaterThan(minute - 5_000);
    const firstBlock = Math.min(MAX_BLOCK, Math.floor(1000 / 16));
    expect(Number(await redis.get(`${nameSpace}a`))).toBe(firstBlock);
    const currents = [first.current];
    for (let i = 1; i < firstBlock; i += 1) currents.push((await incr(store, 'a', 1000)).current);
    expect(Number(await redis.get(`${nameSpace}a`))).toBe(firstBlock);
    expect((await incr(store, 'a', 1000)).current).toBe(firstBlock + 1);
    // The next block is a sixteenth of what the first left.
    expect(Number(await redis.get(`${nameSpace}a`))).toBe(
      firstBlock + Math.min(MAX_BLOCK, Math.floor((1000 - firstBlock) / 16)),
    );
    expect(currents).toEqual(Array.from({ length: firstBlock }, (_, i) => i + 1));
  });

  it('never lets an address past its limit through several instances, and refuses it early by little', async () => {
    const nameSpace = `test-${randomUUID()}:`;
    const stores = [instance(nameSpace).store, instance(nameSpace).store, instance(nameSpace).store];
    const max = 200;
    let allowed = 0;
    // The third instance sees the address once and keeps the rest of its block unused; the other two
    // take turns unevenly, as a load balancer with busy instances does.
    for (let i = 0; i < 400; i += 1) {
      const store = stores[i === 0 ? 2 : i % 3 < 2 ? 0 : 1]!;
      if ((await incr(store, 'client', max)).current <= max) allowed += 1;
    }
    expect(allowed).toBeLessThanOrEqual(max);
    // The counts the other instances reserved and did not use: each at most a sixteenth of what was left.
    expect(allowed).toBeGreaterThanOrEqual(max - 2 * Math.floor(max / 16));
  });

  it('is exact near a small limit: one count per reservation', async () => {
    const nameSpace = `test-${randomUUID()}:`;
    const [one, two] = [instance(nameSpace).store, instance(nameSpace).store];
    const currents = [
      (await incr(one, 'b', 2)).current,
      (await incr(two, 'b', 2)).current,
      (await incr(one, 'b', 2)).current,
    ];
    expect(currents).toEqual([1, 2, 3]);
  });

  it('gives requests arriving together distinct counts from one reservation', async () => {
    const nameSpace = `test-${randomUUID()}:`;
    const { redis, store } = instance(nameSpace);
    const results = await Promise.all(Array.from({ length: 40 }, () => incr(store, 'c', 10_000)));
    const currents = results.map((result) => result.current).sort((a, b) => a - b);
    expect(currents).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(Number(await redis.get(`${nameSpace}c`))).toBe(MAX_BLOCK);
  });

  it('starts counting again when the window ends', async () => {
    const nameSpace = `test-${randomUUID()}:`;
    const { redis, store } = instance(nameSpace);
    expect((await incr(store, 'd', 1000, 150)).current).toBe(1);
    const second = await incr(store, 'd', 1000, 150);
    expect(second.current).toBe(2);
    // The block's window ends when its ttl says; Redis's key, started before the answer came, no later.
    await new Promise((resolve) => setTimeout(resolve, second.ttl + 10));
    expect(await redis.exists(`${nameSpace}d`)).toBe(0);
    expect((await incr(store, 'd', 1000, 150)).current).toBe(1);
  });

  it('keeps the route limits exact: a child counts each request in Redis', async () => {
    const nameSpace = `test-${randomUUID()}:`;
    const { redis, store } = instance(nameSpace);
    const child = store.child({ routeInfo: { method: 'POST', url: '/x' } });
    const counted = (key: string) =>
      new Promise<number>((resolve, reject) =>
        child.incr(key, (error, result) => (error ? reject(error) : resolve(result!.current)), minute, 1000),
      );
    expect([await counted('e'), await counted('e')]).toEqual([1, 2]);
    expect(Number(await redis.get(`${nameSpace}POST/x-e`))).toBe(2);
  });

  it('answers an error when Redis cannot be reached, for the plugin to fail open', async () => {
    const redis = new Redis('redis://127.0.0.1:1', {
      connectTimeout: 200,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
      lazyConnect: true,
    });
    redis.on('error', () => {});
    clients.push(redis);
    const Store = reservedRateLimitStore(redis, 'unreachable:');
    const store = new Store({});
    await expect(incr(store, 'f', 1000)).rejects.toThrow();
    await expect(incr(store, 'f', 1000)).rejects.toThrow();
  });
});
