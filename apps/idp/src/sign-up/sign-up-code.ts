import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';

/** A sign-up code works for 15 minutes (the page and the e-mail say so). */
export const SIGN_UP_CODE_TTL_MS = 15 * 60_000;

/** Wrong codes a sign-up takes before its code stops working. */
export const MAX_CODE_ATTEMPTS = 5;

/** Sign-up e-mails one address gets in an hour, however often it is typed in; past that, silently none. */
export const MAX_SIGN_UP_EMAILS_PER_HOUR = 5;

const CODE = /^\d{6}$/;

/** Six random digits. */
export function newSignUpCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/** Spaces and dashes people type or paste around the digits are ignored. */
export function normaliseCode(value: string | null): string {
  return (value ?? '').replace(/[\s-]/g, '');
}

export function looksLikeCode(value: string): boolean {
  return CODE.test(value);
}

/**
 * Only an HMAC is stored, keyed by the provider's secret and bound to the sign-in interaction: a million
 * possible codes would fall to a plain hash at once, and a code is worth nothing in another sign-up.
 */
export function hashSignUpCode(key: string, interactionUid: string, code: string): string {
  return createHmac('sha256', key).update(`sign-up-code:${interactionUid}:${code}`).digest('hex');
}

export function sameHash(a: string, b: string): boolean {
  const [left, right] = [Buffer.from(a), Buffer.from(b)];
  return left.length === right.length && timingSafeEqual(left, right);
}
