import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/**
 * R4.17: verification codes are 6 digits, stored hashed. A million codes are hashed in moments, so a bare
 * hash would give them away to anyone who reads the table: the hash is an HMAC keyed by a server-side
 * pepper (VERIFICATION_CODE_PEPPER, never in the database) over a per-row salt and the code.
 */
export const CODE_DIGITS = 6;

/** A uniformly random code, leading zeros kept. */
export function generateCode(): string {
  return String(randomInt(0, 10 ** CODE_DIGITS)).padStart(CODE_DIGITS, '0');
}

const FORMAT = 'h1';

function mac(pepper: string, salt: string, code: string): Buffer {
  return createHmac('sha256', pepper).update(`${salt}:${code}`).digest();
}

/** `h1$<salt>$<mac>`: the format leaves room for a new scheme without invalidating codes in flight. */
export function hashCode(pepper: string, code: string): string {
  const salt = randomBytes(16).toString('base64url');
  return `${FORMAT}$${salt}$${mac(pepper, salt, code).toString('base64url')}`;
}

/** Compares in constant time; a malformed stored value matches nothing. */
export function codeMatches(pepper: string, code: string, stored: string): boolean {
  const [format, salt, expected] = stored.split('$');
  if (format !== FORMAT || !salt || !expected) return false;
  const actual = mac(pepper, salt, code);
  const wanted = Buffer.from(expected, 'base64url');
  return wanted.length === actual.length && timingSafeEqual(wanted, actual);
}

/**
 * The opaque handle of a check (256 random bits). Only its SHA-256 is stored: with that much entropy a
 * plain hash cannot be reversed, and it can be looked up by equality.
 */
export function generateCheckToken(): string {
  return randomBytes(32).toString('base64url');
}

export function checkTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
