/** Jobs run every interval in a process (decisions 0086, 0157). */
export { scheduleIntervalJob, type IntervalJob } from './interval-job.ts';
