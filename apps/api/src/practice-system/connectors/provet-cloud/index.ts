export {
  createProvetCloudConnection,
  type ProvetCloudDeps,
  type ProvetCloudOptions,
} from './provet-cloud-connection.ts';
export { type ConnectionClock, realClock } from './rolling-window.ts';
