import { describe, expect, it } from 'vitest';
import { claimedKind, pickRefusal } from './attachment-rules';

const photo = { type: 'image/jpeg', name: 'IMG_1.jpg', size: 4 * 1024 * 1024 };
const video = { type: 'video/mp4', name: 'clip.mp4', size: 20 * 1024 * 1024 };

describe('picking files for a message', () => {
  it('reads the device’s hint of a file’s kind, HEIC photos and MOV videos included', () => {
    expect(claimedKind({ type: '', name: 'IMG_2.HEIC' })).toBe('photo');
    expect(claimedKind({ type: '', name: 'IMG_2.MOV' })).toBe('video');
    expect(claimedKind(video)).toBe('video');
  });

  it('takes up to three photos or one video, never both', () => {
    expect(pickRefusal(photo, [])).toBeNull();
    expect(pickRefusal(photo, ['photo', 'photo'])).toBeNull();
    expect(pickRefusal(photo, ['photo', 'photo', 'photo'])).toMatch(/up to 3 photos/);
    expect(pickRefusal(video, [])).toBeNull();
    expect(pickRefusal(video, ['photo'])).toMatch(/on a message of its own/);
    expect(pickRefusal(video, ['video'])).toMatch(/on a message of its own/);
    expect(pickRefusal(photo, ['video'])).toMatch(/cannot have photos/);
  });

  it('refuses a 60 MB video before uploading it', () => {
    expect(pickRefusal({ ...video, size: 60 * 1024 * 1024 }, [])).toBe(
      'This video is too large: at most 50 MB.',
    );
  });
});
