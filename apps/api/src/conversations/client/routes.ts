import { apiErrorSchema } from '@vet/contracts/errors';
import {
  conversationIdParamSchema,
  conversationListSchema,
  conversationThreadSchema,
  sendMessageBodySchema,
  sentMessageSchema,
} from '@vet/contracts/messages';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { linkedClientOf } from '../../platform/index.ts';
import type { AttachmentLinkSettings } from '../events/index.ts';
import { listConversations, openConversation } from './conversation-reads.ts';
import { sendMessage } from './send-message.ts';

const tags = ['messages'];

/**
 * The signed-in client's messages with their practice (issue 66, decision 0165): the list, one
 * conversation, and writing. Another client's conversation or pet answers like a missing one (404).
 * Logs carry ids only: never a message's text or a file's name. `links` signs the practice system's
 * links to a sent message's files (its `message.sent` event, decision 0168).
 */
export const clientConversationRoutes =
  (deps: { links: AttachmentLinkSettings }): FastifyPluginCallbackZod =>
  (app, _options, done) => {
    app.get(
      '/v2/conversations',
      {
        schema: {
          operationId: 'listConversations',
          tags,
          summary: 'The client’s conversations with the practice, newest first, and how the practice answers',
          description:
            'The home practice’s answer time, opening hours, phone and whether it is open now (UK time), and ' +
            'each conversation with a short preview of its latest message and the answers not yet read.',
          response: { 200: conversationListSchema, 404: apiErrorSchema },
        },
      },
      (request) => {
        const client = linkedClientOf(request);
        return listConversations(app.db, client, new Date());
      },
    );

    app.get(
      '/v2/conversations/:conversationId',
      {
        schema: {
          operationId: 'getConversation',
          tags,
          summary: 'One conversation, oldest message first; opening it marks the practice’s answers read',
          description:
            'Each of the owner’s messages says whether it is sent, read by the practice or answered. An answer ' +
            'may suggest a booking (a reason for the conversation’s pet).',
          params: conversationIdParamSchema,
          response: { 200: conversationThreadSchema, 404: apiErrorSchema },
        },
      },
      (request) =>
        openConversation(app.db, linkedClientOf(request).clientId, request.params.conversationId, new Date()),
    );

    app.post(
      '/v2/messages',
      {
        schema: {
          operationId: 'sendMessage',
          tags,
          summary: 'Write to the practice about a pet or the account, with uploaded photos or a video',
          description:
            'The pet’s open conversation is used, or one is opened. 201 with the message; 200 with the first ' +
            'message when `requestId` was sent before (nothing more is stored). 404 `pet_not_found`: not the ' +
            'client’s pet. 422: the pet is no longer with the client (`pet_gone`), or a file is not the ' +
            'client’s unsent upload (`attachment_unavailable`), failed the scan (`infected`), is still being ' +
            'scanned (`attachment_pending`), or the files are more than three photos or one video ' +
            '(`too_many_files`). 409 `messages_off`: the practice takes no messages online. 429: more than ' +
            'ten messages in a minute.',
          body: sendMessageBodySchema,
          response: {
            200: sentMessageSchema,
            201: sentMessageSchema,
            404: apiErrorSchema,
            409: apiErrorSchema,
            422: apiErrorSchema,
            429: apiErrorSchema,
          },
        },
      },
      async (request, reply) => {
        const { created, ...sent } = await sendMessage(
          app.db,
          linkedClientOf(request),
          request.body,
          deps.links,
        );
        request.log.info(
          { conversationId: sent.conversationId, messageId: sent.message.id, repeat: !created },
          'message sent',
        );
        return reply.code(created ? 201 : 200).send(sent);
      },
    );

    done();
  };
