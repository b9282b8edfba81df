import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The answers of the integration API's writes sent with an `Idempotency-Key` (decision 0113), per machine
 * caller: the same key and request again is answered from here, the same key with another request is
 * refused. A row without a status is a request still being answered. Rows are kept for a day (the daily
 * retention job deletes every caller's expired ones).
 */
export const integrationIdempotencyKeys = pgTable(
  'integration_idempotency_keys',
  {
    /** The machine client (`client_id` of its token): keys of two callers never meet. */
    caller: text('caller').notNull(),
    key: text('key').notNull(),
    /** SHA-256 of the method, path, If-Match and body: what "the same request" means. */
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    /**
     * The answer as sent: a write's outcome, ids, references and versions, never a person's details. One
     * holding a webhook secret shown once is kept sealed, bound to its caller and key (decision 0139).
     */
    responseBody: text('response_body'),
    /** The answer's ETag, when it had one (a record's version). */
    etag: text('etag'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.caller, t.key] }),
    index('integration_idempotency_keys_expiry_idx').on(t.caller, t.createdAt),
  ],
);
