// The parts of @fastify/rate-limit's own Redis store (shipped without types) that the reserved store uses.
declare module '@fastify/rate-limit/store/RedisStore.js' {
  import type { Redis } from 'ioredis';

  type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

  class RedisStore {
    constructor(continueExceeding: boolean, exponentialBackoff: boolean, redis: Redis, key?: string);
    incr(key: string, callback: Callback, timeWindow: number, max: number): void;
    read(key: string, callback: Callback, timeWindow?: number, max?: number): void;
    child(routeOptions: unknown): RedisStore;
  }
  export default RedisStore;
}
