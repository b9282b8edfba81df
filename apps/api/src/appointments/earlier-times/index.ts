/**
 * The earlier-times module (R2.41, decision 0086): the line, offers held for 15 minutes, the
 * one-press take, and the job that lapses offers. Other modules import only this file (decision 0054).
 */
export {
  createEarlierTimesDeps,
  earlierTimeLinks,
  earlierTimeOfferRoutes,
  earlierTimesRoutes,
  withEarlierTimes,
} from './earlier-times-routes.ts';
export { earlierTimesJobPlugin } from './earlier-times-job.ts';
