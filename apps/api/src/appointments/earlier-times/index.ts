/**
 * The earlier-times module (R2.41, decision 0086): the line, offers held for 15 minutes, the
 * one-press take, and the job that lapses offers. Other modules import only this file (decision 0054).
 */
export {
  createEarlierTimesDeps,
  earlierTimeLimits,
  earlierTimeLinks,
  earlierTimeOfferRoutes,
  earlierTimesRoutes,
  withEarlierTimes,
} from './earlier-times-routes.ts';
export type { EarlierTimesRouteOptions } from './earlier-times-routes.ts';
export { earlierTimesJobPlugin, runEarlierTimes } from './earlier-times-job.ts';
export { offerFreedTimes } from './offer-freed-time.ts';
export type { EarlierTimesDeps } from './earlier-times-common.ts';
