import { readUpload, type AttachmentType } from './content-type.ts';
import { reencodePhoto, type PreparedFile } from './photo.ts';
import { stripVideoMetadata } from './video.ts';

export interface PreparedAttachment extends PreparedFile {
  kind: AttachmentType['kind'];
  /** Milliseconds spent re-encoding or stripping (the upload benchmark prints their share). */
  processingMs: number;
}

/**
 * An upload as it will be stored (decision 0166): its type decided by content, within its kind's size
 * limit, a photo re-encoded and a video's metadata blanked. Throws AttachmentRefused with the reason.
 */
export async function prepareAttachment(
  chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
): Promise<PreparedAttachment> {
  const { type, bytes } = await readUpload(chunks);
  const started = performance.now();
  const prepared = type.kind === 'photo' ? await reencodePhoto(bytes, type) : stripVideoMetadata(bytes, type);
  return { ...prepared, kind: type.kind, processingMs: performance.now() - started };
}
