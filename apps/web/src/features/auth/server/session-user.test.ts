import { describe, expect, it } from 'vitest';
import { sessionUserFromIdToken } from './session-user';

const idToken = (claims: object) =>
  `eyJhbGciOiJSUzI1NiJ9.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.signature`;

describe('sessionUserFromIdToken', () => {
  it('gives the e-mail and name claims, nothing else', () => {
    expect(
      sessionUserFromIdToken(idToken({ sub: 'x', email: 'a@b.test', name: 'Ann Bee', nonce: 'n', iss: 'i' })),
    ).toEqual({ email: 'a@b.test', name: 'Ann Bee' });
  });

  it('builds the name from given and family names, and leaves out what is missing', () => {
    expect(sessionUserFromIdToken(idToken({ given_name: 'Ann', family_name: 'Bee' }))).toEqual({
      name: 'Ann Bee',
    });
    expect(sessionUserFromIdToken(idToken({ sub: 'x', email: 'a@b.test' }))).toEqual({ email: 'a@b.test' });
  });

  it('gives nothing for a missing or malformed token', () => {
    expect(sessionUserFromIdToken(null)).toEqual({});
    expect(sessionUserFromIdToken('not-a-jwt')).toEqual({});
    expect(sessionUserFromIdToken('a.!!!.c')).toEqual({});
  });
});
