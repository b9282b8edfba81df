import {
  attachmentKinds,
  attachmentScanStates,
  conversationStatuses,
  maxAnswerChars,
  messageAuthors,
} from '@vet/contracts/message-rules';
import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  foreignKey,
  index,
  integer,
  pgEnum,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { clients, pets } from './clients.ts';
import { requiredRef } from './columns.ts';
import { appointmentReasons } from './lookups.ts';
import { practiceRecordColumns } from './pms-ref.ts';
import { practices } from './practices.ts';

export const conversationStatus = pgEnum('conversation_status', conversationStatuses);
export const messageAuthor = pgEnum('message_author', messageAuthors);
export const attachmentKind = pgEnum('attachment_kind', attachmentKinds);
export const attachmentScanState = pgEnum('attachment_scan_state', attachmentScanStates);

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * A client's conversation with their practice (issue 66, decision 0165): about a pet, or about the account
 * (`pet_id` null). One open conversation per client, practice and pet; the practice closes it, and the
 * owner's next message opens a new one. `pms_ref` is the practice system's own reference once it
 * acknowledges the conversation. `last_message_at` orders the lists (the practice's list is keyset-paged
 * on it).
 */
export const conversations = pgTable(
  'conversations',
  {
    ...practiceRecordColumns(),
    practiceId: requiredRef('practice_id', () => practices.id, { onDelete: 'cascade' }),
    clientId: requiredRef('client_id', () => clients.id, { onDelete: 'cascade' }),
    petId: integer('pet_id').references(() => pets.id, { onDelete: 'cascade' }),
    status: conversationStatus('status').notNull().default('open'),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('conversations_client_idx').on(t.clientId, t.lastMessageAt),
    index('conversations_pet_idx').on(t.petId),
    index('conversations_practice_idx').on(t.practiceId, t.lastMessageAt, t.id),
    // One open conversation per client, practice and pet (the account's: pet 0).
    uniqueIndex('conversations_open_uq')
      .on(t.clientId, t.practiceId, sql`coalesce(${t.petId}, 0)`)
      .where(sql`${t.status} = 'open'`),
    check('conversations_closed_ck', sql`(${t.status} = 'closed') = (${t.closedAt} is not null)`),
  ],
);

/**
 * One message: the owner's (`client`), written in the portal, or the practice's answer from its system
 * (`practice`, with `pms_ref`, the system's own id for it, which makes a repeated answer change nothing).
 * `request_id` is the owner's form's uuid, which makes a repeated send return the first message. The
 * owner's messages are `read_at` when the practice system marks them read; the practice's when the owner
 * opens the conversation. An answer may suggest a booking (`suggested_reason_id`) for the pet.
 */
export const conversationMessages = pgTable(
  'conversation_messages',
  {
    id: serial('id').primaryKey(),
    pmsRef: text('pms_ref'),
    conversationId: requiredRef('conversation_id', () => conversations.id, { onDelete: 'cascade' }),
    author: messageAuthor('author').notNull(),
    /** The practice's signature on an answer ("Sam, veterinary nurse"); null on the owner's. */
    authorName: text('author_name'),
    body: text('body').notNull(),
    requestId: uuid('request_id'),
    suggestedReasonId: integer('suggested_reason_id'),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** The owner was told of this answer (e-mail, and SMS where chosen): one notice per answer. */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('conversation_messages_conversation_idx').on(t.conversationId, t.id),
    foreignKey({
      name: 'conversation_messages_reason_fk',
      columns: [t.suggestedReasonId],
      foreignColumns: [appointmentReasons.id],
    }).onDelete('set null'),
    unique('conversation_messages_request_uq').on(t.conversationId, t.requestId),
    unique('conversation_messages_pms_ref_uq').on(t.conversationId, t.pmsRef),
    check(
      'conversation_messages_author_ck',
      sql`case ${t.author}
            when 'client' then ${t.requestId} is not null and ${t.pmsRef} is null
              and ${t.authorName} is null and ${t.suggestedReasonId} is null
            else ${t.requestId} is null end`,
    ),
    check(
      'conversation_messages_body_ck',
      sql`char_length(${t.body}) between 1 and ${sql.raw(String(maxAnswerChars))}`,
    ),
  ],
);

/**
 * A photo or video a client uploaded: first unsent (`message_id` null, the client's own draft, deleted
 * after a day if never sent), then on a message. The bytes live in the attachment store under
 * `storage_key` (random, never derived from an id: decision 0165); `content_type` is what the content
 * proved to be after re-encoding. `scan_state` is the malware scan's verdict; an infected file is never
 * served or sent on.
 */
export const messageAttachments = pgTable(
  'message_attachments',
  {
    id: serial('id').primaryKey(),
    clientId: requiredRef('client_id', () => clients.id, { onDelete: 'cascade' }),
    messageId: integer('message_id').references(() => conversationMessages.id, { onDelete: 'cascade' }),
    position: smallint('position'),
    kind: attachmentKind('kind').notNull(),
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    width: integer('width'),
    height: integer('height'),
    /** The name the owner's device gave (shown to the owner; never used to decide anything). */
    fileName: text('file_name').notNull(),
    /** Hex SHA-256 of the stored bytes: the practice can check what it downloads. */
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull(),
    scanState: attachmentScanState('scan_state').notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('message_attachments_storage_key_uq').on(t.storageKey),
    index('message_attachments_message_idx').on(t.messageId),
    index('message_attachments_unsent_idx')
      .on(t.clientId, t.createdAt)
      .where(sql`${t.messageId} is null`),
    check('message_attachments_size_ck', sql`${t.byteSize} > 0`),
    check('message_attachments_position_ck', sql`(${t.messageId} is null) = (${t.position} is null)`),
  ],
);

/**
 * The database's attachment store (decision 0165): the bytes by their storage key, for a deployment with no
 * disk or object store configured. Disk and S3-compatible stores keep the same keys elsewhere.
 */
export const attachmentObjects = pgTable('attachment_objects', {
  key: text('key').primaryKey(),
  bytes: bytea('bytes').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
