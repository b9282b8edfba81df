import type { Database } from '@vet/db/connection';
import type { EmailLogger } from '@vet/email/email-logger';
import type { TaskList } from 'graphile-worker';
import type { ManageLinks } from '../../appointments/index.ts';
import {
  queueDueReminders,
  queueRemindersTask,
  reminderChannels,
  sendReminderTask,
} from './queue-reminders.ts';
import { createSendReminderTask } from './send-reminder.ts';
import {
  createSendVaccinationReminderTask,
  queueVaccinationReminders,
  queueVaccinationRemindersTask,
  sendVaccinationReminderTask,
} from './vaccination-reminders.ts';

export interface ReminderTaskOptions {
  brandName: string;
  /** The portal's public address: reminder e-mails link its complaints page (decision 0143). */
  portalUrl: string;
  /** The manage links reminders carry: each reminder's ends the earlier ones (decision 0095). */
  manageLinks: Pick<ManageLinks, 'forReminders'>;
  /** Booking with the pet chosen (`/appointments/book?petId=`): vaccination reminders link there. */
  bookingLink: (petId: number) => string;
  /** SMS off: reminders go by e-mail only. */
  smsEnabled: boolean;
  logger: EmailLogger;
  now?: () => Date;
}

/** Every minute: the queue looks for reminders that have come due (decision 0085). */
export const reminderCrontab = [
  `* * * * * ${queueRemindersTask}`,
  `* * * * * ${queueVaccinationRemindersTask}`,
];

/** The reminders' tasks for the API's queue (the e-mail worker runs them). */
export function reminderTasks(options: ReminderTaskOptions) {
  const channels = reminderChannels.filter((channel) => channel === 'email' || options.smsEnabled);
  const now = options.now ?? (() => new Date());
  return (db: Database): TaskList => ({
    [queueRemindersTask]: async () => {
      const queued = await queueDueReminders(db, now(), channels);
      if (queued > 0) options.logger.info({ queued }, 'appointment reminders queued');
    },
    [sendReminderTask]: createSendReminderTask({ ...options, db, now }),
    [queueVaccinationRemindersTask]: async () => {
      const queued = await queueVaccinationReminders(db, now(), channels);
      if (queued > 0) options.logger.info({ queued }, 'vaccination reminders queued');
    },
    [sendVaccinationReminderTask]: createSendVaccinationReminderTask({ ...options, db, now }),
  });
}
