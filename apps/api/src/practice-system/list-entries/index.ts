/**
 * The list-entries module: a group's own entries of the portal's lists through the integration API
 * (decision 0096). Other modules import only this file (decision 0054).
 */
export { listEntryRoutes } from './routes.ts';
