import { create } from 'content-disposition';

const extensionOf: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
  'video/webm': 'webm',
};

/**
 * The device's name made safe to store and show: no folders, no control or bidi characters, at most 120
 * characters, and the extension of what the file now is (a HEIC photo became a JPEG). A name with nothing
 * left is "photo" or "video".
 */
export function safeFileName(given: string, contentType: string): string {
  const base = given.split(/[/\\]/).pop() ?? '';
  const cleaned = base
    .normalize('NFC')
    // Control characters, and the bidirectional overrides that can make "gpj.exe" read as "exe.jpg".
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .replace(/\.[^.]*$/, '')
    .trim()
    .slice(0, 100);
  const stem = cleaned || (contentType.startsWith('video/') ? 'video' : 'photo');
  return `${stem}.${extensionOf[contentType] ?? 'bin'}`;
}

/**
 * `inline` with the name twice: an ASCII fallback and RFC 6266's `filename*` in UTF-8 (the `content-disposition`
 * package, which quotes and escapes both), so no name can break out of the header.
 */
export const inlineDisposition = (fileName: string) => create(fileName, { type: 'inline' });
