import { sql, type SQL } from 'drizzle-orm';
import {
  billRetentionYears,
  conversationRetentionYears,
  fixedRetentionDays,
  type RetentionPeriods,
} from './retention-periods.ts';

/** What becomes of a record past its period. */
export type RetentionAction = 'deleted' | 'anonymised';

/**
 * One kind of record and what retention does to it: `due` picks the rows past their period (never one still
 * in use: a pending message, a live hold, a delivery not yet made, consent still current), and the batch
 * deletes them or, for `anonymised`, applies `set`. `batch` replaces the plain delete where a row takes
 * others with it. Order matters: a kind runs after the kinds that reference it (offers before holds).
 */
export interface RetentionRule {
  kind: string;
  table: string;
  action: RetentionAction;
  /** The period this run applies, in days (for the counts' report). */
  days: (periods: RetentionPeriods) => number;
  due: (cutoff: Date, now: Date) => SQL;
  set?: SQL;
  batch?: (cutoff: Date, now: Date, limit: number) => SQL;
  /**
   * The batch deletes rows holding stored files and returns their `storage_key`s: the bytes are deleted
   * from the attachment store inside the batch's transaction, before it commits (decision 0169), so a
   * store that fails leaves the rows for the next run and no row outlives its bytes unnoticed.
   */
  storedFiles?: true;
}

const days = (n: number) => () => n;
const years = (n: number) => n * 365 + Math.floor(n / 4);

/** A message no longer in the queue: sent, or given up. */
const leftTheQueue = sql`status <> 'pending'`;

// Rows that go whole are deleted before bodies are dropped: no row is rewritten only to be deleted.

/**
 * Numbered and past its period, whatever its deliveries: one pending or parked for a receiver switched
 * off would otherwise keep the event, names and addresses included, for ever (decision 0139).
 */
const practiceEventsDue = (cutoff: Date) => sql`position is not null and occurred_at < ${cutoff}`;

/** A file sent on a message before the cutoff (an upload never sent is deleted within a day, elsewhere). */
const messageFilesDue = (cutoff: Date) => sql`message_id is not null
  and exists (select 1 from conversation_messages m where m.id = message_attachments.message_id
                and m.created_at < ${cutoff})`;

export const retentionRules: readonly RetentionRule[] = [
  {
    kind: 'emails',
    table: 'email_outbox',
    action: 'deleted',
    days: (p) => p.sentMessageDays,
    due: (cutoff) => sql`${leftTheQueue} and created_at < ${cutoff}`,
  },
  {
    kind: 'email-bodies',
    table: 'email_outbox',
    action: 'anonymised',
    days: (p) => p.messageBodyDays,
    due: (cutoff) =>
      sql`${leftTheQueue} and created_at < ${cutoff} and (text_body <> '' or html_body is not null or attachments <> '[]'::jsonb)`,
    set: sql`text_body = '', html_body = null, attachments = '[]'::jsonb`,
  },
  {
    kind: 'sms',
    table: 'sms_outbox',
    action: 'deleted',
    days: (p) => p.sentMessageDays,
    due: (cutoff) => sql`${leftTheQueue} and created_at < ${cutoff}`,
  },
  {
    kind: 'sms-bodies',
    table: 'sms_outbox',
    action: 'anonymised',
    days: (p) => p.messageBodyDays,
    due: (cutoff) => sql`${leftTheQueue} and created_at < ${cutoff} and body <> ''`,
    set: sql`body = ''`,
  },
  {
    // An event goes with all its deliveries, waiting and parked too; an unnumbered one stays.
    kind: 'practice-events',
    table: 'practice_events',
    action: 'deleted',
    days: (p) => p.practiceEventDays,
    due: (cutoff) => practiceEventsDue(cutoff),
    batch: (cutoff, _now, limit) => sql`
      with due as (
        select id from practice_events where ${practiceEventsDue(cutoff)}
        limit ${limit} for update skip locked),
      deliveries as (delete from webhook_deliveries d using due where d.event_id = due.id)
      delete from practice_events e using due where e.id = due.id`,
  },
  {
    kind: 'appointment-reminders',
    table: 'appointment_reminders',
    action: 'deleted',
    days: (p) => p.reminderDays,
    // Past its appointment too: the queue never looks at such an appointment again, so none is re-sent.
    due: (cutoff) => sql`status <> 'queued' and created_at < ${cutoff} and appointment_starts_at < ${cutoff}`,
  },
  {
    kind: 'vaccination-reminders',
    table: 'vaccination_reminders',
    action: 'deleted',
    days: (p) => p.reminderDays,
    due: (cutoff) => sql`status <> 'queued' and created_at < ${cutoff} and due_on < ${cutoff}::date`,
  },
  {
    // Proof of consent (decision 0080): a change of preferences goes six years after every cell it set was
    // set again; the latest word on each cell, the consent in force, is never due.
    kind: 'consent-history',
    table: 'client_changes',
    action: 'deleted',
    days: (p) => years(p.consentYears),
    due: (cutoff) => sql`kind = 'contact_preferences' and changed_at < ${cutoff}
      and exists (
        select 1 from client_changes later
         where later.client_id = client_changes.client_id and later.kind = 'contact_preferences'
           and later.changed_at > client_changes.changed_at and later.changed_at < ${cutoff})
      and not exists (
        select 1 from jsonb_array_elements(client_changes.changes -> 'preferences') cell
         where not exists (
           select 1 from client_changes later, jsonb_array_elements(later.changes -> 'preferences') again
            where later.client_id = client_changes.client_id and later.kind = 'contact_preferences'
              and later.changed_at > client_changes.changed_at and later.changed_at < ${cutoff}
              and again ->> 'purpose' = cell ->> 'purpose' and again ->> 'channel' = cell ->> 'channel'))`,
  },
  {
    kind: 'detail-changes',
    table: 'client_changes',
    action: 'deleted',
    days: (p) => years(p.auditYears),
    due: (cutoff) => sql`kind = 'details' and changed_at < ${cutoff}`,
  },
  {
    kind: 'audit-log',
    table: 'audit_log',
    action: 'deleted',
    days: (p) => years(p.auditYears),
    due: (cutoff) => sql`occurred_at < ${cutoff}`,
  },
  {
    // Bills before estimates: an invoice names the estimate it settles (set null when that goes first).
    // Their lines go with them (on delete cascade).
    kind: 'invoices',
    table: 'practice_invoices',
    action: 'deleted',
    days: () => years(billRetentionYears),
    due: (cutoff) => sql`issued_on < ${cutoff}::date`,
  },
  {
    // A payment taken online is a financial record, kept as the bills are (decision 0157), from when it was
    // made; one still on the provider's page, or with a refund still being made, is never due. Its refund
    // goes with it (on delete cascade; decision 0158).
    kind: 'payments',
    table: 'online_payments',
    action: 'deleted',
    days: () => years(billRetentionYears),
    due: (cutoff) => sql`created_at < ${cutoff} and status <> 'pending'
      and not exists (select 1 from payment_refunds r where r.payment_id = online_payments.id and r.status = 'pending')`,
  },
  {
    kind: 'payment-provider-events',
    table: 'payment_provider_events',
    action: 'deleted',
    days: days(fixedRetentionDays.paymentProviderEvent),
    due: (cutoff) => sql`received_at < ${cutoff}`,
  },
  {
    // A plan membership that ended is a record of a contract and its payments, kept as the bills are
    // (decision 0161), from when it ended; a live one is never due. Its uses go with it (on delete cascade).
    kind: 'plan-memberships',
    table: 'plan_memberships',
    action: 'deleted',
    days: () => years(billRetentionYears),
    due: (cutoff) => sql`status in ('cancelled', 'ended') and ended_at < ${cutoff}`,
  },
  {
    kind: 'direct-debit-events',
    table: 'direct_debit_events',
    action: 'deleted',
    days: days(fixedRetentionDays.directDebitEvent),
    due: (cutoff) => sql`received_at < ${cutoff}`,
  },
  {
    kind: 'estimates',
    table: 'practice_estimates',
    action: 'deleted',
    days: () => years(billRetentionYears),
    due: (cutoff) => sql`issued_on < ${cutoff}::date`,
  },
  {
    // A photo or video sent to the practice goes a year after its message (decision 0169): the practice
    // system fetched what it keeps through its signed link; the bytes go from the store in the batch.
    kind: 'message-files',
    table: 'message_attachments',
    action: 'deleted',
    days: days(fixedRetentionDays.messageFile),
    due: (cutoff) => messageFilesDue(cutoff),
    storedFiles: true,
    batch: (cutoff, _now, limit) => sql`
      with due as (
        select id from message_attachments where ${messageFilesDue(cutoff)}
        limit ${limit} for update skip locked)
      delete from message_attachments a using due where a.id = due.id returning a.storage_key`,
  },
  {
    // A conversation's text is the advice given, kept six years after its last message whether or not the
    // practice closed it (decision 0169); its messages go with it (on delete cascade). One still holding a
    // file waits for message-files, so no bytes are left without their row.
    kind: 'conversations',
    table: 'conversations',
    action: 'deleted',
    days: () => years(conversationRetentionYears),
    due: (cutoff) => sql`last_message_at < ${cutoff}
      and not exists (select 1 from conversation_messages m join message_attachments a on a.message_id = m.id
                       where m.conversation_id = conversations.id)`,
  },
  {
    kind: 'earlier-time-offers',
    table: 'earlier_time_offers',
    action: 'deleted',
    days: days(fixedRetentionDays.bookingHold),
    due: (cutoff) => sql`expires_at < ${cutoff}`,
  },
  {
    kind: 'earlier-time-requests',
    table: 'earlier_time_requests',
    action: 'deleted',
    days: days(fixedRetentionDays.bookingHold),
    due: (cutoff) => sql`status not in ('Waiting', 'Offered') and coalesce(ended_at, created_at) < ${cutoff}
      and not exists (select 1 from earlier_time_offers o where o.request_id = earlier_time_requests.id)`,
  },
  {
    // A guest's name, e-mail and telephone: a hold ended (not Held) goes with its reservation.
    kind: 'guest-holds',
    table: 'soft_bookings',
    action: 'deleted',
    days: days(fixedRetentionDays.bookingHold),
    due: (cutoff) => sql`status <> 'Held' and expires_at < ${cutoff}
      and not exists (select 1 from earlier_time_offers o where o.soft_booking_id = soft_bookings.id)`,
  },
  {
    kind: 'verification-codes',
    table: 'verification_codes',
    action: 'deleted',
    days: days(fixedRetentionDays.verificationCode),
    due: (cutoff) => sql`expires_at < ${cutoff}`,
  },
  {
    kind: 'invitations',
    table: 'invitations',
    action: 'deleted',
    days: days(fixedRetentionDays.invitation),
    due: (cutoff) => sql`expires_at < ${cutoff}`,
  },
  {
    // The web deletes most sessions as they end; this takes the ones nobody came back to end.
    kind: 'sessions',
    table: 'web_sessions',
    action: 'deleted',
    days: days(fixedRetentionDays.session),
    due: (cutoff) => sql`(expires_at < ${cutoff} or last_seen_at < ${cutoff})`,
  },
  {
    kind: 'identity-provider-records',
    table: 'idp_models',
    action: 'deleted',
    days: days(fixedRetentionDays.identityProvider),
    due: (cutoff) => sql`expires_at < ${cutoff}`,
  },
  {
    kind: 'password-resets',
    table: 'idp_password_resets',
    action: 'deleted',
    days: days(fixedRetentionDays.identityProvider),
    due: (cutoff) => sql`expires_at < ${cutoff}`,
  },
  {
    kind: 'link-stages',
    table: 'link_stages',
    action: 'deleted',
    days: days(fixedRetentionDays.linkStage),
    due: (cutoff) => sql`recorded_at < ${cutoff}`,
  },
  {
    kind: 'data-export-requests',
    table: 'data_export_requests',
    action: 'deleted',
    days: days(fixedRetentionDays.dataExportRequest),
    due: (cutoff) => sql`requested_at < ${cutoff}`,
  },
  {
    kind: 'integration-idempotency-keys',
    table: 'integration_idempotency_keys',
    action: 'deleted',
    days: days(fixedRetentionDays.idempotencyKey),
    due: (cutoff) => sql`created_at < ${cutoff}`,
  },
  {
    kind: 'connector-refusals',
    table: 'connector_refusals',
    action: 'deleted',
    days: days(fixedRetentionDays.connectorRefusal),
    due: (cutoff) => sql`seen_at < ${cutoff}`,
  },
];

/** The kinds, in the order a run applies them. */
export const retentionKinds = retentionRules.map((rule) => rule.kind);
