import { bigserial, index, jsonb, pgEnum, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { clients } from './clients.ts';
import { requiredRef } from './columns.ts';

/** What a client changed on their own record (docs/decisions/0019). */
export const clientChangeKind = pgEnum('client_change_kind', ['details', 'contact_preferences']);

/**
 * One cell of the contact preferences that a save changed: `from` → `to`. A save that changes nothing
 * (a confirmation) is recorded with an empty list.
 */
export interface ContactPreferenceChange {
  purpose: string;
  channel: string;
  from: boolean;
  to: boolean;
}

/** What the row records: the preference cells changed, or the names of the detail fields changed. */
export type ClientChangeRecord = { preferences: ContactPreferenceChange[] } | { fields: string[] };

/**
 * The audit trail of a client's own changes: who (the identity, iss + sub), what and when, written in
 * the transaction of the change itself. Detail changes keep field names only, never the values: the
 * record itself holds the personal data once.
 */
export const clientChanges = pgTable(
  'client_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    clientId: requiredRef('client_id', () => clients.id, { onDelete: 'cascade' }),
    kind: clientChangeKind('kind').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull(),
    actorIssuer: text('actor_issuer').notNull(),
    actorSubject: text('actor_subject').notNull(),
    changes: jsonb('changes').$type<ClientChangeRecord>().notNull(),
  },
  (t) => [index('client_changes_client_idx').on(t.clientId, t.changedAt)],
);
