import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * An appointment's manage link (decision 0084): `<portal>/manage#<id>.<mac>`, the MAC an HMAC-SHA256 of
 * the appointment's id and its link generation under a key derived from the server's secret
 * (VERIFICATION_CODE_PEPPER, which production requires) by HKDF with this purpose's own label, so neither
 * use can stand in for the other. The generation is the appointment's (`manage_link_generation`): raising
 * it ends every link made before (decision 0095), so a token is checked against the row as it is now.
 * The token sits in the fragment: browsers never send it, so no access log, Referer or trace holds it.
 */
export type ManageLinkKey = Buffer & { readonly manageLinkKey: unique symbol };

const purpose = 'client-portal appointment manage link v1';

/** The link's key, derived once from the configured secret. */
export function manageLinkKey(secret: string): ManageLinkKey {
  return Buffer.from(hkdfSync('sha256', secret, '', purpose, 32)) as ManageLinkKey;
}

/**
 * Generation 0 signs the id alone: the links e-mailed before decision 0095 are generation 0, and keep
 * working until their appointment's generation is first raised.
 */
const macOf = (key: ManageLinkKey, appointmentId: number, generation: number) =>
  createHmac('sha256', key)
    .update(generation === 0 ? `appointment:${appointmentId}` : `appointment:${appointmentId}:${generation}`)
    .digest();

/** The token of one appointment at one generation of its link. */
export function manageLinkToken(key: ManageLinkKey, appointmentId: number, generation: number): string {
  return `${appointmentId}.${macOf(key, appointmentId, generation).toString('base64url')}`;
}

const tokenShape = /^([1-9]\d{0,9})\.([A-Za-z0-9_-]{43})$/;

/** A token taken apart, not yet checked: the appointment it names and its MAC. */
export interface TokenParts {
  appointmentId: number;
  mac: Buffer;
}

/** The parts of a token of the right shape, or null for anything else. */
export function tokenParts(token: string): TokenParts | null {
  const match = tokenShape.exec(token);
  if (!match) return null;
  const appointmentId = Number(match[1]);
  if (appointmentId > 2_147_483_647) return null;
  return { appointmentId, mac: Buffer.from(match[2]!, 'base64url') };
}

/** Whether the token was signed by this key for its appointment at this generation (constant time). */
export function isSignedAt(key: ManageLinkKey, parts: TokenParts, generation: number): boolean {
  const expected = macOf(key, parts.appointmentId, generation);
  return parts.mac.length === expected.length && timingSafeEqual(parts.mac, expected);
}

/** The address e-mails carry: the portal's /manage page, the token in the fragment. */
export function manageLinkUrl(
  portalUrl: string,
  key: ManageLinkKey,
  appointmentId: number,
  generation: number,
): string {
  return `${portalUrl}/manage#${manageLinkToken(key, appointmentId, generation)}`;
}
