import type { FastifyReply } from 'fastify';
import { inlineDisposition } from './file-names.ts';

/**
 * The headers every attachment is served with, to its owner and to the practice's link: its decided type
 * and nosniff (a browser never guesses another), inline under a safe name, private to one browser, and a
 * policy that sandboxes the answer should a browser ever render it as a document (no script, no origin).
 */
export function sendAttachment(
  reply: FastifyReply,
  file: { contentType: string; fileName: string },
  bytes: Buffer,
) {
  return reply
    .header('content-type', file.contentType)
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', inlineDisposition(file.fileName))
    .header('cache-control', 'private, max-age=300')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('content-length', bytes.length)
    .send(bytes);
}
