import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import type { Redis } from 'ioredis';

/** The most counts one reservation takes: one Redis round trip per this many requests at best. */
export const MAX_BLOCK = 64;
/** A reservation takes at most this share of what is left of the limit (see the class comment). */
const SHARE_OF_REMAINING = 16;

/** INCRBY a block; the window starts with the key (as @fastify/rate-limit's own script does). */
const reserveScript = `
  local current = redis.call('INCRBY', KEYS[1], ARGV[2])
  local ttl = redis.call('PTTL', KEYS[1])
  if current == tonumber(ARGV[2]) or ttl < 0 then
    redis.call('PEXPIRE', KEYS[1], ARGV[1])
    ttl = tonumber(ARGV[1])
  end
  return {current, ttl}
`;

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

interface Block {
  /** The next count this instance hands out, and the last one it reserved. */
  next: number;
  last: number;
  /** When the key's window ends (this process's clock). */
  endsAt: number;
  /** The limit's headroom when the block was reserved: the next block's size. */
  remaining: number;
  pending?: Promise<void> | undefined;
}

interface StoreParams {
  continueExceeding: boolean;
  exponentialBackoff: boolean;
}

type ReservingRedis = Redis & {
  rateLimitReserve(key: string, windowMs: number, size: number): Promise<[number, number]>;
};

/**
 * The global per-address limit's store with Redis (decision 0088): each instance reserves a block of counts
 * in one INCRBY and hands them out locally, instead of a Redis round trip per request (the round trip was
 * a third of an authorised read's cost under bench:api). The shared counter always holds every count handed
 * out or reserved, so the instances together never let an address past its limit. A block is at most a
 * sixteenth of what is left of the limit (and MAX_BLOCK), so it shrinks to one count, an exact round trip
 * per request, as an address nears its limit; the counts another instance reserved and has not used can
 * refuse an address early by at most that share.
 * The route limits (createRateLimit's children) stay exact per request: @fastify/rate-limit's RedisStore,
 * with its keys.
 */
export function reservedRateLimitStore(redis: Redis, nameSpace: string) {
  const reserving = redis as ReservingRedis;
  if (!('rateLimitReserve' in reserving)) {
    redis.defineCommand('rateLimitReserve', { numberOfKeys: 1, lua: reserveScript });
  }

  return class ReservedRateLimitStore {
    private readonly blocks = new Map<string, Block>();
    private readonly exact: InstanceType<typeof RedisStore>;
    private sweepAt = 0;

    /** Built by @fastify/rate-limit with its global options. */
    constructor(options: object) {
      const { continueExceeding = false, exponentialBackoff = false } = options as Partial<StoreParams>;
      this.exact = new RedisStore(continueExceeding, exponentialBackoff, redis, nameSpace);
    }

    incr(key: string, callback: Callback, timeWindow: number, max: number): void {
      this.take(key, timeWindow, max).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    read(key: string, callback: Callback, timeWindow: number, max: number): void {
      this.exact.read(key, callback, timeWindow, max);
    }

    child(routeOptions: unknown) {
      return this.exact.child(routeOptions);
    }

    private async take(key: string, timeWindow: number, max: number) {
      for (;;) {
        const now = Date.now();
        const block = this.blocks.get(key);
        if (block && block.endsAt > now && block.next <= block.last) {
          const current = block.next;
          block.next += 1;
          return { current, ttl: block.endsAt - now };
        }
        // One reservation at a time per key: the requests that arrive meanwhile share its block.
        if (block?.pending && block.endsAt > now) {
          await block.pending;
          continue;
        }
        await this.reserve(key, block && block.endsAt > now ? block.remaining : max, timeWindow, max);
      }
    }

    private reserve(key: string, remaining: number, timeWindow: number, max: number): Promise<void> {
      const size = Math.max(1, Math.min(MAX_BLOCK, Math.floor(remaining / SHARE_OF_REMAINING)));
      const placeholder: Block = { next: 1, last: 0, endsAt: Number.POSITIVE_INFINITY, remaining };
      const previous = this.blocks.get(key);
      const holder = previous && previous.endsAt > Date.now() ? previous : placeholder;
      this.blocks.set(key, holder);
      const pending = reserving.rateLimitReserve(nameSpace + key, timeWindow, size).then(
        ([total, ttl]) => {
          const now = Date.now();
          this.blocks.set(key, {
            next: total - size + 1,
            last: total,
            endsAt: now + ttl,
            remaining: max - total,
          });
          this.sweep(now);
        },
        (error: unknown) => {
          if (this.blocks.get(key) === holder) this.blocks.delete(key);
          throw error;
        },
      );
      holder.pending = pending;
      return pending;
    }

    /** Forgets the blocks of ended windows, at most once a second. */
    private sweep(now: number): void {
      if (now < this.sweepAt) return;
      this.sweepAt = now + 1000;
      for (const [key, block] of this.blocks)
        if (block.endsAt <= now && !block.pending) this.blocks.delete(key);
    }
  };
}
