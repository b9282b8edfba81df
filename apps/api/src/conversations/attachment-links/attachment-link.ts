import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * The practice system's link to an attachment (decision 0165): `<api>/attachments/<id>?expires=<unix
 * seconds>&signature=<mac>`, the MAC an HMAC-SHA256 of the id and the expiry under a key derived from the
 * server's secret (VERIFICATION_CODE_PEPPER) by HKDF with this purpose's own label, so no other link's MAC
 * can stand in for it. The link names no client and no file name; it stops working at its expiry, and at
 * once for a file erased or found infected (the route checks the row as it is now).
 */
export type AttachmentLinkKey = Buffer & { readonly attachmentLinkKey: unique symbol };

const purpose = 'client-portal message attachment link v1';

export function attachmentLinkKey(secret: string): AttachmentLinkKey {
  return Buffer.from(hkdfSync('sha256', secret, '', purpose, 32)) as AttachmentLinkKey;
}

const macOf = (key: AttachmentLinkKey, attachmentId: number, expires: number) =>
  createHmac('sha256', key).update(`attachment:${attachmentId}:${expires}`).digest();

/** The signed address of one attachment until `expiresAt` (whole seconds). */
export function attachmentLinkUrl(
  apiPublicUrl: string,
  key: AttachmentLinkKey,
  attachmentId: number,
  expiresAt: Date,
): string {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  const signature = macOf(key, attachmentId, expires).toString('base64url');
  return `${apiPublicUrl.replace(/\/$/, '')}/attachments/${attachmentId}?expires=${expires}&signature=${signature}`;
}

/**
 * Whether a link's parts were signed by this key and it has not expired at `now` (constant time). Any part
 * of the wrong shape is simply not signed.
 */
export function isAttachmentLinkValid(
  key: AttachmentLinkKey,
  attachmentId: number,
  expires: string,
  signature: string,
  now: Date,
): boolean {
  if (!/^\d{1,12}$/.test(expires) || !/^[A-Za-z0-9_-]{43}$/.test(signature)) return false;
  const expiresAt = Number(expires);
  if (expiresAt * 1000 <= now.getTime()) return false;
  const expected = macOf(key, attachmentId, expiresAt);
  const given = Buffer.from(signature, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
