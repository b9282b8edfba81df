import {
  devMailboxListLimit,
  devMailboxListResponseSchema,
  devMailboxMessageParamsSchema,
  devMailboxMessageSchema,
  devSmsListResponseSchema,
} from '@vet/contracts/dev-mailbox';
import { apiErrorSchema } from '@vet/contracts/errors';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { findMailboxMessage } from './dev-mailbox.ts';
import { createMailboxRepository } from './mailbox-repository.ts';

/**
 * The development mailbox (R4.26): every e-mail of the outbox, to anyone who asks. A local developer's
 * tool for finishing sign-up without a mail server; app.ts registers it only when config.devMailbox is on,
 * which the config never allows in production.
 */
export const devMailboxRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const mailbox = createMailboxRepository(app.db);
  // The e-mails are personal data: no cache keeps a copy.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/dev/mailbox',
    {
      schema: {
        operationId: 'listDevMailbox',
        tags: ['development'],
        summary: `Development only: the newest ${devMailboxListLimit} e-mails of the outbox (never in production)`,
        response: { 200: devMailboxListResponseSchema },
      },
    },
    () => mailbox.listNewest(devMailboxListLimit),
  );

  app.get(
    '/dev/mailbox/:messageId',
    {
      schema: {
        operationId: 'getDevMailboxMessage',
        tags: ['development'],
        summary: 'Development only: one e-mail of the outbox, both parts (never in production)',
        params: devMailboxMessageParamsSchema,
        response: { 200: devMailboxMessageSchema, 404: apiErrorSchema },
      },
    },
    (request) => findMailboxMessage(mailbox, request.params.messageId),
  );

  app.get(
    '/dev/sms',
    {
      schema: {
        operationId: 'listDevSms',
        tags: ['development'],
        summary: `Development only: the newest ${devMailboxListLimit} text messages of the SMS outbox (never in production)`,
        response: { 200: devSmsListResponseSchema },
      },
    },
    () => mailbox.listNewestSms(devMailboxListLimit),
  );

  done();
};
