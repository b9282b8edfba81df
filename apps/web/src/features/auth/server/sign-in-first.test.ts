import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { encode } from 'next-auth/jwt';
import { describe, expect, it } from 'vitest';
import { needsSignInFirst, serverSignInStart, SIGN_IN_FIRST_PAGES } from './sign-in-first';

const appDir = join(import.meta.dirname, '../../../app');

/**
 * Each page file's route (`app/(portal)/pets/[id]/page.tsx` → `/pets/[id]`: a route group is not part of
 * the address) and source.
 */
function pages(dir = appDir): Array<{ route: string; source: string }> {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return pages(path);
    if (entry.name !== 'page.tsx') return [];
    const segments = relative(appDir, dir)
      .split(sep)
      .filter((segment) => segment !== '' && !/^\(.+\)$/.test(segment));
    const route = `/${segments.join('/')}`;
    return [{ route, source: readFileSync(path, 'utf8') }];
  });
}

/** Pages that keep their link's code before anything else, so sign-in starts from the page itself. */
const capturesTheLinkFirst = ['/invite', '/verified'];

const request = (path: string, headers: Record<string, string> = {}, method = 'GET') => {
  const url = new URL(path, 'http://localhost:3000');
  return { method, pathname: url.pathname, search: url.search, headers: new Headers(headers) };
};

describe('pages that start signing in on the server', () => {
  it('are exactly the pages wrapped in RequireAuth, less those that read their link first', () => {
    const guarded = pages()
      .filter((page) => page.source.includes('<RequireAuth>'))
      .map((page) => page.route);
    expect(guarded).toEqual(expect.arrayContaining(capturesTheLinkFirst));
    expect([...SIGN_IN_FIRST_PAGES].sort()).toEqual(
      guarded.filter((route) => !capturesTheLinkFirst.includes(route)).sort(),
    );
  });

  it('match a page’s own address only', () => {
    expect(needsSignInFirst('/')).toBe(true);
    expect(needsSignInFirst('/pets/0b6c9a5e-1f1e-4c5e-9a55-3d0f1e2a7b11')).toBe(true);
    expect(needsSignInFirst('/pets/register')).toBe(true);
    for (const path of [
      '/pets/x/y',
      '/practices',
      '/guest',
      '/signin',
      '/invite',
      '/verified',
      '/petsx',
      '//',
    ])
      expect(needsSignInFirst(path), path).toBe(false);
  });

  it('send a visitor with no session cookie to the start of sign-in, keeping the address to return to', () => {
    expect(serverSignInStart(request('/pets?x=1&y=2', { 'sec-fetch-mode': 'navigate' }))).toBe(
      '/api/auth/start-sign-in?callbackUrl=%2Fpets%3Fx%3D1%26y%3D2',
    );
    expect(serverSignInStart(request('/', { cookie: 'next-auth.csrf-token=abc; other=1' }))).toBe(
      '/api/auth/start-sign-in?callbackUrl=%2F',
    );
  });

  it('send every navigation to the sign-up screen to the provider’s sign-up, with its practice (R2.17)', async () => {
    const token = await encode({ token: { sid: 'x' }, secret: 'a-test-secret-of-at-least-32-characters' });
    expect(serverSignInStart(request('/signup?practice=3'))).toBe(
      '/api/auth/start-sign-in?screen=signup&practice=3',
    );
    expect(serverSignInStart(request('/signup', { cookie: `next-auth.session-token=${token}` }))).toBe(
      '/api/auth/start-sign-in?screen=signup',
    );
    expect(serverSignInStart(request('/signup', { 'sec-fetch-mode': 'cors' }))).toBeNull();
  });

  it('render the page for a session cookie, the router’s fetches, other methods and other pages', async () => {
    const token = await encode({ token: { sid: 'x' }, secret: 'a-test-secret-of-at-least-32-characters' });
    expect(serverSignInStart(request('/pets', { cookie: `next-auth.session-token=${token}` }))).toBeNull();
    expect(
      serverSignInStart(request('/pets', { cookie: `__Host-next-auth.session-token=${token}` })),
    ).toBeNull();
    expect(serverSignInStart(request('/pets', { 'sec-fetch-mode': 'cors' }))).toBeNull();
    expect(serverSignInStart(request('/pets', {}, 'POST'))).toBeNull();
    expect(serverSignInStart(request('/practices'))).toBeNull();
    expect(serverSignInStart(request('/invite?rc=HV7K-3MQ9-XP2D&ln=Davies'))).toBeNull();
  });
});
