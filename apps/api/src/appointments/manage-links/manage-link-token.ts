import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * An appointment's manage link (decision 0084): `<portal>/manage#<id>.<mac>`, the MAC an HMAC-SHA256 of
 * the appointment's id under a key derived from the server's secret (VERIFICATION_CODE_PEPPER, which
 * production requires) by HKDF with this purpose's own label, so neither use can stand in for the other.
 * The token names the appointment only: what it may do is read from the appointment as it is now (its
 * start ends the link, a cancellation ends it), so an old link of a moved appointment shows the new time.
 * The token sits in the fragment: browsers never send it, so no access log, Referer or trace holds it.
 */
export type ManageLinkKey = Buffer & { readonly manageLinkKey: unique symbol };

const purpose = 'client-portal appointment manage link v1';

/** The link's key, derived once from the configured secret. */
export function manageLinkKey(secret: string): ManageLinkKey {
  return Buffer.from(hkdfSync('sha256', secret, '', purpose, 32)) as ManageLinkKey;
}

const macOf = (key: ManageLinkKey, appointmentId: number) =>
  createHmac('sha256', key).update(`appointment:${appointmentId}`).digest();

/** The token of one appointment. */
export function manageLinkToken(key: ManageLinkKey, appointmentId: number): string {
  return `${appointmentId}.${macOf(key, appointmentId).toString('base64url')}`;
}

const tokenShape = /^([1-9]\d{0,9})\.([A-Za-z0-9_-]{43})$/;

/** The appointment a token names, or null for anything not signed by this key (checked in constant time). */
export function appointmentOfToken(key: ManageLinkKey, token: string): number | null {
  const match = tokenShape.exec(token);
  if (!match) return null;
  const appointmentId = Number(match[1]);
  if (appointmentId > 2_147_483_647) return null;
  const given = Buffer.from(match[2]!, 'base64url');
  const expected = macOf(key, appointmentId);
  return given.length === expected.length && timingSafeEqual(given, expected) ? appointmentId : null;
}

/** The address e-mails carry: the portal's /manage page, the token in the fragment. */
export function manageLinkUrl(portalUrl: string, key: ManageLinkKey, appointmentId: number): string {
  return `${portalUrl}/manage#${manageLinkToken(key, appointmentId)}`;
}

/** What booking's e-mails are given: the manage link of an appointment. */
export type ManageLinkOf = (appointmentId: number) => string;

export function manageLinks(portalUrl: string, secret: string): ManageLinkOf {
  const key = manageLinkKey(secret);
  return (appointmentId) => manageLinkUrl(portalUrl, key, appointmentId);
}
