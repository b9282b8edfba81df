import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/** The embedded OpenID Connect provider's accounts (local runs and tests; production uses a real IdP). */
export const idpAccounts = pgTable('idp_accounts', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Lower-case; unique. */
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  emailVerified: boolean('email_verified').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** oidc-provider's adapter storage: sessions, grants, codes, tokens, interactions, by model name. */
export const idpModels = pgTable(
  'idp_models',
  {
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.model, t.id] }),
    index('idp_models_grant_idx').on(t.grantId),
    index('idp_models_uid_idx').on(t.uid),
  ],
);

/**
 * The portal's server-side sessions (revocable: signing out deletes the row, so a replayed cookie is
 * worth nothing). Tokens live here and never reach the browser.
 */
export const webSessions = pgTable(
  'web_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** SHA-256 of the session cookie's secret; the cookie itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    identityIssuer: text('identity_issuer').notNull(),
    identitySubject: text('identity_subject').notNull(),
    providerId: text('provider_id').notNull(),
    accessToken: text('access_token').notNull(),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * What "Where you are signed in" shows of the device: a short summary of the sign-in's User-Agent,
     * such as "Chrome on Android" (never the User-Agent itself). Null for sessions from before it.
     */
    device: text('device'),
    /**
     * When the person last authenticated at the provider: the ID token's `auth_time`, else the time the
     * session began. Exporting or deleting asks for a sign-in this recent (decision 0079).
     */
    authenticatedAt: timestamp('authenticated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Set while one server refreshes the tokens (a claim, not a lock: no transaction stays open across
     * the call to the provider); a claim that outlives this time was abandoned and may be taken again.
     */
    refreshClaimedUntil: timestamp('refresh_claimed_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('web_sessions_identity_idx').on(t.identityIssuer, t.identitySubject)],
);

/**
 * A password reset of the embedded provider: a single-use, time-limited link e-mailed to the account.
 * Only the token's hash is kept.
 */
export const idpPasswordResets = pgTable(
  'idp_password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => idpAccounts.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('idp_password_resets_account_idx').on(t.accountId)],
);

/**
 * Failed attempts of the embedded provider counted per scope and key in a fixed window (decision 0027):
 * sign-ins per account and client address, per client address, and per account; sign-up and password
 * reset requests per client address. In the database, so the limits hold across instances and restarts.
 * The key (an address, an e-mail, or both) is kept only as its SHA-256.
 */
export const idpAttemptCounters = pgTable(
  'idp_attempt_counters',
  {
    scope: text('scope').notNull(),
    keyHash: text('key_hash').notNull(),
    failures: integer('failures').notNull(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.keyHash] }),
    index('idp_attempt_counters_window_idx').on(t.windowEndsAt),
  ],
);

/** The HMAC of a code e-mailed to an address, the wrong tries at it, and its life (sign-ups, e-mail changes). */
const emailedCode = () => ({
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A sign-up waiting for the code e-mailed to its address (decision 0027's companion: no account
 * enumeration on sign-up). One row per "Create account" press, tied to its sign-in interaction; only the
 * code's HMAC is kept. A row for an address that already has an account looks the same, but its code was
 * never sent. Rows are deleted an hour after they were made.
 */
export const idpSignUps = pgTable(
  'idp_sign_ups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    interactionUid: text('interaction_uid').notNull(),
    /** Lower-case, as idp_accounts.email. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    ...emailedCode(),
  },
  (t) => [
    index('idp_sign_ups_interaction_idx').on(t.interactionUid),
    index('idp_sign_ups_email_idx').on(t.email, t.createdAt),
  ],
);

/**
 * A change of an embedded-provider account's sign-in e-mail waiting for the code sent to the new address
 * (decision 0078). Only the code's HMAC is kept; for a new address another account already uses, no code
 * was sent and none is kept, so the change can never complete (the page looks the same: no enumeration).
 * Rows are deleted an hour after they were made.
 */
export const idpEmailChanges = pgTable(
  'idp_email_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => idpAccounts.id, { onDelete: 'cascade' }),
    /** Lower-case, as idp_accounts.email. */
    newEmail: text('new_email').notNull(),
    ...emailedCode(),
  },
  (t) => [
    index('idp_email_changes_account_idx').on(t.accountId, t.createdAt),
    index('idp_email_changes_email_idx').on(t.newEmail, t.createdAt),
  ],
);
