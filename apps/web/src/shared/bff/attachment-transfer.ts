import { maxVideoUploadBytes } from '@vet/contracts/message-rules';

/**
 * The BFF's two attachment transfers (issue 66, decision 0166), the only requests that are not small JSON:
 * an upload (POST /v2/attachments, multipart, up to the video limit) streams through to the API, counted,
 * and a file's bytes (GET /v2/attachments/{id}) stream back. Every other rule of the proxy (the allow-list,
 * the same-origin check of writes, the session's bearer) applies to them as to any call.
 */
export function isAttachmentTransfer(method: string, segments: readonly string[]): boolean {
  if (segments[0] !== 'v2' || segments[1] !== 'attachments') return false;
  return (method === 'POST' && segments.length === 2) || (method === 'GET' && segments.length === 3);
}

/** The video limit, and room for multipart's boundaries and part headers. */
export const maxAttachmentRequestBytes = maxVideoUploadBytes + 64 * 1024;
/** A 50 MB video on a slow connection: the whole exchange, not the API's answer alone. */
export const attachmentTimeoutMs = 120_000;
/** What the API says of an attachment that the browser must keep (serve-attachment.ts in the API). */
export const attachmentResponseHeaders = [
  'x-content-type-options',
  'content-security-policy',
  'content-length',
  // A video player (Safari's) asks for byte ranges and plays only from them.
  'accept-ranges',
  'content-range',
];

/** A download's own request header: the byte range a video player asks for. */
export function withRange(request: Request, headers: Headers): Headers {
  const range = request.headers.get('range');
  if (range !== null) headers.set('range', range);
  return headers;
}

/**
 * The upload's body as a stream that counts what passes and fails once past the limit, so the proxy never
 * holds more than a chunk of it; `overLimit()` tells the caller why the upstream call failed. A declared
 * Content-Length past the limit is refused before a byte is read.
 */
export function countedUpload(
  request: Request,
  limitBytes = maxAttachmentRequestBytes,
): { body: ReadableStream<Uint8Array> | null; overLimit: () => boolean } | 'too-large' {
  if (Number(request.headers.get('content-length') ?? 0) > limitBytes) return 'too-large';
  let total = 0;
  let over = false;
  const counter = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      total += chunk.byteLength;
      if (total > limitBytes) {
        over = true;
        controller.error(new Error('upload past its limit'));
        return;
      }
      controller.enqueue(chunk);
    },
  });
  return { body: request.body ? request.body.pipeThrough(counter) : null, overLimit: () => over };
}
