/**
 * How long the portal keeps each kind of record (docs/retention.md, decision 0119). The periods a group may
 * need longer are settings (the API's RETENTION_* variables); each has a floor the law or the portal's own
 * work needs, and the default is the floor unless a longer default serves the client better. The rest are
 * fixed here: each is a short tail after the record's own lifetime has ended.
 */
export interface RetentionPeriods {
  /** Days a sent or given-up e-mail or text keeps its body (then: who, when, status only). */
  messageBodyDays: number;
  /** Days a sent or given-up e-mail or text is kept at all. */
  sentMessageDays: number;
  /** Days a practice event, delivered to every endpoint, stays in the feed and its deliveries' history. */
  practiceEventDays: number;
  /** Days a handled reminder's record (sent or skipped) is kept. */
  reminderDays: number;
  /** Years a contact-preference change is kept after a later change replaced it (proof of consent). */
  consentYears: number;
  /** Years the audit log and the record of a client's own detail changes are kept. */
  auditYears: number;
}

/** Each setting's floor, default and ceiling. */
export const retentionPeriodBounds: Record<
  keyof RetentionPeriods,
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
 * The fixed tails, in days after the record's own end: an expired hold, offer or code is kept this long for
 * a client's "what happened to…?" and then goes.
 */
export const fixedRetentionDays = {
  /** Guest holds and earlier-time offers and requests once ended. */
  bookingHold: 30,
  /** Verification codes past their expiry. */
  verificationCode: 30,
  /** Invitations past their expiry. */
  invitation: 90,
  /** Portal sessions past their expiry or idle for this long. */
  session: 7,
  /** The embedded provider's stored grants, codes and sessions past their expiry; password resets too. */
  identityProvider: 7,
  /** A person's "where my link stands" note. */
  linkStage: 365,
  /** "Download my data" requests (evidence a subject access request was answered). */
  dataExportRequest: 365,
  /** A connector's refused record not seen again. */
  connectorRefusal: 90,
} as const;
