import { apiErrorSchema } from '@vet/contracts/errors';
import { attachmentIdParamSchema } from '@vet/contracts/messages';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../platform/index.ts';
import { attachmentLinkKey, isAttachmentLinkValid } from '../attachment-links/index.ts';
import type { AttachmentDeps } from './attachment-deps.ts';
import { sentAttachment } from './attachment-rows.ts';
import { sendAttachment } from './serve-attachment.ts';

export interface AttachmentLinkDeps extends Omit<AttachmentDeps, 'db' | 'scanner'> {
  /** The server's secret (VERIFICATION_CODE_PEPPER), from which the links' own key is derived. */
  secret: string;
  now: () => Date;
}

const gone = 'This link does not work: it may have expired.';

/**
 * The practice system's signed, expiring link to an attachment (decision 0165): no sign-in, the signature
 * is the only key. It serves only a file on a sent message that is not infected; a bad signature, an
 * expired link, an unsent or infected file and a missing one all answer the same 404.
 */
export const attachmentLinkRoutes =
  (deps: AttachmentLinkDeps): FastifyPluginCallbackZod =>
  (app, _options, done) => {
    const key = attachmentLinkKey(deps.secret);
    app.get(
      '/attachments/:attachmentId',
      {
        schema: {
          operationId: 'getAttachmentByLink',
          tags: ['messages'],
          summary: 'An attachment of a sent message, through the signed link in its `message.sent` event',
          params: attachmentIdParamSchema,
          querystring: z.object({ expires: z.string().max(20), signature: z.string().max(100) }),
          produces: ['image/jpeg', 'image/png', 'video/mp4', 'video/quicktime', 'video/webm'],
          response: { 200: z.any(), 206: z.any(), 404: apiErrorSchema, 416: apiErrorSchema },
        },
      },
      async (request, reply) => {
        const { attachmentId } = request.params;
        const { expires, signature } = request.query;
        if (!isAttachmentLinkValid(key, attachmentId, expires, signature, deps.now())) throw notFound(gone);
        const row = await sentAttachment(app.db, attachmentId);
        if (!row || row.scanState === 'infected' || row.scanState === 'pending') throw notFound(gone);
        const bytes = await deps.store.get(row.storageKey);
        if (!bytes) throw notFound(gone);
        return sendAttachment(request, reply, row, bytes);
      },
    );
    done();
  };
