import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A token tied to one interaction (or, on the password pages, to the browser's form cookie): an HMAC of
 * its id under a server key, so a form from another interaction (or another site) cannot be replayed into
 * this one.
 */
export function csrfToken(key: string, binding: string): string {
  return createHmac('sha256', key).update(`csrf:${binding}`).digest('base64url');
}

export function isValidCsrfToken(key: string, binding: string, token: string | null): boolean {
  if (!token) return false;
  const expected = Buffer.from(csrfToken(key, binding));
  const actual = Buffer.from(token);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
