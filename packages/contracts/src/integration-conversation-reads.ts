import { z } from 'zod';
import { serialIdParam } from './ids.ts';
import {
  attachmentKinds,
  attachmentLinkDays,
  attachmentScanStates,
  conversationStatuses,
  messageAuthors,
} from './message-rules.ts';
import { practiceSystemRefSchema } from './practice-system-ref.ts';

/**
 * What a practice system reads of its practice's conversations (issue 66, decisions 0165 and 0169): the
 * list, newest activity first and paged by an opaque cursor, and one conversation with its messages oldest
 * first, each attachment with a fresh signed link. Conversations and messages are named by the portal's
 * ids (`conversation_id`), as plan memberships are; the practice system's own reference, once it has
 * acknowledged one, is `conversation_ref`.
 */

export const conversationListDefaultLimit = 50;
export const conversationListMaxLimit = 200;

const instant = z.iso.datetime({ offset: true });
const limitReason = `The limit is a whole number from 1 to ${conversationListMaxLimit}.`;
const cursorReason = 'Give the next_after of an earlier answer, or leave after out to start from the newest.';

/**
 * The cursor is opaque to the caller: today the base64url of the last conversation's activity time in
 * microseconds and its id, so a page starts exactly after the one before even when two share a time.
 */
export interface ConversationCursor {
  lastMessageMicros: bigint;
  id: number;
}

// btoa and atob (ASCII only here) rather than Buffer: contracts load in the browser too.
const toBase64Url = (text: string) => btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const fromBase64Url = (text: string) => {
  try {
    return atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    return '';
  }
};

export const conversationCursor = (cursor: ConversationCursor): string =>
  toBase64Url(`${cursor.lastMessageMicros}.${cursor.id}`);

export const conversationCursorSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, cursorReason)
  .transform((value, context): ConversationCursor => {
    const match = /^(-?\d{1,18})\.([1-9]\d{0,9})$/.exec(fromBase64Url(value));
    if (!match || Number(match[2]) > 2_147_483_647) {
      context.addIssue({ code: 'custom', message: cursorReason });
      return z.NEVER;
    }
    return { lastMessageMicros: BigInt(match[1]!), id: Number(match[2]) };
  });

export const conversationPracticeParamsSchema = z.object({
  practice_ref: practiceSystemRefSchema.describe('The practice system’s reference of the practice.'),
});

export const conversationParamsSchema = conversationPracticeParamsSchema.extend({
  conversation_id: serialIdParam.describe('The portal’s id of the conversation.'),
});

/** GET …/conversations?status=&after=&limit= */
export const conversationListQuerySchema = z.object({
  status: z
    .enum(conversationStatuses, { error: 'status is open or closed (leave it out for both).' })
    .optional(),
  after: conversationCursorSchema.optional(),
  limit: z.coerce
    .number({ error: limitReason })
    .int(limitReason)
    .min(1, limitReason)
    .max(conversationListMaxLimit, limitReason)
    .default(conversationListDefaultLimit),
});

/** Who a conversation is with and about: the client, and the pet (null: about the account). */
const conversationHeadSchema = z.object({
  conversation_id: z.number().int(),
  conversation_ref: z.string().nullable().describe('The practice system’s reference, once it gave one.'),
  client_id: z.number().int(),
  client_ref: z.string().nullable(),
  pet_id: z.number().int().nullable().describe('Null: a conversation about the account, not a pet.'),
  pet_ref: z.string().nullable(),
  pet_name: z.string().nullable(),
  status: z.enum(conversationStatuses),
  last_message_at: instant,
  closed_at: instant.nullable(),
  created_at: instant,
});

export const conversationListItemSchema = conversationHeadSchema.extend({
  unread_client_messages: z
    .number()
    .int()
    .describe('The owner’s messages the practice has not marked read (POST …/read).'),
});
export type ConversationListItem = z.infer<typeof conversationListItemSchema>;

export const conversationListSchema = z.object({
  practice_ref: z.string(),
  /** Newest activity first; at most `limit`. */
  conversations: z.array(conversationListItemSchema),
  /** Pass as `after` for the next page; null when this page was the last. */
  next_after: z.string().nullable(),
});
export type IntegrationConversationList = z.infer<typeof conversationListSchema>;

export const conversationAttachmentSchema = z.object({
  attachment_id: z.number().int(),
  kind: z.enum(attachmentKinds),
  content_type: z.string().describe('As its content proved it to be (a HEIC photo is the JPEG it became).'),
  byte_size: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  sha256: z.string().describe('Hex SHA-256 of the bytes the link serves.'),
  scan_state: z.enum(attachmentScanStates),
  url: z
    .string()
    .nullable()
    .describe(
      `A signed link to the bytes, working ${attachmentLinkDays} days from this answer; null while the ` +
        'malware scan is pending or when the file was found infected (never served).',
    ),
  url_expires_at: instant.nullable(),
});

export const conversationMessageReadSchema = z.object({
  message_id: z.number().int(),
  message_ref: z.string().nullable().describe('An answer’s reference in the practice system.'),
  author: z.enum(messageAuthors),
  author_name: z.string().nullable(),
  body: z.string(),
  sent_at: instant,
  read_at: instant.nullable().describe('When the other side read it.'),
  suggested_reason_id: z.number().int().nullable(),
  suggested_reason_ref: z.string().nullable(),
  attachments: z.array(conversationAttachmentSchema),
});

export const conversationDetailSchema = conversationHeadSchema.extend({
  practice_ref: z.string(),
  /** Oldest first. */
  messages: z.array(conversationMessageReadSchema),
});
export type IntegrationConversationDetail = z.infer<typeof conversationDetailSchema>;
