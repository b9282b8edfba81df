import { mailboxDelivery, smtpDelivery } from '@vet/email/email-delivery';
import { startEmailWorker } from '@vet/email/email-worker';
import fp from 'fastify-plugin';
import type { ApiConfig } from '../config.ts';

export type EmailWorkerPluginOptions = Pick<ApiConfig, 'databaseUrl' | 'smtpUrl' | 'mailFrom'> & {
  /** Milliseconds between looks for due retries (tests shorten it). */
  pollInterval?: number;
};

/**
 * Runs the outbox's delivery worker inside the API process (R4.26), and stops it, letting the e-mails being
 * sent finish, when the app closes. Every API instance runs one; the queue keeps them from sending an
 * e-mail twice. Without SMTP_URL the worker keeps e-mails for the development mailbox instead.
 */
export const emailWorkerPlugin = fp<EmailWorkerPluginOptions>(
  async (app, { databaseUrl, smtpUrl, mailFrom, pollInterval }) => {
    const logger = app.log.child({ component: 'email-worker' });
    const delivery = smtpUrl ? smtpDelivery({ smtpUrl, from: mailFrom }) : mailboxDelivery;
    const worker = await startEmailWorker({ databaseUrl, delivery, logger, pollInterval });
    logger.info(
      { delivery: delivery.kind },
      smtpUrl
        ? 'e-mail worker started'
        : 'e-mail worker started: no SMTP_URL, e-mails are kept for /dev/mailbox',
    );
    app.addHook('onClose', () => worker.stop());
  },
  { name: 'email-worker' },
);
