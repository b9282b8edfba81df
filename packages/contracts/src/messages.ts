import { z } from 'zod';
import {
  attachmentKinds,
  clientMessageStates,
  conversationStatuses,
  maxMessageChars,
  maxPhotosPerMessage,
  messageAuthors,
} from './message-rules.ts';
import { serialId, serialIdParam } from './ids.ts';

/**
 * Messages with the practice in the portal (issue 66, decision 0165). A client writes to their home
 * practice about a pet (one open conversation per pet) or about the account (one open conversation with
 * no pet); the practice answers from its system through the integration API. Files are uploaded first
 * (POST /v2/attachments, one at a time, decided by content and re-encoded), then named on the message.
 * Everything here is the signed-in client's own: another client's ids answer 404 like missing ones.
 */

const instant = z.iso.datetime({ offset: true });

/** An attachment as its owner sees it; its bytes at GET /v2/attachments/{attachmentId} (theirs only). */
export const messageAttachmentSchema = z.object({
  id: z.number().int(),
  kind: z.enum(attachmentKinds),
  /** As decided from the content (a HEIC photo is served as the JPEG it became). */
  contentType: z.string(),
  byteSize: z.number().int(),
  /** A photo's size in pixels after re-encoding; null for a video. */
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** The file's name as the owner's device gave it, for the owner's eyes only (never a path). */
  fileName: z.string(),
});
export type MessageAttachment = z.infer<typeof messageAttachmentSchema>;

/** One message of a conversation. */
export const conversationMessageSchema = z.object({
  id: z.number().int(),
  author: z.enum(messageAuthors),
  /** The practice's signature on an answer ("Sam, veterinary nurse"); null for the owner's messages. */
  authorName: z.string().nullable(),
  body: z.string(),
  sentAt: instant,
  /** The owner's messages only: sent, read by the practice, or answered. Null on the practice's. */
  state: z.enum(clientMessageStates).nullable(),
  attachments: z.array(messageAttachmentSchema),
  /** An answer may suggest a booking: the reason to book for this conversation's pet; null: none. */
  suggestedBooking: z
    .object({ reasonId: z.number().int(), reasonName: z.string(), petId: z.number().int().nullable() })
    .nullable(),
});
export type ConversationMessage = z.infer<typeof conversationMessageSchema>;

/** A conversation in the list: its pet (null: about the account), its state and its latest message. */
export const conversationSummarySchema = z.object({
  id: z.number().int(),
  petId: z.number().int().nullable(),
  petName: z.string().nullable(),
  status: z.enum(conversationStatuses),
  lastMessageAt: instant,
  /** The latest message's first words (the owner's own page only; never in e-mails or logs). */
  lastMessagePreview: z.string(),
  lastMessageAuthor: z.enum(messageAuthors),
  /** The practice's answers the owner has not opened yet. */
  unreadAnswers: z.number().int(),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

/** Opening hours in the practice's local time; ISO day of week, 1 = Monday; "HH:MM". */
export const messagingOpeningHoursSchema = z.object({
  dayOfWeek: z.number().int().min(1).max(7),
  opensAt: z.string(),
  closesAt: z.string(),
});

/**
 * What the owner is told before writing: whether the practice takes messages online, how soon it answers
 * (in opening hours), its hours and number (to call instead when it is urgent or closed).
 */
export const messagingPracticeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  /** The practice answers within this many opening hours; null: it does not take messages online. */
  answerWithinHours: z.number().int().nullable(),
  openingHours: z.array(messagingOpeningHoursSchema),
  /** Open at the moment the API answered, by its opening hours. */
  openNow: z.boolean(),
});
export type MessagingPractice = z.infer<typeof messagingPracticeSchema>;

/** GET /v2/conversations: the client's home practice's messaging facts and every conversation, newest first. */
export const conversationListSchema = z.object({
  practice: messagingPracticeSchema,
  conversations: z.array(conversationSummarySchema),
});
export type ConversationList = z.infer<typeof conversationListSchema>;

/** GET /v2/conversations/{conversationId}: one conversation, oldest message first. */
export const conversationThreadSchema = conversationSummarySchema
  .omit({ lastMessagePreview: true, lastMessageAuthor: true, unreadAnswers: true })
  .extend({
    practice: messagingPracticeSchema,
    messages: z.array(conversationMessageSchema),
  });
export type ConversationThread = z.infer<typeof conversationThreadSchema>;

/**
 * POST /v2/messages: write about a pet (petId) or the account (null). The open conversation of that pet is
 * used, or one is opened. `attachmentIds` are the client's own uploads not yet sent: up to three photos or
 * one video. `requestId` (the form's own uuid) makes a repeated send (a double click, a retry after a
 * lost answer) return the first message instead of storing a second.
 */
export const sendMessageBodySchema = z.object({
  petId: serialId.nullable(),
  body: z
    .string()
    .trim()
    .min(1, 'Write your message.')
    .max(maxMessageChars, `Your message is too long: at most ${maxMessageChars} characters.`),
  attachmentIds: z.array(serialId).max(maxPhotosPerMessage).default([]),
  requestId: z.uuid(),
});
export type SendMessageBody = z.input<typeof sendMessageBodySchema>;

/** 201 of POST /v2/messages. */
export const sentMessageSchema = z.object({
  conversationId: z.number().int(),
  message: conversationMessageSchema,
});
export type SentMessage = z.infer<typeof sentMessageSchema>;

export const conversationIdParamSchema = z.object({ conversationId: serialIdParam });
export const attachmentIdParamSchema = z.object({ attachmentId: serialIdParam });

export * from './message-rules.ts';
