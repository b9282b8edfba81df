import { bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { clients } from './clients.ts';

/**
 * Each "Download my data" request (R2.37, decision 0079): who asked (the identity, iss + sub, and
 * the client record it was linked to, if any) and when. The export itself is never stored: it is
 * generated on request and sent once.
 */
export const dataExportRequests = pgTable(
  'data_export_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    identityIssuer: text('identity_issuer').notNull(),
    identitySubject: text('identity_subject').notNull(),
    /** Null for a signed-in person not linked to a client record. */
    clientId: integer('client_id').references(() => clients.id, { onDelete: 'cascade' }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('data_export_requests_client_idx').on(t.clientId),
    index('data_export_requests_identity_idx').on(t.identityIssuer, t.identitySubject),
  ],
);
