import type { AttachmentType } from './content-type.ts';
import type { PreparedFile } from './photo.ts';
import { AttachmentRefused } from './refusal.ts';

/**
 * The boxes where MP4 and QuickTime keep descriptive metadata, among them a phone's location: QuickTime's
 * user data `udta` (its `©xyz` atom, ISO 6709), the metadata box `meta` (Apple's
 * `com.apple.quicktime.location.ISO6709` key), and `uuid` extension boxes (XMP). Sources: Apple's
 * QuickTime File Format, "User data atoms" and "Metadata atoms"; ISO/IEC 14496-12 §8.10.1 (udta), §8.11.1
 * (meta), §4.2 (uuid).
 */
const metadataBoxes = new Set(['udta', 'meta', 'uuid']);
/** Containers whose children may be metadata: the movie and each of its tracks. */
const containers = new Set(['moov', 'trak']);

/**
 * A video kept as sent but for its metadata (decision 0166). MP4 and QuickTime: every metadata box at the
 * top level, in the movie and in each track is turned into a `free` box of the same size with its payload
 * zeroed (ISO/IEC 14496-12 §8.1.2: free space, ignored by readers), so no sample's offset moves and
 * nothing is re-muxed. A file whose boxes do not add up is `unreadable`. WebM (a browser's recording)
 * carries no location and is kept as it is.
 */
export function stripVideoMetadata(bytes: Buffer, type: AttachmentType): PreparedFile {
  if (type.contentType === 'video/webm')
    return { bytes, contentType: type.contentType, width: null, height: null };
  const out = Buffer.from(bytes);
  blankMetadata(out, 0, out.length, true);
  return { bytes: out, contentType: type.contentType, width: null, height: null };
}

function blankMetadata(file: Buffer, start: number, end: number, topLevel: boolean): void {
  let offset = start;
  while (offset < end) {
    if (end - offset < 8) throw new AttachmentRefused('unreadable');
    let size = file.readUInt32BE(offset);
    const type = file.toString('latin1', offset + 4, offset + 8);
    let header = 8;
    if (size === 1) {
      if (end - offset < 16) throw new AttachmentRefused('unreadable');
      const large = file.readBigUInt64BE(offset + 8);
      if (large > BigInt(end - offset)) throw new AttachmentRefused('unreadable');
      size = Number(large);
      header = 16;
    } else if (size === 0) {
      // "The box extends to the end of the file": allowed at the top level only (ISO/IEC 14496-12 §4.2).
      if (!topLevel) throw new AttachmentRefused('unreadable');
      size = end - offset;
    }
    if (size < header || offset + size > end) throw new AttachmentRefused('unreadable');
    if (metadataBoxes.has(type)) {
      file.write('free', offset + 4, 'latin1');
      // A 64-bit size stays as it is; only the payload is zeroed.
      file.fill(0, offset + header, offset + size);
    } else if (containers.has(type)) {
      blankMetadata(file, offset + header, offset + size, false);
    }
    offset += size;
  }
}
