import { apiErrorSchema } from '@vet/contracts/errors';
import {
  conversationAnswerBodySchema,
  conversationAnswerResultSchema,
  conversationCloseResultSchema,
  conversationReadBodySchema,
  conversationReadResultSchema,
  integrationConversationParamsSchema,
} from '@vet/contracts/integration-conversations';
import { maxAnswerChars } from '@vet/contracts/message-rules';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  answerConversation,
  closeConversation,
  markConversationRead,
  type AnswerNoticeSettings,
} from '../../conversations/index.ts';
import { machineGrantOf } from '../../platform/index.ts';
import { servedPracticeId } from '../booking-payments/index.ts';

const scoped =
  'A practice this client is not granted answers 403 `practice_not_served` (decision 0105); an unknown ' +
  '`practice_ref`, or a conversation that is not this practice’s, answers 404.';

/**
 * The practice's writes to an owner's conversation under the integration API's prefix (issue 66, decision
 * 0168): answer, mark read, close. Each names the practice by its reference and the conversation by the
 * portal's id that `message.sent` gave; every write also takes an Idempotency-Key (decision 0113).
 */
export const conversationWriteRoutes =
  (settings: AnswerNoticeSettings): FastifyPluginCallbackZod =>
  (app, _options, done) => {
    const path = '/practices/:practice_ref/conversations/:conversation_id';

    app.post(
      `${path}/messages`,
      {
        schema: {
          operationId: 'answerConversation',
          summary: 'Answer an owner’s conversation',
          description:
            `The answer (1 to ${maxAnswerChars} characters) is shown to the owner with its signature; the ` +
            'owner’s earlier messages read as read. The owner is e-mailed (and sent a text where they chose ' +
            'it) that the practice answered, with a link behind sign-in: never the text. 201 stored; the same ' +
            '`message_ref` again answers 200 `unchanged` with the first answer and sends nothing. A closed ' +
            'conversation answers 409 `conversation_closed`; an unknown `suggested_reason_ref` 422 ' +
            `\`references_refused\`. ${scoped}`,
          params: integrationConversationParamsSchema,
          body: conversationAnswerBodySchema,
          response: {
            200: conversationAnswerResultSchema,
            201: conversationAnswerResultSchema,
            404: apiErrorSchema,
            409: apiErrorSchema,
            422: apiErrorSchema,
          },
        },
      },
      async (request, reply) => {
        const { practice_ref, conversation_id } = request.params;
        const practiceId = await servedPracticeId(app.db, machineGrantOf(request), practice_ref);
        const stored = await answerConversation(app.db, settings, {
          practiceId,
          conversationId: conversation_id,
          messageRef: request.body.message_ref,
          body: request.body.body,
          authorName: request.body.author_name,
          suggestedReasonRef: request.body.suggested_reason_ref,
        });
        // Ids and counts only (decision 0010): never the text, the signature or whom it went to.
        request.log.info(
          {
            conversationId: conversation_id,
            messageId: stored.messageId,
            outcome: stored.outcome,
            notices: stored.notices,
          },
          'conversation answered',
        );
        return reply.code(stored.outcome === 'applied' ? 201 : 200).send({
          conversation_id,
          message_id: stored.messageId,
          message_ref: request.body.message_ref,
          outcome: stored.outcome,
          sent_at: stored.sentAt.toISOString(),
        });
      },
    );

    app.post(
      `${path}/read`,
      {
        schema: {
          operationId: 'markConversationRead',
          summary: 'Mark the owner’s messages read, up to one',
          description:
            'The owner’s messages of this conversation up to `up_to_message_id` (one of theirs here, else 422 ' +
            '`references_refused`) show the owner as read. Marking again changes nothing (`marked_read` 0). ' +
            scoped,
          params: integrationConversationParamsSchema,
          body: conversationReadBodySchema,
          response: { 200: conversationReadResultSchema, 404: apiErrorSchema, 422: apiErrorSchema },
        },
      },
      async (request) => {
        const { practice_ref, conversation_id } = request.params;
        const practiceId = await servedPracticeId(app.db, machineGrantOf(request), practice_ref);
        const marked = await markConversationRead(app.db, {
          practiceId,
          conversationId: conversation_id,
          upToMessageId: request.body.up_to_message_id,
        });
        return { conversation_id, marked_read: marked };
      },
    );

    app.post(
      `${path}/close`,
      {
        schema: {
          operationId: 'closeConversation',
          summary: 'Close a conversation',
          description:
            'It takes no more answers; the owner can still read it, and their next message about the same ' +
            `pet opens a new conversation. Closing a closed one answers \`unchanged\`. ${scoped}`,
          params: integrationConversationParamsSchema,
          response: { 200: conversationCloseResultSchema, 404: apiErrorSchema },
        },
      },
      async (request) => {
        const { practice_ref, conversation_id } = request.params;
        const practiceId = await servedPracticeId(app.db, machineGrantOf(request), practice_ref);
        const closed = await closeConversation(app.db, { practiceId, conversationId: conversation_id });
        return {
          conversation_id,
          status: 'closed' as const,
          closed_at: closed.closedAt.toISOString(),
          outcome: closed.outcome,
        };
      },
    );
    done();
  };
