import { encode } from 'next-auth/jwt';
import { describe, expect, it } from 'vitest';
import {
  mayCarrySession,
  parseCookieHeader,
  readSessionId,
  sessionCookieName,
  sessionCookieValue,
} from './session-cookie';

const session = { secret: 'a-test-secret-of-at-least-32-characters', secureCookies: false };

describe('session cookie', () => {
  it('is prefixed __Host- over https only (no Domain: a sibling subdomain cannot plant one)', () => {
    expect(sessionCookieName(false)).toBe('next-auth.session-token');
    expect(sessionCookieName(true)).toBe('__Host-next-auth.session-token');
  });

  it('reads the session id out of next-auth’s encrypted cookie', async () => {
    const token = await encode({ token: { sid: 'the-session-id' }, secret: session.secret });
    const header = `other=1; next-auth.session-token=${token}; next-auth.csrf-token=x`;
    expect(await readSessionId(header, session)).toBe('the-session-id');
  });

  it('joins a cookie next-auth split into chunks', () => {
    const cookies = parseCookieHeader('n.1=second; n.0=first');
    expect(sessionCookieValue(cookies, 'n')).toBe('firstsecond');
  });

  it('gives null for no cookie, a wrong secret, a tampered value or a token without a session id', async () => {
    expect(await readSessionId(null, session)).toBeNull();
    const token = await encode({ token: { sid: 'x' }, secret: 'another-secret-of-at-least-32-characters' });
    expect(await readSessionId(`next-auth.session-token=${token}`, session)).toBeNull();
    expect(await readSessionId('next-auth.session-token=eyJhbGciOiJub25lIn0.e30.', session)).toBeNull();
    const noSid = await encode({ token: { email: 'a@b.test' }, secret: session.secret });
    expect(await readSessionId(`next-auth.session-token=${noSid}`, session)).toBeNull();
  });

  it('tells a possible session cookie from none without decrypting it', async () => {
    const token = await encode({ token: { sid: 'x' }, secret: session.secret });
    expect(mayCarrySession(`next-auth.session-token=${token}`)).toBe(true);
    expect(mayCarrySession(`a=1; __Host-next-auth.session-token=${token}`)).toBe(true);
    expect(mayCarrySession(null)).toBe(false);
    expect(mayCarrySession('next-auth.csrf-token=abc')).toBe(false);
    expect(mayCarrySession('next-auth.session-token=secret')).toBe(false);
  });

  it('ignores the insecure cookie name when the portal uses Secure cookies', async () => {
    const token = await encode({ token: { sid: 'x' }, secret: session.secret });
    expect(
      await readSessionId(`next-auth.session-token=${token}`, { ...session, secureCookies: true }),
    ).toBeNull();
    // Nor the __Secure- name, which a sibling subdomain could set with a Domain attribute.
    expect(
      await readSessionId(`__Secure-next-auth.session-token=${token}`, { ...session, secureCookies: true }),
    ).toBeNull();
    expect(
      await readSessionId(`__Host-next-auth.session-token=${token}`, { ...session, secureCookies: true }),
    ).toBe('x');
  });
});
