/**
 * The event-feed module: the portal's events as a feed with a cursor, through the integration API
 * (decision 0067). Other modules import only this file (decision 0054).
 */
export { eventFeedRoutes } from './event-feed-routes.ts';
