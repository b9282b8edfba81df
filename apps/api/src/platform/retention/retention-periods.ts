/**
 * How long the portal keeps each kind of record (docs/retention.md, decision 0119). The periods a group may
 * need longer are settings (the API's RETENTION_* variables, whose floors, defaults and ceilings are the
 * config's: config/retention.ts); the job is handed them. The rest are fixed here: each is a short tail
 * after the record's own lifetime has ended.
 */
export interface RetentionPeriods {
  /** Days a sent or given-up e-mail or text keeps its body (then: who, when, status only). */
  messageBodyDays: number;
  /** Days a sent or given-up e-mail or text is kept at all. */
  sentMessageDays: number;
  /** Days a practice event stays in the feed, with its deliveries whatever their state (decision 0139). */
  practiceEventDays: number;
  /** Days a handled reminder's record (sent or skipped) is kept. */
  reminderDays: number;
  /** Years a contact-preference change is kept after a later change replaced it (proof of consent). */
  consentYears: number;
  /** Years the audit log and the record of a client's own detail changes are kept. */
  auditYears: number;
}

/**
 * The fixed tails, in days after the record's own end: an expired hold, offer or code is kept this long for
 * a client's "what happened to…?" and then goes.
 */
export const fixedRetentionDays = {
  /** Guest holds and earlier-time offers and requests once ended. */
  bookingHold: 30,
  /** A payment provider's event ids once applied: the provider retries an event for three days (0157). */
  paymentProviderEvent: 30,
  /**
   * A Direct Debit provider's event ids once applied (issue 65): GoCardless retries a webhook for a few
   * days; a generous tail beside it.
   */
  directDebitEvent: 90,
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
  /**
   * A photo or video sent on a message (decision 0169): the practice system fetched what it keeps within
   * its link's week; a year lets the owner compare and the practice answer a complaint, then it goes.
   */
  messageFile: 365,
  /** A connector's refused record not seen again. */
  connectorRefusal: 90,
  /**
   * An integration write's Idempotency-Key and its kept answer: replayed for a day (decision 0113), then
   * nothing; a caller's own next write sweeps its expired keys, this every caller's (decision 0139).
   */
  idempotencyKey: 1,
} as const;

/**
 * Estimates and bills go six years after they were issued (decision 0151): HMRC asks that VAT records be
 * kept six years (VAT Notice 700/21), and the practice system keeps the record of account. Fixed: the
 * portal's copy is no longer needed once the law's period has passed.
 */
export const billRetentionYears = 6;

/**
 * A conversation's text goes six years after its last message (decision 0169): it is advice given, and a
 * claim in negligence or contract can be brought six years after (Limitation Act 1980, ss. 2 and 5).
 */
export const conversationRetentionYears = 6;
