import { z } from 'zod';
import { serialId, serialIdParam } from './ids.ts';
import { conversationStatuses, maxAnswerChars } from './message-rules.ts';
import { practiceSystemRefSchema } from './practice-system-ref.ts';

/**
 * The practice's side of messages with the practice (issue 66, decision 0168): its system answers an
 * owner's conversation, marks the owner's messages read and closes it, through the integration API with
 * the `messages` grant. A conversation is named by the portal's id (`conversation_id` of `message.sent`)
 * under the practice's reference; one of another practice answers 404 like a missing one.
 */

export const integrationConversationParamsSchema = z.object({
  practice_ref: practiceSystemRefSchema.describe('The practice system’s reference of the practice.'),
  conversation_id: serialIdParam.describe('The portal’s id of the conversation (`message.sent`).'),
});

const longestAuthorName = 100;

/** POST …/conversations/{conversation_id}/messages: the practice's answer. */
export const conversationAnswerBodySchema = z
  .strictObject({
    message_ref: practiceSystemRefSchema.describe(
      'The practice system’s own id of this answer: sending it again stores nothing new and answers the same.',
    ),
    body: z
      .string()
      .trim()
      .min(1, 'Write the answer.')
      .max(maxAnswerChars, `An answer has at most ${maxAnswerChars} characters.`)
      .describe('What the owner reads, as written (the e-mail telling them of it never carries it).'),
    author_name: z
      .string()
      .trim()
      .min(1, 'Sign the answer.')
      .max(longestAuthorName, `A signature has at most ${longestAuthorName} characters.`)
      .describe('Who answered, as the owner sees it: “Sam, veterinary nurse”.'),
    suggested_reason_ref: practiceSystemRefSchema
      .optional()
      .describe(
        'An appointment reason to book for this conversation’s pet: the owner sees a button to book it.',
      ),
  })
  .meta({
    examples: [
      {
        message_ref: 'MSG-40917',
        body: 'Thank you for the photo. It looks like a mild skin irritation; please book a check so we can look at it.',
        author_name: 'Sam, veterinary nurse',
        suggested_reason_ref: 'RSN-CONSULT',
      },
    ],
  });
export type ConversationAnswerBody = z.infer<typeof conversationAnswerBodySchema>;

/** 201 (stored) or 200 (this `message_ref` was stored before: nothing changed) of an answer. */
export const conversationAnswerResultSchema = z.object({
  conversation_id: z.number().int(),
  message_id: z.number().int(),
  message_ref: z.string(),
  outcome: z.enum(['applied', 'unchanged']),
  sent_at: z.iso.datetime({ offset: true }),
});
export type ConversationAnswerResult = z.infer<typeof conversationAnswerResultSchema>;

/** POST …/conversations/{conversation_id}/read: the owner's messages up to this one (its id) are read. */
export const conversationReadBodySchema = z
  .strictObject({
    up_to_message_id: serialId.describe('The portal’s id of the owner’s latest message read (`message_id`).'),
  })
  .meta({ examples: [{ up_to_message_id: 5530 }] });

export const conversationReadResultSchema = z.object({
  conversation_id: z.number().int(),
  /** How many of the owner's messages this marked read (0: they were already). */
  marked_read: z.number().int(),
});

/** 200 of POST …/conversations/{conversation_id}/close; closing a closed one answers `unchanged`. */
export const conversationCloseResultSchema = z.object({
  conversation_id: z.number().int(),
  status: z.enum(conversationStatuses),
  closed_at: z.iso.datetime({ offset: true }),
  outcome: z.enum(['applied', 'unchanged']),
});
