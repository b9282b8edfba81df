/**
 * The telemetry module: the browser's telemetry posts.
 * Other modules import only this file (decision 0054).
 */
export { telemetryRoutes } from './routes.ts';
