import { mailboxDelivery, smtpDelivery } from '@vet/email/email-delivery';
import { emailWorkerConcurrency, startEmailWorker } from '@vet/email/email-worker';
import type { Database } from '@vet/db/connection';
import fp from 'fastify-plugin';
import type { TaskList } from 'graphile-worker';
import { manageLinks } from '../../appointments/index.ts';
import { retentionCrontab, retentionTasks, type RetentionOptions } from '../../platform/index.ts';
import { planNoticeCrontab, planNoticeTasks } from '../../plans/index.ts';
import { billNoticeCrontab, billNoticeTasks } from '../bills/index.ts';
import { reminderCrontab, reminderTasks, smsDeliveryOf, type SmsSettings } from '../reminders/index.ts';

export interface EmailWorkerPluginOptions {
  databaseUrl: string;
  /** E-mails and text messages sent at once (EMAIL_WORKER_CONCURRENCY); unset: the worker's default. */
  concurrency?: number;
  /** The mail server; unset: e-mails are kept for the development mailbox. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** The rest, given by the running server, also queue and send reminders and text messages. */
  sms?: SmsSettings;
  brandName?: string;
  /** The portal's public address, without a trailing slash (links in reminders). */
  portalUrl?: string;
  /** The key of manage links' tokens (decision 0084). */
  verificationCodePepper?: string;
  /** Whether the queue looks for reminders to send (decision 0085). */
  reminders?: boolean;
  /** The daily retention job's settings (decision 0119); unset or not enabled: the job is not scheduled. */
  retention?: Pick<RetentionOptions, 'periods' | 'batchSize' | 'pauseMs' | 'files'> & { enabled: boolean };
  /** Other domains' tasks for the same queue (a cancelled plan's Direct Debit ended at the provider). */
  tasks?: (db: Database) => TaskList;
  /** Other domains' recurring jobs, crontab lines naming their tasks (the sweep of unsent attachments). */
  crontab?: readonly string[];
  /** Milliseconds between looks for due retries (tests shorten it). */
  pollInterval?: number;
}

/**
 * Runs the outbox's delivery worker inside the API process (R4.26), and stops it, letting the e-mails being
 * sent finish, when the app closes. Every API instance runs one; the queue keeps them from sending an
 * e-mail twice. Without SMTP_URL the worker keeps e-mails for the development mailbox instead. Given the
 * portal's settings (the running server gives its whole config), it also queues and sends appointment
 * reminders, and sends text messages through the configured provider (decision 0085).
 */
export const emailWorkerPlugin = fp<EmailWorkerPluginOptions>(
  async (app, options) => {
    const { databaseUrl, smtpUrl, mailFrom, pollInterval } = options;
    const concurrency = options.concurrency ?? emailWorkerConcurrency;
    const logger = app.log.child({ component: 'email-worker' });
    // A connection kept open for each e-mail the worker sends at once: a new connection a message held
    // the send rate to about 30 a second (bench:reminders).
    const delivery = smtpUrl
      ? smtpDelivery({ smtpUrl, from: mailFrom, pooled: concurrency })
      : mailboxDelivery;
    const sms = options.sms ? smsDeliveryOf(options.sms) : undefined;
    const reminders =
      options.brandName && options.portalUrl && options.verificationCodePepper
        ? reminderTasks({
            brandName: options.brandName,
            portalUrl: options.portalUrl,
            manageLinks: manageLinks(options.portalUrl, options.verificationCodePepper),
            bookingLink: (petId) => `${options.portalUrl}/appointments/book?petId=${petId}`,
            smsEnabled: sms !== undefined,
            logger: app.log.child({ component: 'reminders' }),
          })
        : undefined;
    // New estimates and bills, e-mailed to their owners (decision 0153): service messages, so REMINDERS=off
    // does not stop them.
    const billNotices =
      options.brandName && options.portalUrl
        ? billNoticeTasks({
            brandName: options.brandName,
            portalUrl: options.portalUrl,
            logger: app.log.child({ component: 'bill-notices' }),
          })
        : undefined;
    // Health plans' renewal, failed-payment and pet-gone notices (decision 0163): service messages too.
    const planNotices =
      options.brandName && options.portalUrl
        ? planNoticeTasks({
            brandName: options.brandName,
            portalUrl: options.portalUrl,
            logger: app.log.child({ component: 'plan-notices' }),
          })
        : undefined;
    const retention = options.retention?.enabled
      ? retentionTasks(options.retention, app.log.child({ component: 'retention' }))
      : undefined;
    const worker = await startEmailWorker({
      databaseUrl,
      concurrency,
      applicationName: 'portal-api:job-queue',
      delivery,
      logger,
      pollInterval,
      sms,
      tasks: (db) => ({
        ...reminders?.(db),
        ...billNotices?.(db),
        ...retention?.(db),
        ...options.tasks?.(db),
        ...planNotices?.(db),
      }),
      crontab: [
        // REMINDERS=off: nothing new is queued; reminders queued before still go.
        ...(reminders && options.reminders !== false ? reminderCrontab : []),
        ...(billNotices ? [billNoticeCrontab] : []),
        ...(planNotices ? [planNoticeCrontab] : []),
        ...(retention ? [retentionCrontab] : []),
        ...(options.crontab ?? []),
      ],
    });
    logger.info(
      { delivery: delivery.kind, sms: sms?.kind ?? 'off' },
      smtpUrl
        ? 'e-mail worker started'
        : 'e-mail worker started: no SMTP_URL, e-mails are kept for /dev/mailbox',
    );
    app.addHook('onClose', () => worker.stop());
  },
  { name: 'email-worker' },
);
