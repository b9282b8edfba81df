import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { csrfToken, isValidCsrfToken } from '../interactions/csrf.ts';
import type { InteractionDeps } from '../interactions/deps.ts';
import { PASSWORD_PAGES_PATH } from './paths.ts';

/**
 * The password pages belong to no interaction, so their CSRF token is bound to a random value in a cookie
 * of their own instead (signed double submit): another site can neither read the cookie nor forge the
 * HMAC. The name must not clash with the portal's or oidc-provider's cookies (shared across localhost
 * ports, docs/decisions/0007).
 */
export const FORM_COOKIE = 'idp_password_form';
const NONCE = /^[\w-]{43}$/;

export function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const separator = part.indexOf('=');
    if (separator > 0 && part.slice(0, separator).trim() === name) return part.slice(separator + 1).trim();
  }
  return undefined;
}

/**
 * A signed double-submit CSRF token for pages outside any interaction: bound to a random value kept in the
 * cookie `cookie` under `path`, the HMAC labelled with `purpose` so one page group's token is no other's.
 */
export function signedFormCookie({
  cookie,
  purpose,
  path,
}: {
  cookie: string;
  purpose: string;
  path: string;
}) {
  const formNonce = (req: IncomingMessage): string | undefined => {
    const value = readCookie(req.headers.cookie, cookie);
    return value && NONCE.test(value) ? value : undefined;
  };
  const binding = (nonce: string) => `${purpose}:${nonce}`;
  return {
    /** The token for a form about to be shown; sets the cookie when the browser has none yet. */
    token: (req: IncomingMessage, res: ServerResponse, key: string, secure: boolean): string => {
      let nonce = formNonce(req);
      if (!nonce) {
        nonce = randomBytes(32).toString('base64url');
        const attributes = [`Path=${path}`, 'HttpOnly', 'SameSite=Lax', ...(secure ? ['Secure'] : [])];
        res.setHeader('Set-Cookie', `${cookie}=${nonce}; ${attributes.join('; ')}`);
      }
      return csrfToken(key, binding(nonce));
    },
    isValid: (req: IncomingMessage, key: string, token: string | null): boolean => {
      const nonce = formNonce(req);
      return nonce !== undefined && isValidCsrfToken(key, binding(nonce), token);
    },
  };
}

/**
 * The token for a form about to be shown (setting the cookie when the browser has none yet): signed with
 * the provider's CSRF key, the cookie Secure when the provider is served over https.
 */
export function csrfTokenFor(
  form: ReturnType<typeof signedFormCookie>,
  deps: Pick<InteractionDeps, 'csrfKey' | 'provider'>,
  req: IncomingMessage,
  res: ServerResponse,
): string {
  return form.token(req, res, deps.csrfKey, deps.provider.issuer.startsWith('https:'));
}

export const passwordForm = signedFormCookie({
  cookie: FORM_COOKIE,
  purpose: 'password-form',
  path: PASSWORD_PAGES_PATH,
});
