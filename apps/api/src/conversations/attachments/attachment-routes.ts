import multipart from '@fastify/multipart';
import { AttachmentRefused, attachmentRefusals } from '@vet/attachments/refusal';
import { apiErrorSchema } from '@vet/contracts/errors';
import { attachmentIdParamSchema, messageAttachmentSchema } from '@vet/contracts/messages';
import { maxPhotosPerMessage, maxVideoUploadBytes, messagesPerMinute } from '@vet/contracts/message-rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  badRequest,
  byIdentity,
  conflict,
  errorBody,
  limitedBy,
  linkedClientOf,
  notFound,
  type LimitRule,
} from '../../platform/index.ts';
import type { AttachmentDeps } from './attachment-deps.ts';
import { deleteUnsentAttachment, ownAttachment } from './attachment-rows.ts';
import { sendAttachment } from './serve-attachment.ts';
import { uploadAttachment } from './upload-attachment.ts';

const tags = ['messages'];
const missing = 'We could not find that file.';

/** A full minute's messages, each with its most photos: the most a person sending as fast as allowed needs. */
const uploadsPerMinute: LimitRule = {
  name: 'attachment-uploads',
  max: messagesPerMinute * maxPhotosPerMessage,
  windowMs: 60_000,
  key: byIdentity,
};

/**
 * The owner's uploads (issue 66, decisions 0165 and 0166): one file a request, decided by its content,
 * re-encoded, scanned and kept as the client's unsent attachment until a message names it. Another
 * client's attachment answers exactly like a missing one (404).
 */
export const attachmentRoutes =
  (deps: Omit<AttachmentDeps, 'db'>): FastifyPluginAsyncZod =>
  async (app) => {
    const withDb: AttachmentDeps = { ...deps, db: app.db };
    // Here only: no other route takes multipart. One file, no other fields; the stream is read up to the
    // video limit and no further (the photo limit is applied once the content says it is a photo).
    await app.register(multipart, {
      // One byte past the limit, so the package's reader sees the excess and refuses it itself.
      limits: { files: 1, fields: 0, parts: 1, fileSize: maxVideoUploadBytes + 1, headerPairs: 20 },
    });

    app.post(
      '/v2/attachments',
      {
        schema: {
          operationId: 'uploadAttachment',
          tags,
          summary: 'Upload one photo or video (multipart/form-data, field `file`) for a message to come',
          description:
            'The type is decided by the content, never by the name or the claimed type: JPEG, PNG and HEIC ' +
            'photos (re-encoded, metadata removed, HEIC stored as JPEG) and MP4, QuickTime and WebM videos ' +
            '(their metadata boxes blanked). 415 `not_a_photo_or_video`, 413 `too_large` (20 MB a photo, ' +
            '50 MB a video), 422 `infected` or `unreadable`, 503 `scan_unavailable` when the malware scanner ' +
            'gives no verdict; nothing is stored on any refusal. Kept unsent for a day.',
          consumes: ['multipart/form-data'],
          response: {
            201: messageAttachmentSchema,
            400: apiErrorSchema,
            413: apiErrorSchema,
            415: apiErrorSchema,
            422: apiErrorSchema,
            503: apiErrorSchema,
          },
        },
        preHandler: limitedBy(app, [uploadsPerMinute]),
      },
      async (request, reply) => {
        const { clientId } = linkedClientOf(request);
        if (!request.isMultipart())
          throw badRequest('Send the file as multipart/form-data, in the field `file`.');
        try {
          const part = await request.file();
          if (!part || part.fieldname !== 'file') throw badRequest('Attach one file, in the field `file`.');
          const { processingMs, ...attachment } = await uploadAttachment(
            withDb,
            clientId,
            { chunks: part.file, fileName: part.filename },
            request.log,
          );
          request.log.info(
            {
              clientId,
              attachmentId: attachment.id,
              kind: attachment.kind,
              byteSize: attachment.byteSize,
              processingMs,
            },
            'attachment uploaded',
          );
          return await reply.code(201).send(attachment);
        } catch (error) {
          const refusal = refusalOf(error);
          if (!refusal) throw error;
          request.log.info({ clientId, code: refusal.code }, 'attachment refused');
          const { status, message } = attachmentRefusals[refusal.code];
          // The rest of a refused upload may still be on its way: the connection closes after the answer
          // instead of being held open while the client sends what nobody reads.
          if (refusal.code === 'too_large') reply.header('connection', 'close');
          return reply.code(status).send(errorBody(status, message, undefined, refusal.code));
        }
      },
    );

    app.get(
      '/v2/attachments/:attachmentId',
      {
        schema: {
          operationId: 'getAttachment',
          tags,
          summary: 'The bytes of one of the client’s attachments (sent or not), as decided and re-encoded',
          params: attachmentIdParamSchema,
          produces: ['image/jpeg', 'image/png', 'video/mp4', 'video/quicktime', 'video/webm'],
          response: { 200: z.any(), 206: z.any(), 404: apiErrorSchema, 416: apiErrorSchema },
        },
      },
      async (request, reply) => {
        const row = await ownAttachment(
          withDb.db,
          linkedClientOf(request).clientId,
          request.params.attachmentId,
        );
        if (!row || row.scanState === 'infected' || row.scanState === 'pending') throw notFound(missing);
        const bytes = await withDb.store.get(row.storageKey);
        if (!bytes) throw notFound(missing);
        return sendAttachment(request, reply, row, bytes);
      },
    );

    app.delete(
      '/v2/attachments/:attachmentId',
      {
        schema: {
          operationId: 'deleteAttachment',
          tags,
          summary: 'Remove an upload from a draft, before it is sent',
          description: '409 `already_sent` once the file is on a sent message (it stays with the message).',
          params: attachmentIdParamSchema,
          response: { 204: z.null(), 404: apiErrorSchema, 409: apiErrorSchema },
        },
      },
      async (request, reply) => {
        const { clientId } = linkedClientOf(request);
        const { attachmentId } = request.params;
        const storageKey = await deleteUnsentAttachment(withDb.db, clientId, attachmentId);
        if (storageKey === undefined) {
          const row = await ownAttachment(withDb.db, clientId, attachmentId);
          if (!row) throw notFound(missing);
          throw conflict('This file is already on a sent message.', 'already_sent');
        }
        await withDb.store.delete([storageKey]);
        return reply.code(204).send(null);
      },
    );
  };

/** A refusal of the file, whether this package's or multipart's own limit (a file past 50 MB). */
function refusalOf(error: unknown): AttachmentRefused | undefined {
  if (error instanceof AttachmentRefused) return error;
  if (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    error.code === 'FST_REQ_FILE_TOO_LARGE'
  )
    return new AttachmentRefused('too_large');
  return undefined;
}
