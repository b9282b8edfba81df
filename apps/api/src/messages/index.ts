/**
 * Messages: what the portal sends and the worker that sends it: the e-mail and SMS outboxes' worker, the
 * development mailbox, and appointment and vaccination reminders.
 * Other domains and the roots (app.ts, server.ts) import only this file (decision 0091).
 */
export { devMailboxRoutes, emailWorkerPlugin } from './outbox/index.ts';
export {
  defaultReminderRules,
  maxDaysBefore,
  queueRemindersTask,
  reminderDueAt,
  reminderTasks,
  sendReminderTask,
  smsDeliveryOf,
} from './reminders/index.ts';
