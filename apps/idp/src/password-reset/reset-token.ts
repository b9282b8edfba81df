import { createHash, randomBytes } from 'node:crypto';

/** A reset link works for 1 hour (the page and the e-mail say so). */
export const RESET_TOKEN_TTL_MS = 60 * 60_000;

/** At most this many links per account in any hour, however many are asked for. */
export const MAX_RESETS_PER_ACCOUNT_PER_HOUR = 3;

/** 32 random bytes, base64url: 43 characters. */
const TOKEN = /^[\w-]{43}$/;

/** Only the hash is stored: a copy of the table cannot reset anyone's password. */
export function hashResetToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newResetToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashResetToken(token) };
}

/** Anything else cannot be one of ours, and is refused without a database query. */
export function looksLikeResetToken(value: string | null | undefined): value is string {
  return typeof value === 'string' && TOKEN.test(value);
}
