/**
 * The reminders module: appointment reminders by e-mail and SMS (decision 0085), run by the API's queue.
 * Other modules import only this file (decision 0054).
 */
export { reminderCrontab, reminderTasks } from './reminder-tasks.ts';
export type { ReminderTaskOptions } from './reminder-tasks.ts';
export { requireSmsSettings, smsConfigOf, smsDeliveryOf, smsEnvExpected, smsEnvShape } from './sms-config.ts';
export type { SmsConfig } from './sms-config.ts';
