import { describe, expect, it } from 'vitest';
import { parseServerConfig } from '@/config/server';
import { buildAuthOptions } from './auth-options';

const DATABASE_URL = 'postgres://unused/portal';

describe('the session cookie next-auth sets', () => {
  it('is __Host- over https: Secure, Path=/, no Domain, HttpOnly, SameSite=Lax', () => {
    const options = buildAuthOptions(
      parseServerConfig({ DATABASE_URL, PORTAL_URL: 'https://portal.vets.example' }),
    );
    expect(options.useSecureCookies).toBe(true);
    expect(options.cookies?.sessionToken).toEqual({
      name: '__Host-next-auth.session-token',
      options: { httpOnly: true, sameSite: 'lax', path: '/', secure: true },
    });
  });

  it('has no prefix over http (a local run), and is not Secure', () => {
    const options = buildAuthOptions(parseServerConfig({ DATABASE_URL }));
    expect(options.cookies?.sessionToken?.name).toBe('next-auth.session-token');
    expect(options.cookies?.sessionToken?.options).toMatchObject({ secure: false, path: '/' });
  });
});
