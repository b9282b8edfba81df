import { readFile } from 'node:fs/promises';
import exifr from 'exifr';
import sharp from 'sharp';

/** Where the test photos say they were taken: Clapham Common, London (a made-up owner's garden). */
export const takenAt = { latitude: 51.4613, longitude: -0.1494 };

const dms = (degrees: number) => {
  const abs = Math.abs(degrees);
  const whole = Math.floor(abs);
  const minutes = Math.floor((abs - whole) * 60);
  const hundredthsOfSeconds = Math.round(((abs - whole) * 60 - minutes) * 60 * 100);
  return `${whole}/1 ${minutes}/1 ${hundredthsOfSeconds}/100`;
};

/**
 * A photo as a phone camera writes it: a picture with fine noise (so it weighs what a real one does:
 * about 4 MB at 4032 × 3024), EXIF naming the camera, an orientation of 6 (taken in portrait: the pixels
 * are stored on their side) and the GPS position where it was taken.
 */
export async function phonePhoto(
  options: { width?: number; height?: number; format?: 'jpeg' | 'png'; quality?: number } = {},
): Promise<Buffer> {
  const { width = 4032, height = 3024, format = 'jpeg', quality = 91 } = options;
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 2_463_534_242;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      const noise = (seed & 31) - 16;
      const at = (y * width + x) * 3;
      pixels[at] = clamp(90 + (x * 120) / width + noise);
      pixels[at + 1] = clamp(140 - (y * 60) / height + noise);
      pixels[at + 2] = clamp(60 + ((x + y) * 50) / (width + height) + noise);
    }
  }
  const image = sharp(pixels, { raw: { width, height, channels: 3 } })
    .withExif({
      IFD0: { Make: 'Apple', Model: 'iPhone 15' },
      IFD3: {
        GPSLatitudeRef: takenAt.latitude >= 0 ? 'N' : 'S',
        GPSLatitude: dms(takenAt.latitude),
        GPSLongitudeRef: takenAt.longitude >= 0 ? 'E' : 'W',
        GPSLongitude: dms(takenAt.longitude),
      },
    })
    // sharp writes EXIF's orientation tag itself, from this.
    .withMetadata({ orientation: 6 });
  return format === 'png' ? image.png().toBuffer() : image.jpeg({ quality }).toBuffer();
}

const clamp = (value: number) => Math.max(0, Math.min(255, Math.round(value)));

/**
 * Real files made once with Debian's tools and kept here (README.md in this folder says how): a HEIC
 * photo from heif-enc (libheif, x265) carrying its JPEG's EXIF, and phone videos from ffmpeg carrying a
 * location: `phone.mov` in QuickTime's `©xyz` user-data atom, `phone.mp4` in the `meta` box's
 * `com.apple.quicktime.location.ISO6709` key (as iPhones write it).
 */
export const testFile = (name: 'phone.heic' | 'phone.mov' | 'phone.mp4') =>
  readFile(new URL(`./files/${name}`, import.meta.url));

/** The location the test videos carry, as ISO 6709 text. */
export const videoLocation = '+51.5072-000.1276';

/** The GPS position in a file's EXIF (exifr), or undefined where it has none: the proof a photo lost it. */
export async function gpsOf(bytes: Buffer): Promise<{ latitude: number; longitude: number } | undefined> {
  const gps = await exifr.gps(bytes).catch(() => undefined);
  return gps ?? undefined;
}

/** The EXIF, XMP and orientation sharp finds in a file: all undefined in what the portal stores. */
export async function metadataOf(bytes: Buffer) {
  const { format, width, height, exif, xmp, orientation } = await sharp(bytes).metadata();
  return { format, width, height, exif, xmp, orientation };
}
