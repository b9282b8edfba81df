import { z } from 'zod';
import { attachmentKinds } from './message-rules.ts';

const id = z.number().int().positive();
const ref = z.string().nullable();
const instant = z.iso.datetime({ offset: true });

/**
 * One file on the owner's message (issue 66, decision 0168): what the content proved to be, its size and
 * SHA-256 (hex, of the bytes the link serves), and a signed link that works until `link_expires_at`
 * (attachmentLinkDays). A file found infected is never listed; the link of one erased since stops working.
 */
export const messageSentAttachmentSchema = z.object({
  attachment_id: id,
  kind: z.enum(attachmentKinds),
  content_type: z.string(),
  byte_size: z.number().int().positive(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  url: z.url(),
  link_expires_at: instant,
});

/**
 * The owner wrote to the practice in the portal (issue 66, decisions 0165, 0168): the conversation (the
 * portal's id, which the practice's answer names, and the practice system's reference once it has one),
 * its pet (null: about the account), the owner's text as written and each attachment. The practice answers
 * with POST /integration/v1/practices/{practice_ref}/conversations/{conversation_id}/messages.
 */
export const messageSentSchema = z.object({
  conversation_id: id,
  conversation_ref: ref,
  message_id: id,
  practice_id: id,
  practice_ref: ref,
  client_id: id,
  client_ref: ref,
  pet_id: id.nullable(),
  pet_ref: ref,
  body: z.string(),
  attachments: z.array(messageSentAttachmentSchema),
  sent_at: instant,
});
