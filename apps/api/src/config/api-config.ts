import { bookingLimits } from '@vet/contracts/booking-rules';
import { defaultMailFrom } from '@vet/email/email-delivery';
import { z } from 'zod';
import { DEV_VERIFICATION_CODE_PEPPER, productionRules } from './production-rules.ts';
import { brandNameValue, httpUrl, jsonValue, wholeNumber } from './values.ts';
import { envOf } from './section.ts';
import { databaseConfigOf, databaseSection, migrateOnStartOf, type DatabaseConfig } from './database.ts';
import { integrationConfigOf, integrationSection, type IntegrationConfig } from './integration.ts';
import { connectorsConfigOf, connectorsSection, type ConnectorConfig } from './connectors.ts';
import { smsConfigOf, smsSection, type SmsConfig } from './sms.ts';
import { paymentsConfigOf, paymentsSection, type PaymentsConfig } from './payments.ts';
import { directDebitConfigOf, directDebitSection, type DirectDebitConfig } from './direct-debit.ts';
import { attachmentsConfigOf, attachmentsSection, type AttachmentsConfig } from './attachments.ts';
import { addressLookupConfigOf, addressLookupSection, type AddressLookupConfig } from './address-lookup.ts';
import { maintenanceOf, maintenanceSection } from './maintenance.ts';
import { processConfigOf, processSection, type ProcessConfig } from './process-kind.ts';
import { metricsConfigOf, metricsSection, type MetricsConfig } from './metrics.ts';
import {
  practiceEventsConfigOf,
  practiceEventsSection,
  type PracticeEventsConfig,
} from './practice-events.ts';
import { retentionConfigOf, retentionSection, type RetentionConfig } from './retention.ts';

/**
 * The API's one view of its environment, parsed once at start-up. The process refuses to start on a bad
 * value and names every bad variable at once, so a deploy is fixed in one go rather than one per restart.
 * Nothing else reads process.env (lint enforces it).
 */
export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof logLevels)[number];

/** Bounds of the numeric variables, shared by the check and the message that names them. */
const portBounds = [0, 65_535] as const;
const rateLimitBounds = [1, 1_000_000] as const;

const proxyAddress = z.union([z.ipv4(), z.cidrv4(), z.ipv6(), z.cidrv6()]);

/** One identity provider the API trusts: its `iss`, the `aud` its access tokens carry for this API. */
const trustedIssuerSchema = z.strictObject({
  issuer: httpUrl,
  audience: z.string().min(1),
  /** Unset: read from the issuer's discovery document. */
  jwksUri: httpUrl.optional(),
  /** Accepted `typ` headers (RFC 9068 access tokens are `at+jwt`; many providers still send `JWT`). */
  tokenTypes: z.array(z.string().min(1)).min(1).default(['at+jwt']),
  /**
   * The scope every person's access token of this provider carries and no machine's token does: person
   * routes refuse a token without it (security round three, finding 12). Entra ID puts the API's own
   * scope in `scp`, never `openid`: name that one there.
   */
  personScope: z
    .string()
    .regex(/^[\x21\x23-\x5B\x5D-\x7E]+$/)
    .default('openid'),
  /**
   * The access-token claim that says when the person signed in (seconds), for exporting and deleting
   * (decision 0079). Unset: `auth_time`. Auth0 refuses that name for a custom claim, so a namespaced one.
   */
  authTimeClaim: z.string().min(1).optional(),
});
export type TrustedIssuer = z.output<typeof trustedIssuerSchema>;

const trustedIssuers = jsonValue(
  z
    .array(trustedIssuerSchema)
    .min(1)
    .refine((list) => new Set(list.map((entry) => entry.issuer)).size === list.length, {
      message: 'an issuer is listed twice',
    }),
);

export { DEV_VERIFICATION_CODE_PEPPER };

const apiShape = {
  API_HOST: z.string().min(1).default('127.0.0.1'),
  API_PORT: wholeNumber(portBounds).default(4000),
  API_PUBLIC_URL: httpUrl.default('http://localhost:4000'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  RATE_LIMIT_MAX: wholeNumber(rateLimitBounds).default(300),
  ONBOARDING_CHECKS_PER_HOUR: wholeNumber(rateLimitBounds).default(120),
  ONBOARDING_CHECKS_PER_ADDRESS: wholeNumber(rateLimitBounds).default(10),
  BOOKING_RATE_LIMIT_MAX: wholeNumber(rateLimitBounds).default(bookingLimits.bookingsPerIdentity),
  BOOKING_CAPS: z.enum(['on', 'off']).default('on'),
  REMINDERS: z.enum(['on', 'off']).default('on'),
  TRUST_PROXY: z
    .string()
    .transform((list) => list.split(',').map((entry) => entry.trim()))
    .pipe(z.array(proxyAddress).min(1))
    .optional(),
  AUTH_ISSUERS: trustedIssuers.optional(),
  // No default in production (production-rules.ts): the embedded provider's issuer there, or `none`.
  EMBEDDED_ISSUER: z.union([httpUrl, z.literal('none')]).optional(),
  API_AUDIENCE: z.string().min(1).default('http://localhost:4000'),
  PORTAL_URL: httpUrl.default('http://localhost:3000'),
  BRAND_NAME: brandNameValue,
  VERIFICATION_CODE_PEPPER: z.string().min(32).optional(),
  SMTP_URL: z
    .url({ protocol: /^smtps?$/ })
    .refine((url) => new URL(url).hostname !== '')
    .optional(),
  MAIL_FROM: z.string().trim().min(3).max(200).default(defaultMailFrom),
  DEV_MAILBOX: z.enum(['true', 'false']).optional(),
  API_DOCS: z.enum(['on', 'off']).optional(),
  LOG_LEVEL: z.enum(logLevels).default('info'),
  // Unset is production (decision 0068): a local run and the tests say what they are.
  NODE_ENV: z.enum(['development', 'test', 'production']).default('production'),
};

const apiExpected: Record<keyof typeof apiShape, string> = {
  API_HOST: 'a host name or IP address to listen on',
  API_PORT: `a port number from ${portBounds[0]} to ${portBounds[1]}`,
  API_PUBLIC_URL: 'the http:// or https:// address at which clients reach this API',
  DATABASE_URL: 'a postgres:// or postgresql:// URL',
  REDIS_URL:
    'a redis:// or rediss:// URL (rate limits shared by every instance); required in production, unset ' +
    'elsewhere keeps them in memory',
  RATE_LIMIT_MAX: `a whole number of requests per minute per client address, from ${rateLimitBounds[0]} to ${rateLimitBounds[1]}`,
  ONBOARDING_CHECKS_PER_HOUR: `a whole number of pre-signup checks an hour across the portal (anonymous and signed-in each), from ${rateLimitBounds[0]} to ${rateLimitBounds[1]}`,
  ONBOARDING_CHECKS_PER_ADDRESS: `a whole number of pre-signup checks per client address in 10 minutes (anonymous and signed-in together), from ${rateLimitBounds[0]} to ${rateLimitBounds[1]}`,
  BOOKING_RATE_LIMIT_MAX: `a whole number of bookings per signed-in identity in ${bookingLimits.windowMinutes} minutes, from ${rateLimitBounds[0]} to ${rateLimitBounds[1]}`,
  REMINDERS:
    'on or off (whether this portal queues appointment and vaccination reminders: decision 0085); unset: on',
  BOOKING_CAPS:
    'on or off (the caps on upcoming appointments and new pets of decision 0057); unset: on; never off in ' +
    'production',
  TRUST_PROXY:
    'a comma-separated list of proxy IP addresses or CIDR ranges: the web server’s, whose X-Forwarded-For ' +
    'names the client; required in production, unset elsewhere counts every request against its socket',
  AUTH_ISSUERS:
    'a JSON array of { "issuer", "audience", "jwksUri"?, "tokenTypes"? } with http(s) URLs (https only in ' +
    'production) and distinct issuers; unset means the embedded provider, which production refuses',
  EMBEDDED_ISSUER:
    'the embedded identity provider’s issuer, an http:// or https:// URL (https in production, and one of ' +
    'AUTH_ISSUERS’ issuers there), or none when no embedded provider runs; required in production; unset ' +
    'elsewhere: http://localhost:4100',
  API_AUDIENCE: 'the audience (aud) of access tokens for this API, not empty',
  PORTAL_URL: 'the http:// or https:// address of the portal (links in e-mails); https in production',
  BRAND_NAME: 'the brand name shown in e-mails, 1 to 60 characters',
  VERIFICATION_CODE_PEPPER:
    'a random secret of 32+ characters (e.g. `openssl rand -base64 48`), the same on every instance; ' +
    'required in production',
  SMTP_URL:
    'an smtp:// or smtps:// URL of the mail server (credentials as user:password@, URL-encoded); ' +
    'required in production; unset elsewhere, e-mails are kept in the development mailbox',
  MAIL_FROM: 'the From of every e-mail, e.g. "Harbour Vets Client Portal" <no-reply@harbourvets.example>',
  DEV_MAILBOX: 'true or false (the development mailbox at /dev/mailbox); never true in production',
  API_DOCS: 'on or off (the OpenAPI document and UI at /docs); unset: on, except in production',
  LOG_LEVEL: `one of ${logLevels.join(', ')}`,
  NODE_ENV: 'one of development, test, production; unset means production',
};

// The rules run in this order (production's first), and a message names the variables in it.
const { schema: envSchema, expected } = envOf(
  { shape: apiShape, expected: apiExpected, rules: [productionRules] },
  integrationSection,
  practiceEventsSection,
  connectorsSection,
  maintenanceSection,
  metricsSection,
  smsSection,
  paymentsSection,
  directDebitSection,
  attachmentsSection,
  addressLookupSection,
  retentionSection,
  databaseSection,
  processSection,
);
type EnvName = keyof typeof envSchema.shape;

export interface ApiConfig {
  host: string;
  port: number;
  /** Where clients reach the API (the OpenAPI document's server). */
  publicUrl: string;
  databaseUrl: string;
  /** The pool's size and statement timeout (database.ts). */
  database: DatabaseConfig;
  /** Migrate as the process starts: outside production, or with MIGRATE_ON_START=true. */
  migrateOnStart: boolean;
  /** Set: rate limits are shared by every instance through Redis. Unset: in memory, per instance. */
  redisUrl: string | undefined;
  /** Requests per minute per client address. */
  rateLimitMax: number;
  /**
   * Pre-signup checks an hour across the portal, anonymous and signed-in each (decision 0056): the most
   * that any number of callers together can learn of who is a client.
   */
  onboardingChecksPerHour: number;
  /**
   * Pre-signup checks per client address in 10 minutes, anonymous and signed-in together (decision 0056):
   * 10 unless set; a group whose clients share one address (a practice's own Wi-Fi) may raise it.
   */
  onboardingChecksPerAddress: number;
  /** Bookings and guest-hold completions per signed-in identity in bookingLimits.windowMinutes. */
  bookingRateLimitMax: number;
  /**
   * The caps on upcoming appointments per client and per pet and on new pets a day (decision 0057). Off
   * only for harnesses that book without end (the database-restart test); production refuses off.
   */
  bookingCaps: boolean;
  /**
   * Whether the queue looks for reminders to send (decision 0085): off for a group whose practice systems
   * already remind (clients are not reminded twice), and for the end-to-end run, whose journeys read the
   * mailbox's newest e-mail. Reminders already queued are still sent.
   */
  reminders: boolean;
  /** Proxies (e.g. the web's BFF) whose X-Forwarded-For names the real client address. */
  trustProxy: string[] | undefined;
  /** The identity providers whose access tokens the API accepts; nothing else is trusted. */
  authIssuers: TrustedIssuer[];
  /**
   * The embedded provider's issuer (apps/idp): its accounts share this database, so deleting an online
   * account deletes one of them too (decision 0080). An external provider's accounts are never touched.
   */
  embeddedIssuer: string | undefined;
  /** The portal's public address, without a trailing slash: links in e-mails point there. */
  portalUrl: string;
  /** The brand in e-mails ("<brand> Client Portal"). */
  brandName: string;
  /** The server-side key of verification-code hashes (never stored with them). */
  verificationCodePepper: string;
  /** The mail server. Unset (never in production): e-mails are kept for the development mailbox. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Serve GET /dev/mailbox (every e-mail of the outbox, to anyone): never in production. */
  devMailbox: boolean;
  /** Serve the OpenAPI document and UI at /docs: off in production unless API_DOCS=on. */
  apiDocs: boolean;
  logLevel: LogLevel;
  nodeEnv: 'development' | 'test' | 'production';
  /** The integration API's machine callers (integration.ts, decision 0062). */
  integration: IntegrationConfig;
  /** How practice events are sent as webhooks (practice-events.ts, decision 0067). */
  practiceEvents: PracticeEventsConfig;
  /** The practice systems the portal calls itself (connectors.ts, decision 0106). */
  connectors: ConnectorConfig[];
  /** MAINTENANCE=on: every route but the probes answers 503 (decision 0073). */
  maintenance: boolean;
  /** Prometheus metrics on a port of their own (metrics.ts, decision 0072). */
  metrics: MetricsConfig;
  /** Where reminders' text messages go (sms.ts, decision 0085). */
  sms: SmsConfig;
  /** Paying online: off, or Stripe's keys and address (payments.ts, decision 0156). */
  payments: PaymentsConfig;
  /** Joining a plan by Direct Debit: off, or GoCardless's token and address (direct-debit.ts, decision 0159). */
  directDebit: DirectDebitConfig;
  /** Where owners' attachments are kept and what scans them (attachments.ts, decision 0166). */
  attachments: AttachmentsConfig;
  /** Where the address lookup asks (address-lookup.ts, decision 0098). */
  addressLookup: AddressLookupConfig;
  /** How long each kind of record is kept, and the daily job that applies it (retention.ts, decision 0119). */
  retention: RetentionConfig;
  /** The process's kind and its connections' timeouts (process-kind.ts, decisions 0126 and 0127). */
  process: ProcessConfig;
}

/** The embedded provider of a local run (apps/idp on its default port). */
const localEmbeddedIssuer = 'http://localhost:4100';

/**
 * The embedded provider's issuer, whose accounts an online account's deletion erases (decision 0080):
 * unset outside production is the local one; `none` is no embedded provider.
 */
function embeddedIssuerOf(values: { EMBEDDED_ISSUER?: string | undefined }): string | undefined {
  if (values.EMBEDDED_ISSUER === 'none') return undefined;
  return values.EMBEDDED_ISSUER ?? localEmbeddedIssuer;
}

export class ConfigError extends Error {
  constructor(
    readonly problems: string[],
    note?: string,
  ) {
    super(
      `Invalid configuration; the API will not start. Fix these environment variables:\n${problems
        .map((problem) => `  - ${problem}`)
        .join('\n')}${note ? `\n${note}` : ''}`,
    );
    this.name = 'ConfigError';
  }
}

/** Parses the environment, or throws a ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): ApiConfig {
  // An empty variable (`REDIS_URL=` in a .env file) means unset, not an empty value.
  const input = Object.fromEntries(
    Object.keys(envSchema.shape).map((name) => [name, env[name] === '' ? undefined : env[name]]),
  );
  const parsed = envSchema.safeParse(input);
  if (!parsed.success) {
    const names = [...new Set(parsed.error.issues.map((issue) => String(issue.path[0]) as EnvName))];
    throw new ConfigError(
      names.map((name) =>
        input[name] === undefined
          ? `${name} is required: ${expected[name]}`
          : `${name} must be ${expected[name]}${whereInside(name, parsed.error.issues)}`,
      ),
      input.NODE_ENV === undefined
        ? 'NODE_ENV is unset, which means production; for a local run set NODE_ENV=development (npm start does).'
        : undefined,
    );
  }
  const values = parsed.data;
  const connectors = connectorsConfigOf(values, env);
  if (connectors.problems.length > 0) throw new ConfigError(connectors.problems);
  const embeddedIssuer = embeddedIssuerOf(values);
  return {
    host: values.API_HOST,
    port: values.API_PORT,
    publicUrl: values.API_PUBLIC_URL,
    databaseUrl: values.DATABASE_URL,
    database: databaseConfigOf(values),
    migrateOnStart: migrateOnStartOf(values),
    redisUrl: values.REDIS_URL,
    rateLimitMax: values.RATE_LIMIT_MAX,
    bookingRateLimitMax: values.BOOKING_RATE_LIMIT_MAX,
    bookingCaps: values.BOOKING_CAPS === 'on',
    reminders: values.REMINDERS === 'on',
    onboardingChecksPerHour: values.ONBOARDING_CHECKS_PER_HOUR,
    onboardingChecksPerAddress: values.ONBOARDING_CHECKS_PER_ADDRESS,
    trustProxy: values.TRUST_PROXY,
    authIssuers: values.AUTH_ISSUERS ?? [
      {
        issuer: embeddedIssuer ?? localEmbeddedIssuer,
        audience: values.API_AUDIENCE,
        tokenTypes: ['at+jwt'],
        personScope: 'openid',
      },
    ],
    embeddedIssuer,
    portalUrl: values.PORTAL_URL.replace(/\/+$/, ''),
    brandName: values.BRAND_NAME,
    verificationCodePepper: values.VERIFICATION_CODE_PEPPER ?? DEV_VERIFICATION_CODE_PEPPER,
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    devMailbox:
      values.DEV_MAILBOX === undefined ? values.SMTP_URL === undefined : values.DEV_MAILBOX === 'true',
    apiDocs: values.API_DOCS === undefined ? values.NODE_ENV !== 'production' : values.API_DOCS === 'on',
    logLevel: values.LOG_LEVEL,
    nodeEnv: values.NODE_ENV,
    integration: integrationConfigOf(values, embeddedIssuer ?? localEmbeddedIssuer),
    practiceEvents: practiceEventsConfigOf(values),
    connectors: connectors.connectors,
    maintenance: maintenanceOf(values),
    metrics: metricsConfigOf(values),
    sms: smsConfigOf(values),
    payments: paymentsConfigOf(values),
    directDebit: directDebitConfigOf(values),
    attachments: attachmentsConfigOf(values),
    addressLookup: addressLookupConfigOf(values),
    retention: retentionConfigOf(values),
    process: processConfigOf(values),
  };
}

/** For a JSON variable, which entries and fields are wrong (paths only, never values): ` (at [0].issuer)`. */
function whereInside(name: EnvName, issues: readonly z.core.$ZodIssue[]): string {
  const paths = issues
    .filter((issue) => issue.path[0] === name && issue.path.length > 1)
    .map((issue) =>
      issue.path
        .slice(1)
        .map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`))
        .join('')
        .replace(/^\./, ''),
    );
  return paths.length > 0 ? ` (at ${[...new Set(paths)].join(', ')})` : '';
}
