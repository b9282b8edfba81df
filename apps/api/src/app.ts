import { requestIdFor } from '@vet/telemetry/trace-context';
import type { DatabaseHandle } from '@vet/db/connection';
import type { ResolveHost } from '@vet/practice-events/endpoint-address';
import Fastify from 'fastify';
import type { Registry } from 'prom-client';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { addressRoutes, lookupRoutes, homePracticeRoutes, practiceRoutes } from './reference/index.ts';
import {
  appointmentRoutes,
  bookingRoutes,
  bookingCaps,
  slotRoutes,
  guestCompletionRoutes,
  guestRoutes,
  manageLinkClientRoutes,
  manageLinkRoutes,
  manageLinks,
  earlierTimeOfferRoutes,
  earlierTimesRoutes,
  createEarlierTimesDeps,
  departureCancellation,
  createBookingDeps,
} from './appointments/index.ts';
import {
  publicScope,
  signedInScope,
  authPlugin,
  databasePlugin,
  healthRoutes,
  errorHandlerPlugin,
  loggerOptions,
  type LogDestination,
  RequestLogController,
  routeDefaultsPlugin,
  httpMetricsPlugin,
  maintenancePlugin,
  openApiPlugin,
  rateLimitPlugin,
  securityHeadersPlugin,
  telemetryRoutes,
} from './platform/index.ts';
import {
  billRoutes,
  clientRecordRoutes,
  clientRoutes,
  dataExportRoutes,
  defaultBudgets,
  preSignupRoutes,
  onboardingRoutes,
  type OnboardingBudgets,
  onlineAccountRoutes,
  petRoutes,
  prescriptionRoutes,
} from './clients/index.ts';
import type { ApiConfig } from './config/index.ts';
import { devMailboxRoutes } from './messages/index.ts';
import {
  createPaymentsRepository,
  paymentRoutes,
  paymentWebhookRoutes,
  stripeProvider,
  bookingPaymentRoutes,
  createBookingPaymentHooks,
  paymentAskedOf,
  rulesForAppointments,
  type PaymentsDeps,
} from './payments/index.ts';
import {
  gocardlessProvider,
  gocardlessWebhookRoutes,
  membershipReadRoutes,
  membershipWriteRoutes,
  planCatalogueRoutes,
  type PlanWriteDeps,
} from './plans/index.ts';
import { connectorHealthRoutes, connectorHintRoutes, integrationApi } from './practice-system/index.ts';
import {
  attachmentDepsOf,
  attachmentLinkKey,
  attachmentLinkRoutes,
  attachmentRoutes,
  clientConversationRoutes,
  externalAttachmentFiles,
} from './conversations/index.ts';

export interface BuildAppOptions {
  config: ApiConfig;
  db: DatabaseHandle['db'];
  /** Owned by the caller, who closes it after the app. */
  pool: DatabaseHandle['pool'];
  /** Direct connections for import sessions when `pool` goes through a transaction pooler (decision 0128). */
  sessionPool?: DatabaseHandle['pool'];
  /** Where log lines go: stdout by default; false for none (tests); a stream to read them (tests). */
  logger?: false | LogDestination;
  /**
   * Tests: onboarding budgets counted in a namespace of their own (the database is shared by every test
   * file), and smaller ones where a test needs to reach them.
   */
  onboardingBudgets?: { namespace: string; budgets?: Partial<OnboardingBudgets> };
  /** Prometheus's registry (metrics/): every request is counted in it. Unset: no request metrics. */
  metrics?: Registry;
  /** Tests: how a webhook endpoint's host name is resolved when it is registered (DNS otherwise). */
  resolveHost?: ResolveHost;
}

/**
 * The API, ready to listen or to `inject` into. Order matters: external plugins, then the app's own
 * plugins, then routes (so every route gets the rate limit, the database and the one error path). Each
 * route plugin sits in exactly one access scope (auth/access-scopes.ts).
 */
export async function buildApp(options: BuildAppOptions) {
  const { config, db, pool, sessionPool, logger, onboardingBudgets, metrics, resolveHost } = options;
  const payments: Omit<PaymentsDeps, 'db'> = {
    repository: createPaymentsRepository(),
    provider: config.payments.provider === 'stripe' ? stripeProvider(config.payments) : null,
    portalUrl: config.portalUrl,
    brandName: config.brandName,
  };
  // Health plans joined by Direct Debit (decisions 0159, 0162): off unless DIRECT_DEBIT=gocardless.
  const plans: Omit<PlanWriteDeps, 'db'> = {
    provider: config.directDebit.provider === 'gocardless' ? gocardlessProvider(config.directDebit) : null,
    portalUrl: config.portalUrl,
    brandName: config.brandName,
    now: () => new Date(),
  };
  // Owners' photos and videos (issue 66, decision 0166): the configured store and malware scanner. A disk
  // or S3 store is also where erasure deletes a person's files before the deletion commits (decision 0169).
  const attachmentFiles = externalAttachmentFiles(config.attachments.store);
  const attachments = attachmentDepsOf(config.attachments, db, attachmentFiles);
  const app = Fastify({
    logger: logger === false ? false : loggerOptions(config.logLevel, logger),
    // One line per answered request (http/request-log.ts).
    logController: new RequestLogController(),
    trustProxy: config.trustProxy ?? false,
    // One id for a request's lines in every app: the trace id of the BFF's traceparent (decision 0071).
    genReqId: (request) => requestIdFor(request.headers.traceparent),
    // Above the longest path value any schema allows (a practice system's reference: 100 characters, more
    // once URL-encoded), so the schema refuses a long one with its reason (400), not the router with 414.
    routerOptions: { maxParamLength: 500 },
    // Above the load balancer's idle timeout, so that it closes idle connections first (decision 0127).
    keepAliveTimeout: config.process.http.keepAliveTimeoutMs,
  }).withTypeProvider<ZodTypeProvider>();
  app.server.headersTimeout = config.process.http.headersTimeoutMs;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // First, so every route and the not-found handler are counted (decision 0072).
  if (metrics) await app.register(httpMetricsPlugin, { registry: metrics });
  await app.register(securityHeadersPlugin);
  // MAINTENANCE=on answers before the rate limit, authentication or the database (decision 0073).
  if (config.maintenance) await app.register(maintenancePlugin);
  await app.register(rateLimitPlugin, { max: config.rateLimitMax, redisUrl: config.redisUrl });
  // The document lists every route and its inputs: off in production unless API_DOCS=on (config/api-config.ts).
  if (config.apiDocs)
    await app.register(openApiPlugin, { serverUrl: config.publicUrl, integration: config.integration });
  await app.register(routeDefaultsPlugin);

  await app.register(databasePlugin, { db, pool, sessionPool });
  await app.register(errorHandlerPlugin);
  await app.register(authPlugin, { issuers: config.authIssuers });

  const onboarding = {
    portalUrl: config.portalUrl,
    brandName: config.brandName,
    codePepper: config.verificationCodePepper,
    checksPerAddress: config.onboardingChecksPerAddress,
    embeddedIssuer: config.embeddedIssuer,
    budgets: {
      budgets: { ...defaultBudgets(config.onboardingChecksPerHour), ...onboardingBudgets?.budgets },
      namespace: onboardingBudgets?.namespace ?? '',
    },
  };
  // Every confirmation and reminder's manage link: only an appointment's newest works (decision 0095).
  const links = manageLinks(config.portalUrl, config.verificationCodePepper);
  // Deposits and card holds at booking (decision 0158): asked only where paying online is on.
  const paymentAsked = payments.provider ? paymentAskedOf(db) : undefined;
  await app.register(publicScope, {
    routes: [
      healthRoutes,
      // Apart from /readyz: a practice system down never takes the API out of service (decision 0130).
      connectorHealthRoutes({ connectors: config.connectors }),
      practiceRoutes,
      // A practice's health plans, beside its prices (issue 65).
      planCatalogueRoutes,
      lookupRoutes,
      telemetryRoutes,
      preSignupRoutes(onboarding),
      // R4.24: guests search and hold anonymously; the hold's id is its bearer token.
      guestRoutes({ brandName: config.brandName, paymentAsked }),
      // An appointment's manage link; the token in the body is its only key (decision 0084).
      manageLinkRoutes({
        brandName: config.brandName,
        secret: config.verificationCodePepper,
        mailFrom: config.mailFrom,
        portalUrl: config.portalUrl,
      }),
      // A held earlier time's page and its one press (decision 0086).
      earlierTimeOfferRoutes({
        brandName: config.brandName,
        portalUrl: config.portalUrl,
        manageLinks: links,
        mailFrom: config.mailFrom,
      }),
      // The practice system's signed link to a sent message's attachment: the signature is its key.
      attachmentLinkRoutes({
        store: attachments.store,
        secret: config.verificationCodePepper,
        now: () => new Date(),
      }),
    ],
  });
  // Signed in, linked to a client record or not yet (the profile says which; onboarding needs both).
  await app.register(signedInScope, {
    routes: [
      clientRoutes,
      addressRoutes(config.addressLookup),
      onboardingRoutes(onboarding),
      onlineAccountRoutes({
        embeddedIssuer: config.embeddedIssuer,
        attachmentFiles,
        // The time a deleted person's live earlier-time holds gave back goes to the line (decision 0094).
        timeFreed: createEarlierTimesDeps(
          db,
          { brandName: config.brandName, portalUrl: config.portalUrl, mailFrom: config.mailFrom },
          app.log,
        ).timeFreed,
      }),
      dataExportRoutes,
    ],
    requireLinkedClient: false,
  });
  // R4.26: a local developer's tool that lists every e-mail; the config never turns it on in production.
  if (config.devMailbox && config.nodeEnv !== 'production') {
    await app.register(publicScope, { routes: [devMailboxRoutes] });
  }
  // Client-owned: every query is scoped to the signed-in client's record. Booking's limits: decision 0057.
  const booking = {
    brandName: config.brandName,
    caps: bookingCaps(config.bookingCaps),
    bookingsPerIdentity: config.bookingRateLimitMax,
    manageLinks: links,
    mailFrom: config.mailFrom,
    portalUrl: config.portalUrl,
    paymentAsked,
    appointmentsChanged: rulesForAppointments({ db, provider: payments.provider, now: () => new Date() }),
  };
  const paidBooking = createBookingDeps(db, booking);
  payments.bookings = createBookingPaymentHooks(db, paidBooking, payments.provider);
  await app.register(signedInScope, {
    routes: [
      clientRecordRoutes,
      homePracticeRoutes,
      petRoutes({
        newPetsPerDay: booking.caps.newPetsPerDay,
        // A pet's death or new home cancels its booked appointments (decision 0099).
        cancelAppointmentsOf: departureCancellation(createEarlierTimesDeps(db, booking, app.log)),
      }),
      appointmentRoutes,
      slotRoutes,
      bookingRoutes(booking),
      guestCompletionRoutes(booking),
      earlierTimesRoutes(booking),
      // The client ends the manage links of their appointments (decision 0095).
      manageLinkClientRoutes,
      prescriptionRoutes,
      billRoutes({
        brandName: config.brandName,
        portalUrl: config.portalUrl,
        payOnline: payments.provider !== null,
      }),
      paymentRoutes(payments),
      // Health plans (issue 65): the client's memberships and a pet's plans, read.
      membershipReadRoutes,
      bookingPaymentRoutes({
        booking: paidBooking,
        payments,
        bookingsPerIdentity: config.bookingRateLimitMax,
      }),
      membershipWriteRoutes(plans),
      // Messages with the practice (issue 66): the client's conversations and writing.
      clientConversationRoutes({
        links: { apiPublicUrl: config.publicUrl, key: attachmentLinkKey(config.verificationCodePepper) },
      }),
      // Messages with the practice (issue 66): the owner's uploads, read and removed before sending.
      attachmentRoutes({ store: attachments.store, scanner: attachments.scanner }),
    ],
    requireLinkedClient: true,
  });
  // The practice system's way in: machine callers only (decision 0062).
  await app.register(integrationApi, {
    config: config.integration,
    portalUrl: config.portalUrl,
    brandName: config.brandName,
    mailFrom: config.mailFrom,
    webhooks: {
      secretKeys: config.practiceEvents.secretKeys,
      requireHttps: config.practiceEvents.requireHttps,
      allowedPrivateHosts: config.practiceEvents.allowedPrivateHosts,
      ...(resolveHost ? { resolveHost } : {}),
    },
    conversationReads: {
      apiPublicUrl: config.publicUrl,
      attachmentLinkKey: attachmentLinkKey(config.verificationCodePepper),
    },
  });
  // Stripe's webhooks: a machine route whose only key is Stripe's signature (decision 0157).
  await app.register(paymentWebhookRoutes, { deps: { ...payments, db } });
  // GoCardless's webhooks: a machine route whose only key is GoCardless's signature (decision 0162).
  await app.register(gocardlessWebhookRoutes, { deps: plans });
  // Provet Cloud's webhooks, a hint passed on to whichever process runs the connector (decision 0115).
  await app.register(connectorHintRoutes, { connectors: config.connectors, registry: metrics });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
