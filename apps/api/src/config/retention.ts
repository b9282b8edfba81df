import { z } from 'zod';
import { wholeNumber } from './values.ts';

/**
 * Retention's part of the environment (docs/retention.md, decision 0119): the periods a group may need
 * longer, each with the floor the law or the portal's work needs, and how the daily job works through
 * them. api-config.ts and the operator's command parse it, so `retention run` applies what the API does.
 * The roots hand the periods to platform/retention, whose RetentionPeriods names the same six.
 */

/** The periods a group may set: days, or years where the name says so. */
type RetentionPeriodName =
  | 'messageBodyDays'
  | 'sentMessageDays'
  | 'practiceEventDays'
  | 'reminderDays'
  | 'consentYears'
  | 'auditYears';
type RetentionPeriods = Record<RetentionPeriodName, number>;

/** Each setting's floor, default and ceiling. */
export const retentionPeriodBounds: Record<
  RetentionPeriodName,
  { min: number; default: number; max: number }
> = {
  // The longest link a message carries lives 30 days (an invitation); links are redacted at send anyway.
  messageBodyDays: { min: 1, default: 30, max: 365 },
  // A year answers "did you send me…?" and a delivery dispute; no less than the bodies' period.
  sentMessageDays: { min: 30, default: 365, max: 3650 },
  // A practice system reading the feed after an outage catches up within a week at least.
  practiceEventDays: { min: 7, default: 90, max: 3650 },
  reminderDays: { min: 30, default: 365, max: 3650 },
  // Limitation Act 1980, s.5: six years to bring a claim on which the consent is the defence.
  consentYears: { min: 6, default: 6, max: 20 },
  auditYears: { min: 6, default: 6, max: 20 },
};

export const defaultRetentionPeriods: RetentionPeriods = {
  messageBodyDays: retentionPeriodBounds.messageBodyDays.default,
  sentMessageDays: retentionPeriodBounds.sentMessageDays.default,
  practiceEventDays: retentionPeriodBounds.practiceEventDays.default,
  reminderDays: retentionPeriodBounds.reminderDays.default,
  consentYears: retentionPeriodBounds.consentYears.default,
  auditYears: retentionPeriodBounds.auditYears.default,
};

/**
 * How the job works through a kind unless told otherwise: a batch of 500 takes a few tens of milliseconds,
 * so a pause of half a second keeps the job to about a tenth of one connection's time. A 500-practice
 * group's daily share (a 365th of a year's expired rows) still takes only minutes (bench:retention).
 */
export const defaultRetentionPace = { batchSize: 500, pauseMs: 500 } as const;

const bounds = (name: RetentionPeriodName) =>
  [retentionPeriodBounds[name].min, retentionPeriodBounds[name].max] as const;
const period = (name: RetentionPeriodName) =>
  wholeNumber(bounds(name)).default(retentionPeriodBounds[name].default);
const batchBounds = [1, 10_000] as const;
const pauseBounds = [0, 60_000] as const;

const retentionEnvShape = {
  RETENTION: z.enum(['on', 'off']).default('on'),
  RETENTION_MESSAGE_BODY_DAYS: period('messageBodyDays'),
  RETENTION_SENT_MESSAGE_DAYS: period('sentMessageDays'),
  RETENTION_PRACTICE_EVENT_DAYS: period('practiceEventDays'),
  RETENTION_REMINDER_DAYS: period('reminderDays'),
  RETENTION_CONSENT_YEARS: period('consentYears'),
  RETENTION_AUDIT_YEARS: period('auditYears'),
  RETENTION_BATCH_SIZE: wholeNumber(batchBounds).default(defaultRetentionPace.batchSize),
  RETENTION_PAUSE_MS: wholeNumber(pauseBounds).default(defaultRetentionPace.pauseMs),
};

const range = (name: RetentionPeriodName, unit: string) => {
  const { min, max, default: fallback } = retentionPeriodBounds[name];
  return `a whole number of ${unit} from ${min} to ${max}; unset: ${fallback}`;
};

const retentionEnvExpected: Record<keyof typeof retentionEnvShape, string> = {
  RETENTION:
    'on or off (whether the daily retention job runs, docs/retention.md); unset: on; off only under a legal hold',
  RETENTION_MESSAGE_BODY_DAYS: `${range('messageBodyDays', 'days')} a sent e-mail or text keeps its body`,
  RETENTION_SENT_MESSAGE_DAYS: `${range('sentMessageDays', 'days')} a sent e-mail or text is kept at all, no fewer than RETENTION_MESSAGE_BODY_DAYS`,
  RETENTION_PRACTICE_EVENT_DAYS: `${range('practiceEventDays', 'days')} a practice event stays in the feed, with its deliveries whatever their state`,
  RETENTION_REMINDER_DAYS: `${range('reminderDays', 'days')} a reminder's record is kept`,
  RETENTION_CONSENT_YEARS: `${range('consentYears', 'years')} a replaced consent is kept as proof (Limitation Act 1980: no fewer than 6)`,
  RETENTION_AUDIT_YEARS: `${range('auditYears', 'years')} the audit log is kept`,
  RETENTION_BATCH_SIZE: `a whole number of rows the retention job takes in one transaction, from ${batchBounds[0]} to ${batchBounds[1]}; unset: ${defaultRetentionPace.batchSize}`,
  RETENTION_PAUSE_MS: `a whole number of milliseconds between the retention job's batches at least (nine times a batch's own time if longer; 0: no pause), from ${pauseBounds[0]} to ${pauseBounds[1]}; unset: ${defaultRetentionPace.pauseMs}`,
};

export const retentionSection = {
  shape: retentionEnvShape,
  expected: retentionEnvExpected,
  rules: [requireMessageRowsOutliveBodies],
};

type RetentionEnv = z.output<z.ZodObject<typeof retentionEnvShape>>;

export interface RetentionConfig {
  /** Whether the API's queue runs the daily job (off: a legal hold; `portal-admin retention run` still works). */
  enabled: boolean;
  periods: RetentionPeriods;
  batchSize: number;
  pauseMs: number;
}

export function retentionConfigOf(env: RetentionEnv): RetentionConfig {
  return {
    enabled: env.RETENTION === 'on',
    periods: {
      messageBodyDays: env.RETENTION_MESSAGE_BODY_DAYS,
      sentMessageDays: env.RETENTION_SENT_MESSAGE_DAYS,
      practiceEventDays: env.RETENTION_PRACTICE_EVENT_DAYS,
      reminderDays: env.RETENTION_REMINDER_DAYS,
      consentYears: env.RETENTION_CONSENT_YEARS,
      auditYears: env.RETENTION_AUDIT_YEARS,
    },
    batchSize: env.RETENTION_BATCH_SIZE,
    pauseMs: env.RETENTION_PAUSE_MS,
  };
}

/** A message's row cannot go before its body does. */
function requireMessageRowsOutliveBodies(env: Partial<RetentionEnv>, context: z.RefinementCtx) {
  const { RETENTION_MESSAGE_BODY_DAYS: body, RETENTION_SENT_MESSAGE_DAYS: row } = env;
  if (typeof body === 'number' && typeof row === 'number' && row < body)
    context.addIssue({
      code: 'custom',
      path: ['RETENTION_SENT_MESSAGE_DAYS'],
      message: 'below the bodies’ period',
    });
}
