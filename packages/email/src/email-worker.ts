import { connectDatabase } from '@vet/db/connection';
import { endIdleSessions } from '@vet/db/end-idle-sessions';
import { expireGuestHolds } from '@vet/clinician-time/expire-guest-holds';
import { pruneOnboardingCounters } from '@vet/db/onboarding-counters';
import { run, type TaskList } from 'graphile-worker';
import { describeFailure } from './describe-failure.ts';
import type { EmailDelivery } from './email-delivery.ts';
import { queueLogger, type EmailLogger } from './email-logger.ts';
import { codeLostConnectionErrors, retryQueueWritesWhileTheDatabaseRestarts } from './queue-retries.ts';
import { createSendEmailTask } from './send-email-task.ts';
import { sendEmailTask } from './send-email-job.ts';
import { sendSmsTask } from './send-sms-job.ts';
import { createSendSmsTask } from './send-sms-task.ts';
import { outboxSmsDelivery, type SmsDelivery } from './sms-delivery.ts';

/** The recurring job that releases expired guest holds' reservations (decision 0022). */
export const expireGuestHoldsTask = 'expire-guest-holds';

/**
 * The recurring job that deletes the portal's idle and expired sessions that hold no refresh token (R9.1
 * on the server); the web ends the others, revoking their tokens (decision 0058).
 */
export const endIdleSessionsTask = 'end-idle-sessions';

/** The recurring job that deletes onboarding counters whose window has ended (decision 0056). */
export const pruneOnboardingCountersTask = 'prune-onboarding-counters';

/**
 * The queue's schedule (given here, else the queue would read a `crontab` file from the working
 * directory): every minute, expired guest holds are released and idle sessions deleted; every hour, the
 * onboarding counters that count nothing any more. A run missed while no worker ran is not made up: the
 * next run catches up with everything due by then.
 */
export const workerCrontab = [
  `* * * * * ${expireGuestHoldsTask}`,
  `* * * * * ${endIdleSessionsTask}`,
  `17 * * * * ${pruneOnboardingCountersTask}`,
].join('\n');

/** E-mails sent at once by one process unless told otherwise: SMTP servers throttle eager senders. */
export const emailWorkerConcurrency = 2;

/**
 * Jobs one worker process fetches from the database at once and hands to its sends as each finishes
 * (graphile-worker's local queue, decision 0089): four for each send at a time. A job fetched ahead is
 * locked, so another instance does not take it; a new e-mail's job waits behind at most these few.
 */
export const localQueueSize = (concurrency: number) => Math.max(2, 4 * concurrency);

export interface EmailWorkerOptions {
  databaseUrl: string;
  /** Names the queue's connections in pg_stat_activity. */
  applicationName?: string;
  delivery: EmailDelivery;
  logger: EmailLogger;
  /** E-mails sent at once by this process (default 2): SMTP servers throttle eager senders. */
  concurrency?: number;
  /**
   * Milliseconds between looks for jobs whose retry time has come (default 2000). New jobs need no
   * polling: the queue hears of them at once (LISTEN/NOTIFY).
   */
  pollInterval?: number;
  /** Where text messages go (decision 0085); default: the development outbox. */
  sms?: SmsDelivery;
  /**
   * More tasks for the same queue (the API's appointment reminders), each given the worker's own
   * database; and the schedule lines that run them, added to workerCrontab.
   */
  tasks?: (db: ReturnType<typeof connectDatabase>['db']) => TaskList;
  crontab?: string[];
  /** The clock the text messages' quiet hours are read from (tests hold it). */
  now?: () => Date;
}

export interface EmailWorker {
  /** Finishes the e-mails being sent, then stops and closes the worker's connections. */
  stop: () => Promise<void>;
}

/**
 * Delivers the outbox through graphile-worker's queue. Any number of processes may run one on the same
 * database: the queue hands each job to one worker at a time, and the task's row lock and status check
 * (send-email-task.ts) keep a retried job from sending twice.
 */
export async function startEmailWorker(options: EmailWorkerOptions): Promise<EmailWorker> {
  await retryQueueWritesWhileTheDatabaseRestarts();
  const concurrency = options.concurrency ?? emailWorkerConcurrency;
  // A pool of its own: the queue keeps one connection to listen on, and each job holds one while sending.
  const database = connectDatabase(options.databaseUrl, {
    max: concurrency + 2,
    applicationName: options.applicationName,
  });
  codeLostConnectionErrors(database.pool);
  try {
    const runner = await run({
      pgPool: database.pool,
      concurrency,
      pollInterval: options.pollInterval ?? 2000,
      // Jobs fetched ahead (decision 0089): one fetch a batch, not a fetch a job. Completions stay one at a
      // time: graphile-worker's batched completion gives up on its first database error and stops the
      // worker (see queue-retries.ts).
      preset: { worker: { localQueue: { size: localQueueSize(concurrency) } } },
      noHandleSignals: true,
      crontab: [workerCrontab, ...(options.crontab ?? [])].join('\n'),
      logger: queueLogger(options.logger),
      taskList: {
        [sendEmailTask]: createSendEmailTask({
          db: database.db,
          delivery: options.delivery,
          logger: options.logger,
        }),
        [sendSmsTask]: createSendSmsTask({
          db: database.db,
          delivery: options.sms ?? outboxSmsDelivery,
          logger: options.logger,
          ...(options.now ? { now: options.now } : {}),
        }),
        ...options.tasks?.(database.db),
        [expireGuestHoldsTask]: async () => {
          await expireGuestHolds(database.db);
        },
        [endIdleSessionsTask]: async () => {
          await endIdleSessions(database.db);
        },
        [pruneOnboardingCountersTask]: async () => {
          await pruneOnboardingCounters(database.db);
        },
      },
    });
    runner.promise.catch((error: unknown) => {
      options.logger.error({ reason: describeFailure(error) }, 'the e-mail worker stopped');
    });
    return {
      stop: async () => {
        await runner.stop();
        options.delivery.close();
        await database.close();
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}
