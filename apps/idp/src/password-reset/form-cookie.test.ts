import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { FORM_COOKIE, passwordForm, readCookie } from './form-cookie.ts';

const KEY = 'k'.repeat(32);

function exchange(cookie?: string) {
  const set: string[] = [];
  const req = { headers: cookie ? { cookie } : {} } as IncomingMessage;
  const res = { setHeader: (_: string, value: string) => set.push(value) } as unknown as ServerResponse;
  return { req, res, set };
}

describe('the password forms’ CSRF cookie', () => {
  it('reads one cookie out of a header', () => {
    expect(readCookie('a=1; idp_password_form=xyz ; b=2', FORM_COOKIE)).toBe('xyz');
    expect(readCookie('xidp_password_form=1', FORM_COOKIE)).toBeUndefined();
    expect(readCookie(undefined, FORM_COOKIE)).toBeUndefined();
  });

  it('is set once, scoped to the password pages, and the form token is valid only with it', () => {
    const first = exchange();
    const token = passwordForm.token(first.req, first.res, KEY, false);
    expect(first.set).toHaveLength(1);
    expect(first.set[0]).toMatch(/^idp_password_form=[\w-]{43}; Path=\/password; HttpOnly; SameSite=Lax$/);
    const cookie = first.set[0]?.split(';')[0] ?? '';

    const again = exchange(cookie);
    expect(passwordForm.token(again.req, again.res, KEY, false)).toBe(token);
    expect(again.set).toEqual([]);
    expect(passwordForm.isValid(again.req, KEY, token)).toBe(true);

    expect(passwordForm.isValid(exchange().req, KEY, token)).toBe(false);
    expect(passwordForm.isValid(exchange(`${FORM_COOKIE}=${'A'.repeat(43)}`).req, KEY, token)).toBe(false);
    expect(passwordForm.isValid(again.req, KEY, null)).toBe(false);
    expect(passwordForm.isValid(again.req, 'another key of at least 32 chars', token)).toBe(false);
  });

  it('is Secure when the provider is served over https', () => {
    const { req, res, set } = exchange();
    passwordForm.token(req, res, KEY, true);
    expect(set[0]).toMatch(/; Secure$/);
  });
});
