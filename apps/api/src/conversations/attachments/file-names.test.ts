import { describe, expect, it } from 'vitest';
import { inlineDisposition, safeFileName } from './file-names.ts';

describe('the names attachments are kept and served under', () => {
  it('keep the device’s name, with the extension of what the file now is', () => {
    expect(safeFileName('IMG_0007.HEIC', 'image/jpeg')).toBe('IMG_0007.jpg');
    expect(safeFileName('Bramble’s paw.png', 'image/png')).toBe('Bramble’s paw.png');
    expect(safeFileName('clip.MOV', 'video/quicktime')).toBe('clip.mov');
  });

  it('drop folders, control and bidi characters, and fall back to the kind', () => {
    expect(safeFileName('../../etc/passwd', 'image/jpeg')).toBe('passwd.jpg');
    expect(safeFileName('C:\\Users\\olivia\\IMG_1.JPG', 'image/jpeg')).toBe('IMG_1.jpg');
    expect(safeFileName('photo\u202Egpj.exe', 'image/jpeg')).toBe('photogpj.jpg');
    expect(safeFileName('a\r\nb.jpg', 'image/jpeg')).toBe('ab.jpg');
    expect(safeFileName('', 'video/mp4')).toBe('video.mp4');
    expect(safeFileName('.jpg', 'image/png')).toBe('photo.png');
    expect(safeFileName('x'.repeat(500), 'image/png')).toHaveLength(104);
  });

  it('cannot break out of the Content-Disposition header', () => {
    expect(inlineDisposition('a"; filename=evil.html.jpg')).toBe(
      'inline; filename="a\\"; filename=evil.html.jpg"',
    );
    expect(inlineDisposition('Bramble’s paw.jpg')).toBe(
      'inline; filename="Bramble?s paw.jpg"; filename*=UTF-8\'\'Bramble%E2%80%99s%20paw.jpg',
    );
  });
});
