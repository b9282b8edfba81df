/**
 * The event-feed module: the portal's events as a feed with a cursor, through the integration API
 * (issue 32). Other modules import only this file (decision 0054).
 */
export { eventFeedRoutes } from './event-feed-routes.ts';
