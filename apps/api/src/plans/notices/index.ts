/** The plan notices (decision 0163): renewal, failed payment and pet gone, queued by a scan every ten minutes. */
export { paymentFailureWindowDays } from './claim-plan-notices.ts';
export { cancelLabel, type PlanNoticeSettings } from './plan-notice-emails.ts';
export {
  planNoticeBatchSize,
  planNoticeCrontab,
  planNoticeTasks,
  queuePlanNotices,
  queuePlanNoticesTask,
  type PlanNoticeCounts,
} from './plan-notice-tasks.ts';
