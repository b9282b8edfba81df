import {
  conversationCursor,
  type ConversationCursor,
  type IntegrationConversationDetail,
  type IntegrationConversationList,
} from '@vet/contracts/integration-conversation-reads';
import type { IntegrationErrorCode } from '@vet/contracts/integration-errors';
import { attachmentLinkDays, type ConversationStatus } from '@vet/contracts/message-rules';
import type { Database } from '@vet/db/connection';
import { attachmentLinkUrl, type AttachmentLinkKey } from '../../conversations/index.ts';
import { forbidden, notFound, servesPractice, type MachineGrant } from '../../platform/index.ts';
import {
  findPracticeConversation,
  listPracticeConversations,
  practiceIdOf,
  type AttachmentRow,
  type ConversationHeadRow,
} from './conversation-read-repository.ts';

/** What the reads need of the app: where the API is reached, and the key its attachment links are signed with. */
export interface ConversationReadSettings {
  apiPublicUrl: string;
  attachmentLinkKey: AttachmentLinkKey;
}

export const conversationReadRefusals = {
  notServed: 'This practice system is not granted this practice.',
  unknownPractice: 'No practice has that practice_ref.',
  unknownConversation: 'This practice has no conversation with that conversation_id.',
} as const;

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

/**
 * The practice named by reference: 403 practice_not_served for one the grant lacks, judged before it is
 * looked up, so whether another's practice exists never shows (decision 0105); 404 for one nobody has.
 */
async function servedPracticeId(db: Database, grant: MachineGrant, practiceRef: string): Promise<number> {
  if (!servesPractice(grant, practiceRef))
    throw forbidden(conversationReadRefusals.notServed, 'practice_not_served' satisfies IntegrationErrorCode);
  const id = await practiceIdOf(db, practiceRef);
  if (id === undefined) throw notFound(conversationReadRefusals.unknownPractice);
  return id;
}

const headOf = (row: ConversationHeadRow) => ({
  conversation_id: row.id,
  conversation_ref: row.pms_ref,
  client_id: row.client_id,
  client_ref: row.client_ref,
  pet_id: row.pet_id,
  pet_ref: row.pet_ref,
  pet_name: row.pet_name,
  status: row.status,
  last_message_at: iso(row.last_message_at),
  closed_at: isoOrNull(row.closed_at),
  created_at: iso(row.created_at),
});

export async function listConversations(
  db: Database,
  grant: MachineGrant,
  practiceRef: string,
  query: { status?: ConversationStatus | undefined; after?: ConversationCursor | undefined; limit: number },
): Promise<IntegrationConversationList> {
  const practiceId = await servedPracticeId(db, grant, practiceRef);
  // One more than asked tells whether a next page exists without a count.
  const rows = await listPracticeConversations(db, practiceId, { ...query, limit: query.limit + 1 });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    practice_ref: practiceRef,
    conversations: page.map((row) => ({
      ...headOf(row),
      unread_client_messages: row.unread_client_messages,
    })),
    next_after:
      rows.length > query.limit && last
        ? conversationCursor({ lastMessageMicros: BigInt(last.last_message_micros), id: last.id })
        : null,
  };
}

/**
 * One conversation, its messages oldest first, each attachment with a link signed now for
 * attachmentLinkDays. A file not yet scanned or found infected gets no link: it is never served.
 */
export async function readConversation(
  db: Database,
  settings: ConversationReadSettings,
  grant: MachineGrant,
  practiceRef: string,
  conversationId: number,
  now: Date = new Date(),
): Promise<IntegrationConversationDetail> {
  const practiceId = await servedPracticeId(db, grant, practiceRef);
  const found = await findPracticeConversation(db, practiceId, conversationId);
  if (!found) throw notFound(conversationReadRefusals.unknownConversation);
  const expiresAt = new Date(now.getTime() + attachmentLinkDays * 86_400_000);
  const linkOf = (attachment: AttachmentRow) =>
    attachment.scan_state === 'clean' || attachment.scan_state === 'not_scanned'
      ? attachmentLinkUrl(settings.apiPublicUrl, settings.attachmentLinkKey, attachment.id, expiresAt)
      : null;
  return {
    ...headOf(found.conversation),
    practice_ref: practiceRef,
    messages: found.messages.map((message) => ({
      message_id: message.id,
      message_ref: message.pms_ref,
      author: message.author,
      author_name: message.author_name,
      body: message.body,
      sent_at: iso(message.created_at),
      read_at: isoOrNull(message.read_at),
      suggested_reason_id: message.suggested_reason_id,
      suggested_reason_ref: message.suggested_reason_ref,
      attachments: found.attachments
        .filter((attachment) => attachment.message_id === message.id)
        .map((attachment) => {
          const url = linkOf(attachment);
          return {
            attachment_id: attachment.id,
            kind: attachment.kind,
            content_type: attachment.content_type,
            byte_size: attachment.byte_size,
            width: attachment.width,
            height: attachment.height,
            sha256: attachment.sha256,
            scan_state: attachment.scan_state,
            url,
            // Whole seconds: the link's own expiry.
            url_expires_at:
              url === null ? null : new Date(Math.floor(expiresAt.getTime() / 1000) * 1000).toISOString(),
          };
        }),
    })),
  };
}
