import { maxPhotoSidePixels } from '@vet/contracts/message-rules';
import sharp, { type Sharp } from 'sharp';
import type { AttachmentType } from './content-type.ts';
import { AttachmentRefused } from './refusal.ts';

/** A file ready to store: the bytes as they will be served, and what they are. */
export interface PreparedFile {
  bytes: Buffer;
  contentType: string;
  width: number | null;
  height: number | null;
}

/**
 * Above any phone camera's (a 48 MP sensor is 8064 × 6048): a larger image is a decompression bomb, not a
 * photo of a pet, and is refused before libvips allocates it.
 */
const maxInputPixels = 64_000_000;

/**
 * Re-encodes a photo (decision 0166): turned upright by its EXIF orientation, its longer side brought down
 * to maxPhotoSidePixels, and written afresh, which keeps none of the original's metadata (sharp writes
 * none unless asked: https://sharp.pixelplumbing.com/api-output#keepmetadata), so a phone's EXIF GPS, its
 * maker notes and XMP are gone. HEIC is decoded by libheif (heic-decode; sharp's prebuilt libvips reads
 * only AVIF of the HEIF family) and stored as JPEG; PNG stays PNG; JPEG stays JPEG.
 */
export async function reencodePhoto(bytes: Buffer, type: AttachmentType): Promise<PreparedFile> {
  try {
    const image = await openPhoto(bytes, type);
    const resized = image.rotate().resize({
      width: maxPhotoSidePixels,
      height: maxPhotoSidePixels,
      fit: 'inside',
      withoutEnlargement: true,
    });
    const asPng = type.contentType === 'image/png';
    const output = asPng
      ? resized.png({ compressionLevel: 6 })
      : resized.jpeg({ quality: 82, chromaSubsampling: '4:2:0' });
    const { data, info } = await output.toBuffer({ resolveWithObject: true });
    return {
      bytes: data,
      contentType: asPng ? 'image/png' : 'image/jpeg',
      width: info.width,
      height: info.height,
    };
  } catch (error) {
    if (error instanceof AttachmentRefused) throw error;
    // libvips's or libheif's message may quote the file: only the code leaves here.
    throw new AttachmentRefused('unreadable');
  }
}

async function openPhoto(bytes: Buffer, type: AttachmentType): Promise<Sharp> {
  const options = { failOn: 'error', limitInputPixels: maxInputPixels } as const;
  if (type.contentType !== 'image/heic' && type.contentType !== 'image/heif') return sharp(bytes, options);
  // libheif applies the container's rotation and mirroring (irot/imir) as it decodes, so the pixels come
  // out upright; the decoded image carries no metadata at all.
  // The first (primary) image's size is read before its pixels are decoded, so a huge one costs nothing.
  // Loaded on the first HEIC only: libheif's WebAssembly is megabytes that most processes never need.
  const { default: decodeHeic } = await import('heic-decode');
  const images = await decodeHeic.all({ buffer: bytes });
  try {
    const primary = images[0];
    if (!primary || primary.width * primary.height > maxInputPixels)
      throw new AttachmentRefused('unreadable');
    const { width, height, data } = await primary.decode();
    return sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), {
      ...options,
      raw: { width, height, channels: 4 },
    });
  } finally {
    images.dispose();
  }
}
