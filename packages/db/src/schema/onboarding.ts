import { index, integer, pgTable, primaryKey, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { requiredRef } from './columns.ts';
import { verificationMode } from './enums.ts';
import { clients } from './clients.ts';
import { practices } from './practices.ts';

/**
 * A verification code e-mailed to a client on file (R4.17): 6 digits, stored hashed, valid 30 minutes,
 * single use, at most 5 wrong tries (and the record's and the portal's budgets of tries, in
 * `onboarding_counters`). While one is unused for an identity, its activation is STARTED.
 *
 * A row is also the pending match of a pre-signup check: the check answers an opaque token (its hash is
 * `check_token_hash`) for the follow-up call. A ChooseEmail/ChoosePostcode row (`offer`) sends its first
 * code only when the person confirms the offer (`send_count` 0 until then). An anonymous pre-signup
 * check has no identity yet: whoever signs in and presents the code (with the client id) is linked.
 */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: serial('id').primaryKey(),
    clientId: requiredRef('client_id', () => clients.id, { onDelete: 'cascade' }),
    identityIssuer: text('identity_issuer'),
    identitySubject: text('identity_subject'),
    codeHash: text('code_hash').notNull(),
    mode: verificationMode('mode').notNull(),
    checkTokenHash: text('check_token_hash').unique(),
    /** ChooseEmail → 'email', ChoosePostcode → 'postcode': what the person confirms before a code is sent. */
    offer: text('offer', { enum: ['email', 'postcode'] }),
    failedAttempts: smallint('failed_attempts').notNull().default(0),
    sendCount: smallint('send_count').notNull().default(1),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('verification_codes_identity_idx').on(t.identityIssuer, t.identitySubject)],
);

/** A practice's invitation to an existing client: /invite?rc=CODE&ln=LASTNAME, 30 days, single use. */
export const invitations = pgTable('invitations', {
  id: serial('id').primaryKey(),
  clientId: requiredRef('client_id', () => clients.id, { onDelete: 'cascade' }),
  practiceId: requiredRef('practice_id', () => practices.id),
  codeHash: text('code_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The onboarding budgets that must hold across API instances and restarts (decision 0056): checks per last
 * name and postcode, per identity and across the portal; code tries per client record and across the
 * portal. A count per scope and key in a fixed window that starts with the key's first use, by the
 * database's clock. The key (a name and postcode, an identity, a record id) is kept only as its SHA-256.
 */
export const onboardingCounters = pgTable(
  'onboarding_counters',
  {
    scope: text('scope').notNull(),
    keyHash: text('key_hash').notNull(),
    count: integer('count').notNull(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.keyHash] }),
    index('onboarding_counters_window_idx').on(t.windowEndsAt),
  ],
);

/**
 * Where a signed-in identity's link stands when no code says so (decision 0077): the pre-signup check
 * answered ContactPractice (the practice must help), or the person chose to wait for the practice's
 * invitation. One row per identity, the latest word; a code sent later, or the link itself, outranks it.
 */
export const linkStages = pgTable(
  'link_stages',
  {
    identityIssuer: text('identity_issuer').notNull(),
    identitySubject: text('identity_subject').notNull(),
    stage: text('stage', { enum: ['contact_practice', 'invitation_expected'] }).notNull(),
    practiceId: requiredRef('practice_id', () => practices.id),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.identityIssuer, t.identitySubject] })],
);
