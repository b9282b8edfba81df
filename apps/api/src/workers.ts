import Fastify from 'fastify';
import type { Registry } from 'prom-client';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { DatabaseHandle } from '@vet/db/connection';
import type { ApiConfig } from './config/index.ts';
import { bookingCaps, createBookingDeps, earlierTimesJobPlugin } from './appointments/index.ts';
import { emailWorkerPlugin } from './messages/index.ts';
import {
  createBookingPaymentHooks,
  createPaymentsRepository,
  paymentSweepPlugin,
  stripeProvider,
  sweepBookingPayments,
} from './payments/index.ts';
import {
  databasePlugin,
  healthRoutes,
  httpMetricsPlugin,
  loggerOptions,
  type LogDestination,
  toErrorResponse,
} from './platform/index.ts';
import { gocardlessProvider, planTasks } from './plans/index.ts';
import {
  attachmentStoreOf,
  externalAttachmentFiles,
  unsentAttachmentCrontab,
  unsentAttachmentTasks,
} from './conversations/index.ts';
import { connectorsPlugin, createVendorConnection, eventDispatcherPlugin } from './practice-system/index.ts';

type AppWithWorkers = Parameters<typeof emailWorkerPlugin>[0];

/**
 * The background work of the running server (decision 0126): the queue (e-mail, text messages, reminders,
 * retention), the connectors to practice systems, the practice events' dispatcher and earlier times'
 * minute job, and the sweep of payments left pending. Each closes with the app, letting the job or delivery in hand finish and taking no new one;
 * each can run in several processes at once (the queue's job locks, the deliveries' row locks, the
 * connectors' leases, the minute job's re-checked updates). An app built for a test runs none.
 */
export async function registerWorkers(
  app: AppWithWorkers,
  config: ApiConfig,
  registry: Registry | undefined,
): Promise<void> {
  // The workers LISTEN and keep sessions: the server itself, never a transaction pooler (decision 0128).
  const direct = {
    ...config,
    databaseUrl: config.database.directUrl,
    concurrency: config.database.emailConcurrency,
  };
  // A cancelled plan's Direct Debit, ended at the provider until it answers (decision 0162).
  const plans =
    config.directDebit.provider === 'gocardless'
      ? planTasks(gocardlessProvider(config.directDebit))
      : undefined;
  // Uploads never sent on a message, deleted with their bytes after a day (decision 0165).
  const unsentAttachments = unsentAttachmentTasks({
    store: (db) => attachmentStoreOf(config.attachments.store, db),
    logger: app.log.child({ component: 'unsent-attachments' }),
  });
  await app.register(emailWorkerPlugin, {
    ...direct,
    // Retention deletes a disk or S3 store's bytes of the files it removes (decision 0169).
    retention: { ...config.retention, files: externalAttachmentFiles(config.attachments.store) },
    tasks: (db) => ({ ...plans?.(db), ...unsentAttachments(db) }),
    crontab: [unsentAttachmentCrontab],
  });
  // The connectors (decision 0106): their reading, and their way out, which the dispatcher below hands
  // their endpoints' events to.
  await app.register(connectorsPlugin, {
    connectors: config.connectors,
    settings: { brandName: config.brandName, mailFrom: config.mailFrom, portalUrl: config.portalUrl },
    createConnection: createVendorConnection,
    registry,
    hintsDatabaseUrl: config.database.directUrl,
  });
  // Practice events' webhooks (decision 0067).
  await app.register(eventDispatcherPlugin, direct);
  // Earlier times' minute job (decision 0086): lapsed offers go to the next in line.
  await app.register(earlierTimesJobPlugin, config);
  // Payments still pending past their page's end, settled by what Stripe says (decision 0157).
  if (config.payments.provider === 'stripe') {
    const provider = stripeProvider(config.payments);
    await app.register(paymentSweepPlugin, {
      deps: {
        repository: createPaymentsRepository(),
        provider,
        portalUrl: config.portalUrl,
        brandName: config.brandName,
      },
      // A late payment's held time becomes its appointment here too, with the booking's e-mails (decision 0158).
      bookings: (db) =>
        createBookingPaymentHooks(
          db,
          createBookingDeps(db, {
            brandName: config.brandName,
            caps: bookingCaps(config.bookingCaps),
            mailFrom: config.mailFrom,
            portalUrl: config.portalUrl,
          }),
          provider,
        ),
      bookingRules: (db) => sweepBookingPayments({ db, provider, now: () => new Date() }),
    });
  }
}

export interface WorkerAppOptions {
  config: ApiConfig;
  db: DatabaseHandle['db'];
  pool: DatabaseHandle['pool'];
  /** Direct connections for the connectors' import sessions (decision 0128). */
  sessionPool: DatabaseHandle['pool'];
  logger: LogDestination;
  metrics: Registry | undefined;
}

/**
 * A worker process's app (PORTAL_ROLE=worker): the workers, and a listener for the orchestrator's probes
 * only (/healthz, /readyz); every other path is 404. It serves no client and no practice system.
 */
export async function buildWorkerApp({ config, db, pool, sessionPool, logger, metrics }: WorkerAppOptions) {
  const app = Fastify({
    logger: loggerOptions(config.logLevel, logger),
    keepAliveTimeout: config.process.http.keepAliveTimeoutMs,
  });
  app.server.headersTimeout = config.process.http.headersTimeoutMs;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  if (metrics) await app.register(httpMetricsPlugin, { registry: metrics });
  await app.register(databasePlugin, { db, pool, sessionPool });
  // The API's error shape without its rate limit (errorHandlerPlugin's dependency): a probe is not limited.
  app.setErrorHandler((error, _request, reply) => {
    const { statusCode, body } = toErrorResponse(error);
    return reply.code(statusCode).send(body);
  });
  await app.register(healthRoutes);
  await registerWorkers(app, config, metrics);
  return app;
}
