import { createHash, randomInt } from 'node:crypto';

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

/** Crockford's base-32 alphabet: no I, L, O or U, so a code read aloud or typed is not misread. */
const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A new invitation code: 12 characters of the 32-letter alphabet (60 random bits), in three groups of
 * four as the demo's are written, e.g. `HV7K-3MQ9-XP2D`.
 */
export function newInvitationCode(): string {
  const characters = Array.from({ length: 12 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]);
  return [0, 4, 8].map((start) => characters.slice(start, start + 4).join('')).join('-');
}

/** How long an invitation's link works (R4.18). */
export const invitationValidDays = 30;
