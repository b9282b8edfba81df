export { createEzyvetConnection } from './ezyvet-connection.ts';
export type { EzyvetClock, EzyvetConnectionOptions, EzyvetDeps } from './ezyvet-connection.ts';
