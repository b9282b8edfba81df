import { attachmentLinkDays, type AttachmentKind } from '@vet/contracts/message-rules';
import type { PracticeEventData } from '@vet/contracts/practice-events';
import type { Executor } from '@vet/db/connection';
import { recordPracticeEvent } from '@vet/practice-events/record-events';
import { sql } from 'drizzle-orm';
import { attachmentLinkUrl, type AttachmentLinkKey } from '../attachment-links/index.ts';

/** What the event's signed links need: where the practice system reaches the API, and the links' key. */
export interface AttachmentLinkSettings {
  /** API_PUBLIC_URL: the links point at the API's public signed-link route. */
  apiPublicUrl: string;
  key: AttachmentLinkKey;
}

type SentMessageRow = {
  message_id: number;
  conversation_id: number;
  conversation_ref: string | null;
  practice_id: number;
  practice_ref: string | null;
  client_id: number;
  client_ref: string | null;
  pet_id: number | null;
  pet_ref: string | null;
  body: string;
  sent_at: Date | string;
};

type AttachmentRow = {
  attachment_id: number;
  kind: AttachmentKind;
  content_type: string;
  byte_size: number;
  sha256: string;
};

const dayMs = 86_400_000;

/**
 * Writes `message.sent` (decision 0168) for the owner's message `messageId`, in the send's own transaction
 * (`tx`), after the message and its attachments are written: the event commits with them or not at all.
 * Each attachment gets a link signed now that works for attachmentLinkDays; one found infected is left out.
 * Throws for a message that is not an owner's (a programming error, never a client's input).
 */
export async function recordMessageSentEvent(
  tx: Executor,
  messageId: number,
  links: AttachmentLinkSettings,
  now: Date = new Date(),
): Promise<number> {
  const { rows } = await tx.execute<SentMessageRow>(sql`
    select m.id as message_id, cv.id as conversation_id, cv.pms_ref as conversation_ref,
      pr.id as practice_id, pr.pms_ref as practice_ref, c.id as client_id, c.pms_ref as client_ref,
      pt.id as pet_id, pt.pms_ref as pet_ref, m.body, m.created_at as sent_at
    from conversation_messages m
    join conversations cv on cv.id = m.conversation_id
    join practices pr on pr.id = cv.practice_id
    join clients c on c.id = cv.client_id
    left join pets pt on pt.id = cv.pet_id
    where m.id = ${messageId} and m.author = 'client'`);
  const [message] = rows;
  if (!message) throw new Error(`message.sent: no owner's message ${messageId}`);
  const { rows: files } = await tx.execute<AttachmentRow>(sql`
    select id as attachment_id, kind, content_type, byte_size, sha256
    from message_attachments
    where message_id = ${messageId} and scan_state <> 'infected'
    order by position, id`);
  // Whole seconds: the link carries its expiry in seconds, and the event says the same instant.
  const expiresAt = new Date(Math.floor((now.getTime() + attachmentLinkDays * dayMs) / 1000) * 1000);
  const data: PracticeEventData<'message.sent'> = {
    ...message,
    sent_at: new Date(message.sent_at).toISOString(),
    attachments: files.map((file) => ({
      ...file,
      url: attachmentLinkUrl(links.apiPublicUrl, links.key, file.attachment_id, expiresAt),
      link_expires_at: expiresAt.toISOString(),
    })),
  };
  return recordPracticeEvent(tx, 'message.sent', data);
}
