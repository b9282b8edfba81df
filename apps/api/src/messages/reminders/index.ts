/**
 * The reminders module: appointment reminders by e-mail and SMS (decision 0085), run by the API's queue.
 * Other modules import only this file (decision 0054).
 */
export { reminderCrontab, reminderTasks } from './reminder-tasks.ts';
export { smsDeliveryOf } from './sms-delivery.ts';
export type { SmsSettings } from './sms-delivery.ts';
export { queueRemindersTask, sendReminderTask } from './queue-reminders.ts';
export { defaultReminderRules, maxDaysBefore, reminderDueAt } from './reminder-rules.ts';
