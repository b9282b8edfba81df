import type { AttachmentKind } from '@vet/contracts/message-rules';
import { maxPhotoUploadBytes, maxVideoUploadBytes } from '@vet/contracts/message-rules';
import { fileTypeFromBuffer } from 'file-type';
import { AttachmentRefused } from './refusal.ts';

/** What a file's content proved it to be: never its name or the type its sender claimed. */
export interface AttachmentType {
  kind: AttachmentKind;
  /** The type as detected (a HEIC photo is `image/heic` here, and a JPEG once re-encoded). */
  contentType: (typeof acceptedTypes)[number];
  /** The most bytes a file of this kind may have as sent (message-rules.ts). */
  maxBytes: number;
}

const acceptedTypes = [
  'image/jpeg',
  'image/png',
  'image/heic',
  'image/heif',
  'video/mp4',
  'video/quicktime',
  'video/webm',
] as const;

/**
 * file-type reads at most this many bytes to decide (its `reasonableDetectionSizeInBytes`, 4100); a
 * QuickTime or MP4's `ftyp` box, a JPEG's or PNG's signature and WebM's EBML header all sit within it.
 */
export const detectionBytes = 4_100;

/**
 * The type of a file from its first bytes (file-type's signatures: JPEG's FF D8 FF, PNG's 8-byte
 * signature, ISO BMFF's `ftyp` brands for HEIC, MP4 and QuickTime, WebM's EBML DocType). Anything else,
 * including HEIC image sequences and audio-only MP4s, is refused as `not_a_photo_or_video`.
 */
export async function attachmentTypeOf(head: Uint8Array): Promise<AttachmentType> {
  const detected = await fileTypeFromBuffer(head);
  const contentType = acceptedTypes.find((type) => type === detected?.mime);
  if (!contentType) throw new AttachmentRefused('not_a_photo_or_video');
  const kind: AttachmentKind = contentType.startsWith('image/') ? 'photo' : 'video';
  return { kind, contentType, maxBytes: kind === 'photo' ? maxPhotoUploadBytes : maxVideoUploadBytes };
}

/**
 * Reads an upload's bytes, deciding its type from the first ones, and stops as soon as the file passes its
 * kind's limit (`too_large`), so a 60 MB video costs at most its limit's worth of memory. An empty file is
 * not a photo or a video.
 */
export async function readUpload(
  chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
): Promise<{ type: AttachmentType; bytes: Buffer }> {
  const parts: Buffer[] = [];
  let total = 0;
  let type: AttachmentType | undefined;
  for await (const chunk of chunks) {
    parts.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    total += chunk.byteLength;
    if (!type && total >= detectionBytes) type = await attachmentTypeOf(Buffer.concat(parts));
    if (total > (type?.maxBytes ?? maxPhotoUploadBytes)) throw new AttachmentRefused('too_large');
  }
  const bytes = Buffer.concat(parts, total);
  return { type: type ?? (await attachmentTypeOf(bytes)), bytes };
}
