import exifr from 'exifr';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { maxPhotoSidePixels, maxPhotoUploadBytes, maxVideoUploadBytes } from '@vet/contracts/message-rules';
import { prepareAttachment } from './prepare.ts';
import { AttachmentRefused } from './refusal.ts';
import { phonePhoto, takenAt, testFile, videoLocation } from './testing/phone-photo.ts';

/** An upload as it arrives: the bytes in chunks of 64 KB, as a multipart stream gives them. */
function* chunksOf(bytes: Buffer, size = 65_536): Generator<Uint8Array> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

const refusalOf = async (bytes: Buffer | Iterable<Uint8Array>) => {
  try {
    await prepareAttachment(Buffer.isBuffer(bytes) ? chunksOf(bytes) : bytes);
  } catch (error) {
    if (error instanceof AttachmentRefused) return error.code;
    throw error;
  }
  throw new Error('the upload was accepted');
};

describe('an upload decided by its content', () => {
  it('refuses a file that claims to be a photo and is not, or is nothing', async () => {
    // A "photo.jpg" that is a text file, an HTML page and a PDF: the name and claimed type count for nothing.
    expect(await refusalOf(Buffer.from('this is not a photo, whatever its name says'.repeat(200)))).toBe(
      'not_a_photo_or_video',
    );
    expect(await refusalOf(Buffer.from('<html><script>alert(1)</script></html>'))).toBe(
      'not_a_photo_or_video',
    );
    expect(await refusalOf(Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n'.padEnd(5_000, ' ')))).toBe(
      'not_a_photo_or_video',
    );
    expect(await refusalOf(Buffer.alloc(0))).toBe('not_a_photo_or_video');
  });

  it('refuses a photo past its limit, and a 60 MB video, without reading past the limit', async () => {
    const head = await phonePhoto({ width: 64, height: 48 });
    let read = 0;
    function* endless(first: Buffer): Generator<Uint8Array> {
      yield first;
      read = first.length;
      for (;;) {
        read += 1_048_576;
        yield Buffer.alloc(1_048_576);
      }
    }
    expect(await refusalOf(endless(head))).toBe('too_large');
    expect(read).toBeLessThanOrEqual(maxPhotoUploadBytes + 1_048_576);

    const movie = await testFile('phone.mov');
    const sixtyMegabytes = Buffer.concat([movie, Buffer.alloc(60 * 1024 * 1024 - movie.length)]);
    expect(await refusalOf(sixtyMegabytes)).toBe('too_large');
    expect(sixtyMegabytes.length).toBeGreaterThan(maxVideoUploadBytes);
  });

  it('refuses a photo whose content is damaged past its header', async () => {
    const photo = await phonePhoto({ width: 640, height: 480 });
    expect(await refusalOf(Buffer.concat([photo.subarray(0, 5_000), Buffer.alloc(20_000, 0x55)]))).toBe(
      'unreadable',
    );
  });
});

describe('a photo re-encoded', () => {
  it('comes out upright, at most maxPhotoSidePixels long, with no EXIF at all (no GPS)', async () => {
    const original = await phonePhoto();
    expect((await exifr.gps(original)).latitude).toBeCloseTo(takenAt.latitude, 3);
    const prepared = await prepareAttachment(chunksOf(original));
    expect(prepared).toMatchObject({ kind: 'photo', contentType: 'image/jpeg' });
    // Stored on its side (orientation 6), so upright it is taller than wide.
    expect([prepared.width, prepared.height]).toEqual([1920, maxPhotoSidePixels]);
    const metadata = await sharp(prepared.bytes).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 1920, height: maxPhotoSidePixels });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    expect(await exifr.gps(prepared.bytes)).toBeUndefined();
    expect(prepared.bytes.includes('iPhone')).toBe(false);
  });

  it('keeps a PNG a PNG, without its EXIF', async () => {
    const prepared = await prepareAttachment(
      chunksOf(await phonePhoto({ width: 800, height: 600, format: 'png' })),
    );
    expect(prepared).toMatchObject({ contentType: 'image/png', width: 600, height: 800 });
    expect((await sharp(prepared.bytes).metadata()).exif).toBeUndefined();
  });

  it('turns a phone’s HEIC into a JPEG, with none of its metadata', async () => {
    const heic = await testFile('phone.heic');
    expect(heic.includes('iPhone 15')).toBe(true);
    const prepared = await prepareAttachment(chunksOf(heic));
    expect(prepared).toMatchObject({ kind: 'photo', contentType: 'image/jpeg', width: 640, height: 480 });
    const metadata = await sharp(prepared.bytes).metadata();
    expect(metadata.format).toBe('jpeg');
    expect(metadata.exif).toBeUndefined();
    expect(prepared.bytes.includes('iPhone 15')).toBe(false);
  });
});

describe('a video kept as sent but for its metadata', () => {
  it.each(['phone.mov', 'phone.mp4'] as const)(
    '%s loses its location, every other byte in place',
    async (name) => {
      const original = await testFile(name);
      expect(original.includes(videoLocation)).toBe(true);
      const prepared = await prepareAttachment(chunksOf(original));
      expect(prepared.kind).toBe('video');
      expect(prepared.contentType).toBe(name === 'phone.mov' ? 'video/quicktime' : 'video/mp4');
      expect(prepared.bytes.length).toBe(original.length);
      expect(prepared.bytes.includes(videoLocation)).toBe(false);
      expect(prepared.bytes.includes('©xyz', 0, 'latin1')).toBe(false);
      // The media data (mdat) is untouched: the same bytes at the same offset.
      const mdat = original.indexOf('mdat');
      const size = original.readUInt32BE(mdat - 4);
      expect(
        prepared.bytes
          .subarray(mdat - 4, mdat - 4 + size)
          .equals(original.subarray(mdat - 4, mdat - 4 + size)),
      ).toBe(true);
    },
  );

  it('refuses a video whose boxes do not add up', async () => {
    const original = await testFile('phone.mov');
    const broken = Buffer.from(original);
    const moov = broken.indexOf('moov');
    broken.writeUInt32BE(0x7fff_ffff, moov - 4);
    expect(await refusalOf(broken)).toBe('unreadable');
  });
});
