export { createEzyvetConnection } from './ezyvet-connection.ts';
export type { EzyvetClock } from './ezyvet-connection.ts';
