import type { FastifyReply, FastifyRequest } from 'fastify';
import parseRange from 'range-parser';
import { errorBody } from '../../platform/index.ts';
import { inlineDisposition } from './file-names.ts';

/**
 * Sends an attachment, to its owner or to the practice's link: its decided type and nosniff (a browser
 * never guesses another), inline under a safe name, private to one browser, and a policy that sandboxes
 * the answer should a browser ever render it as a document (no script, no origin). One byte range is
 * served as 206 (RFC 9110 §14: Safari plays a video only from ranges); several ranges, or a range of
 * another unit, get the whole file, which RFC 9110 allows; a range past the end is 416.
 */
export function sendAttachment(
  request: FastifyRequest,
  reply: FastifyReply,
  file: { contentType: string; fileName: string },
  bytes: Buffer,
) {
  reply
    .header('content-type', file.contentType)
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', inlineDisposition(file.fileName))
    .header('cache-control', 'private, max-age=300')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('accept-ranges', 'bytes');
  const asked = request.headers.range;
  const ranges = asked ? parseRange(bytes.length, asked, { combine: true }) : undefined;
  if (ranges === -1) {
    return reply
      .code(416)
      .header('content-range', `bytes */${bytes.length}`)
      .header('content-type', 'application/json; charset=utf-8')
      .send(errorBody(416, 'The requested range is not in this file.'));
  }
  if (typeof ranges === 'object' && ranges.type === 'bytes' && ranges.length === 1) {
    const { start, end } = ranges[0]!;
    return reply
      .code(206)
      .header('content-range', `bytes ${start}-${end}/${bytes.length}`)
      .header('content-length', end - start + 1)
      .send(bytes.subarray(start, end + 1));
  }
  return reply.header('content-length', bytes.length).send(bytes);
}
