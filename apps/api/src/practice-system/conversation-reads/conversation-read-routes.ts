import { apiErrorSchema } from '@vet/contracts/errors';
import {
  conversationDetailSchema,
  conversationListDefaultLimit,
  conversationListMaxLimit,
  conversationListQuerySchema,
  conversationListSchema,
  conversationParamsSchema,
  conversationPracticeParamsSchema,
} from '@vet/contracts/integration-conversation-reads';
import { attachmentLinkDays } from '@vet/contracts/message-rules';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { machineGrantOf } from '../../platform/index.ts';
import {
  listConversations,
  readConversation,
  type ConversationReadSettings,
} from './conversation-read-service.ts';

const scoped =
  'A practice this client is not granted answers 403 `practice_not_served` (decision 0105); an unknown ' +
  '`practice_ref` answers 404.';

/**
 * A practice's conversations with its clients, read by its system (issue 66, decision 0169): the list and
 * one conversation. Answers, marking read and closing are the write routes beside these.
 */
export const conversationReadRoutes =
  (settings: ConversationReadSettings): FastifyPluginCallbackZod =>
  (app, _options, done) => {
    app.get(
      '/practices/:practice_ref/conversations',
      {
        schema: {
          operationId: 'listPracticeConversations',
          summary: 'This practice’s conversations with its clients, newest activity first',
          description:
            'Each with its client and pet (null: about the account), its state and the owner’s messages ' +
            'not yet marked read. Pass the answer’s `next_after` as `after` for the next page (null: none); ' +
            `\`limit\` is 1 to ${conversationListMaxLimit} (${conversationListDefaultLimit} by default); ` +
            `\`status\` keeps open or closed ones only. ${scoped}`,
          params: conversationPracticeParamsSchema,
          querystring: conversationListQuerySchema,
          response: { 200: conversationListSchema, 400: apiErrorSchema, 404: apiErrorSchema },
        },
      },
      (request) =>
        listConversations(app.db, machineGrantOf(request), request.params.practice_ref, request.query),
    );

    app.get(
      '/practices/:practice_ref/conversations/:conversation_id',
      {
        schema: {
          operationId: 'getPracticeConversation',
          summary: 'One conversation of this practice, its messages oldest first',
          description:
            `Each attachment carries a link signed now, working ${attachmentLinkDays} days, to its bytes; ` +
            'read the conversation again for a fresh one. A conversation of another practice answers 404 ' +
            `as a missing one does. ${scoped}`,
          params: conversationParamsSchema,
          response: { 200: conversationDetailSchema, 404: apiErrorSchema },
        },
      },
      (request) =>
        readConversation(
          app.db,
          settings,
          machineGrantOf(request),
          request.params.practice_ref,
          request.params.conversation_id,
        ),
    );
    done();
  };
