import { describe, expect, it } from 'vitest';
import { attachmentLinkKey, attachmentLinkUrl, isAttachmentLinkValid } from './attachment-link.ts';

const key = attachmentLinkKey('a-secret-of-thirty-two-characters-or-more');
const now = new Date('2026-11-29T10:00:00Z');
const parts = (url: string) => {
  const parsed = new URL(url);
  return {
    id: Number(parsed.pathname.split('/').at(-1)),
    expires: parsed.searchParams.get('expires')!,
    signature: parsed.searchParams.get('signature')!,
  };
};

describe('attachment links', () => {
  const url = attachmentLinkUrl('https://api.example/', key, 42, new Date('2026-12-06T10:00:00Z'));

  it('names the attachment and its expiry, nothing else', () => {
    expect(url).toMatch(/^https:\/\/api\.example\/attachments\/42\?expires=\d+&signature=[\w-]{43}$/);
  });

  it('is valid until it expires, for its own attachment and key only', () => {
    const { id, expires, signature } = parts(url);
    expect(isAttachmentLinkValid(key, id, expires, signature, now)).toBe(true);
    expect(isAttachmentLinkValid(key, id, expires, signature, new Date('2026-12-06T10:00:00Z'))).toBe(false);
    expect(isAttachmentLinkValid(key, 43, expires, signature, now)).toBe(false);
    expect(isAttachmentLinkValid(key, id, String(Number(expires) + 1), signature, now)).toBe(false);
    const other = attachmentLinkKey('another-secret-of-thirty-two-characters');
    expect(isAttachmentLinkValid(other, id, expires, signature, now)).toBe(false);
    expect(isAttachmentLinkValid(key, id, 'soon', signature, now)).toBe(false);
    expect(isAttachmentLinkValid(key, id, expires, 'x', now)).toBe(false);
  });
});
