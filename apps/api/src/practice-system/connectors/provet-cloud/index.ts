export { createProvetCloudConnection } from './provet-cloud-connection.ts';
export { type ConnectionClock } from './rolling-window.ts';
