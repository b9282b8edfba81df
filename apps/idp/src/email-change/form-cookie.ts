import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { csrfToken, isValidCsrfToken } from '../interactions/csrf.ts';
import { readCookie } from '../password-reset/form-cookie.ts';
import { ACCOUNT_PAGES_PATH } from './paths.ts';

/**
 * The account pages belong to no interaction: their CSRF token is bound to a random value in a cookie of
 * their own (signed double submit), as the password pages' (password-reset/form-cookie.ts), under their
 * own path and name.
 */
export const ACCOUNT_FORM_COOKIE = 'idp_account_form';
const NONCE = /^[\w-]{43}$/;

function formNonce(req: IncomingMessage): string | undefined {
  const value = readCookie(req.headers.cookie, ACCOUNT_FORM_COOKIE);
  return value && NONCE.test(value) ? value : undefined;
}

const binding = (nonce: string) => `account-form:${nonce}`;

export function accountFormCsrfToken(
  req: IncomingMessage,
  res: ServerResponse,
  key: string,
  secure: boolean,
): string {
  let nonce = formNonce(req);
  if (!nonce) {
    nonce = randomBytes(32).toString('base64url');
    const attributes = [
      `Path=${ACCOUNT_PAGES_PATH}`,
      'HttpOnly',
      'SameSite=Lax',
      ...(secure ? ['Secure'] : []),
    ];
    res.setHeader('Set-Cookie', `${ACCOUNT_FORM_COOKIE}=${nonce}; ${attributes.join('; ')}`);
  }
  return csrfToken(key, binding(nonce));
}

export function isValidAccountFormCsrf(req: IncomingMessage, key: string, token: string | null): boolean {
  const nonce = formNonce(req);
  return nonce !== undefined && isValidCsrfToken(key, binding(nonce), token);
}
