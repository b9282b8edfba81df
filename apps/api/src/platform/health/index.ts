/**
 * The health module: liveness and readiness.
 * Other modules import only this file (decision 0054).
 */
export { healthRoutes } from './routes.ts';
