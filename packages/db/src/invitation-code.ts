import { createHash } from 'node:crypto';

/**
 * A practice's invitation code (R4.18), as typed or as carried by `/invite?rc=`: letters and digits,
 * grouped with dashes or spaces at will, in any case. Shared by the API (activation) and the demo seed.
 */
export function normaliseInvitationCode(code: string): string {
  return code.replace(/[\s-]+/g, '').toUpperCase();
}

/**
 * Only the hash is stored, looked up by equality. Issued codes carry at least 60 random bits (12
 * characters of a 32-letter alphabet), which no one reverses from a SHA-256; a short code would need a
 * keyed hash instead (docs/decisions/0014-matching-and-verification.md).
 */
export function invitationCodeHash(code: string): string {
  return createHash('sha256').update(normaliseInvitationCode(code)).digest('hex');
}
