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

/**
 * What a new code's e-mail is bound by (sign-up and e-mail change alike): it works for
 * SIGN_UP_CODE_TTL_MS, and one address is sent at most MAX_SIGN_UP_EMAILS_PER_HOUR an hour.
 */
export function newCodeLimits(now: Date): { expiresAt: Date; maxEmailsPerHour: number } {
  return {
    expiresAt: new Date(now.getTime() + SIGN_UP_CODE_TTL_MS),
    maxEmailsPerHour: MAX_SIGN_UP_EMAILS_PER_HOUR,
  };
}

/** The six digits of a posted code, ignoring the spaces and dashes people type or paste around them. */
export function postedCode(value: string | null): string | undefined {
  const code = (value ?? '').replace(/[\s-]/g, '');
  return CODE.test(code) ? code : undefined;
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
