import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Page } from 'playwright-core';
import { recordTestSecret } from '@vet/contracts/testing/test-logs';
import { DEMO_ACCOUNT } from '@vet/db/seed/demo-accounts';
import { DEV_CLIENT_SECRET } from '../apps/idp/src/config.ts';
import { describe, expect, inject, it } from 'vitest';
import { expectConsoleError, expectNoAxeViolations, portalUrl, useBrowser } from './support/browser.ts';
import { confirmSignUpCode } from './support/onboarding.ts';
import { expectWelcome, idpOrigin, onPortal, onProvider, signInOnProvider } from './support/sign-in.ts';

/**
 * Sign-up, sign-in, the server-side session and logout, through the embedded identity provider, as a
 * person meets them: browser → web (next-auth) → provider → web → BFF → API.
 */

async function sessionJson(page: Page): Promise<Record<string, unknown>> {
  const response = await page.request.get('/api/auth/session');
  return (await response.json()) as Record<string, unknown>;
}

/** Starts sign-in the way next-auth's signIn() does, but with a callbackUrl of our choosing. */
async function startSignInWithCallback(page: Page, callbackUrl: string): Promise<void> {
  await page.goto('/practices');
  const url = await page.evaluate(async (callback) => {
    const { csrfToken } = (await (await fetch('/api/auth/csrf')).json()) as { csrfToken: string };
    const response = await fetch('/api/auth/signin/azure-ad', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrfToken, callbackUrl: callback, json: 'true' }),
    });
    return ((await response.json()) as { url: string }).url;
  }, callbackUrl);
  await page.goto(url);
}

const olivia = DEMO_ACCOUNT.manyPets;

/** The refresh tokens of Olivia's live portal sessions (other tests may sign her in too). */
async function oliviasRefreshTokens(): Promise<string[]> {
  const client = new pg.Client({ connectionString: inject('e2eDatabaseUrl') });
  await client.connect();
  try {
    const { rows } = await client.query<{ refresh_token: string }>(
      'SELECT refresh_token FROM web_sessions WHERE identity_subject = $1 AND refresh_token IS NOT NULL',
      [olivia.id],
    );
    return rows.map((row) => row.refresh_token);
  } finally {
    await client.end();
  }
}

/** The status of a refresh_token grant at the embedded provider, as the portal's own client. */
async function refreshAtProvider(refreshToken: string): Promise<number> {
  const { token_endpoint } = (await (
    await fetch(`${idpOrigin}/.well-known/openid-configuration`)
  ).json()) as {
    token_endpoint: string;
  };
  const response = await fetch(token_endpoint, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`client-portal:${DEV_CLIENT_SECRET}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken }),
  });
  return response.status;
}
const oliviaName = `${olivia.firstName} ${olivia.lastName}`;

/** The header's user menu (desktop width) offers Log out, which opens the confirmation. */
async function requestLogout(page: Page): Promise<void> {
  // A person clicks in the tab in front; a background tab's animation frames are throttled.
  await page.bringToFront();
  await page.getByRole('button', { name: oliviaName }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
}

/** The path of every request the tab makes to the portal from now on (redirects included), in order. */
function recordPortalPaths(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(portalUrl())) paths.push(new URL(request.url()).pathname);
  });
  return paths;
}

describe('identity and sessions', () => {
  const { newPage } = useBrowser();

  it('signs a new person up on the provider and brings them back signed in', async () => {
    const page = await newPage();
    const email = `new.client.${randomBytes(4).toString('hex')}@example.com`;
    const portalRequests = recordPortalPaths(page);
    await page.goto('/signup?practice=3');
    await page.waitForURL(onProvider);
    // The sign-up screen (R2.17) starts on the server: no page, no script before the provider's form.
    expect(portalRequests).toEqual(['/signup', '/api/auth/start-sign-in']);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Create an account');
    await page.getByLabel('E-mail address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('Brand-New-2026');
    await page.getByLabel('Confirm password').fill('Brand-New-2026');
    await page.getByRole('button', { name: 'Create account' }).click();
    // The same "Check your e-mail" step for any address; the e-mailed code finishes the sign-up.
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Check your e-mail');
    await expectNoAxeViolations(page);
    await confirmSignUpCode(page, email);

    // Back at /?practice=3, not linked to a client record yet: the activation guard (R4.1) sends the
    // newcomer on to find their record, with the practice kept for the form.
    await page.waitForURL(onPortal('/registration'), { timeout: 15_000 });
    expect(await page.evaluate<string | null>("sessionStorage.getItem('practice')")).toBe('3');
    expect(await sessionJson(page)).toMatchObject({ user: { email } });
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Find your record');
  });

  it('signs a demo client in, shows their name, and keeps every token on the server', async () => {
    const page = await newPage();
    await page.goto('/');
    await page.waitForURL(onProvider);
    await expectNoAxeViolations(page);
    await page.getByLabel('E-mail address').fill(olivia.email);
    await page.getByLabel('Password', { exact: true }).fill(olivia.password);
    // How long this takes is measured by `npm run bench`, not here.
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(onPortal('/'));
    await expectWelcome(page, olivia.firstName);
    await page.getByRole('button', { name: oliviaName }).waitFor();
    await expectNoAxeViolations(page);

    // The session as the browser sees it: the person, no token of any kind.
    const session = await sessionJson(page);
    expect(Object.keys(session).sort()).toEqual(['expires', 'user']);
    const html = await (await page.request.get('/')).text();
    const visible = [JSON.stringify(session), html, await page.content()];
    expect(visible.join('\n')).not.toMatch(/eyJ[\w-]+\.[\w-]+/);
    expect(await page.evaluate<string>('document.cookie')).not.toContain('session-token');

    // R7.11's session update (decision 0100), as the page's heartbeat sends it: the session as GET gives
    // it; a wrong CSRF token 403, a field asking for a change 400.
    expectConsoleError(page, /status of 403/);
    expectConsoleError(page, /status of 400/);
    const updates = await page.evaluate(async () => {
      const { csrfToken } = (await (await fetch('/api/auth/csrf')).json()) as { csrfToken: string };
      const update = async (body: unknown) => {
        const response = await fetch('/api/auth/session', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        const answer: unknown = await response.json();
        return { status: response.status, body: answer };
      };
      return [
        await update({ csrfToken, data: {} }),
        await update({ csrfToken: `${csrfToken}0`, data: {} }),
        await update({ csrfToken, data: { email: 'someone@example.com' } }),
      ];
    });
    expect(updates.map((update) => update.status)).toEqual([200, 403, 400]);
    const updated = updates[0]!.body as Record<string, unknown>;
    expect(Object.keys(updated).sort()).toEqual(['expires', 'user']);
    expect(updated.user).toEqual(session.user);

    const client = new pg.Client({ connectionString: inject('e2eDatabaseUrl') });
    await client.connect();
    try {
      const { rows } = await client.query<{ access_token: string; refresh_token: string; id_token: string }>(
        'SELECT access_token, refresh_token, id_token FROM web_sessions WHERE identity_subject = $1',
        [olivia.id],
      );
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) {
        for (const token of [row.access_token, row.refresh_token, row.id_token]) {
          expect(token).toBeTruthy();
          recordTestSecret('token', token);
          for (const text of visible) expect(text).not.toContain(token);
        }
      }
    } finally {
      await client.end();
    }
  });

  it('sends a visitor with no session from a page that needs one straight to the provider, and back', async () => {
    const page = await newPage();
    const portalRequests = recordPortalPaths(page);
    await page.goto('/client-detail?from=reminder');
    await page.waitForURL(onProvider);
    // Two redirects and no page: no HTML, no script, no round trips from the browser before the provider.
    expect(portalRequests).toEqual(['/client-detail', '/api/auth/start-sign-in']);
    await signInOnProvider(page, olivia.email);
    await page.waitForURL(
      (url) => onPortal('/client-detail')(url) && url.searchParams.get('from') === 'reminder',
      { timeout: 15_000 },
    );
    await page.getByRole('heading', { level: 1, name: 'Your details' }).waitFor();

    // A move the router makes (a fetch, which cannot follow the provider's redirect) still reaches the
    // provider: the page's own RequireAuth starts the sign-in, as for a session that ended on the server.
    // R2.16: the sign-in screen sends a signed-out visitor on to /?practice=3 with the router.
    const visitor = await newPage();
    const fetched: string[] = [];
    visitor.on('request', (request) => {
      if (request.url().includes('/api/auth/providers')) fetched.push('providers');
    });
    await visitor.goto('/signin?practice=3');
    await visitor.waitForURL(onProvider);
    expect(fetched).toEqual(['providers']);
  });

  it('logs out after confirmation, in every tab, and a replayed session cookie is worth nothing', async () => {
    const page = await newPage();
    await page.goto('/');
    await signInOnProvider(page, olivia.email);
    await expectWelcome(page, olivia.firstName);
    const secondTab = await page.context().newPage();
    await secondTab.goto('/');
    await expectWelcome(secondTab, olivia.firstName);
    const sessionCookie = (await page.context().cookies()).find((c) => c.name.endsWith('session-token'));
    expect(sessionCookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const refreshTokensBefore = await oliviasRefreshTokens();

    await requestLogout(page);
    const dialog = page.getByRole('dialog', { name: 'Log out' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('Are you sure you want to log out?');
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await sessionJson(page)).toHaveProperty('user');

    // Every address the tab was sent to, redirects included (the portal's / now redirects a visitor
    // without a session on to sign in, so the tab never shows it).
    const navigations: URL[] = [];
    page.on('request', (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame())
        navigations.push(new URL(request.url()));
    });
    // What the page's script is told before the portal session ends: read as soon as it arrives.
    const endSessionAnswer = page
      .waitForResponse((r) => r.url().endsWith('/api/auth/end-session') && r.request().method() === 'POST')
      .then((response) => response.text());
    await requestLogout(page);
    await dialog.getByRole('button', { name: 'Log out' }).click();
    // Signed out of the portal and of the provider: back at the portal, which sends them to sign in.
    await page.waitForURL(onProvider, { timeout: 15_000 });
    // The ID token went to the provider in the server's redirect, never to the page's script.
    expect(JSON.parse(await endSessionAnswer)).toEqual({ url: '/api/auth/end-session' });
    expect(await sessionJson(page)).toEqual({});
    // RP-initiated logout: the provider's session ended too, and it sent the browser back to the portal.
    const endSession = navigations.find((url) => url.origin === idpOrigin && url.pathname === '/session/end');
    expect(endSession?.searchParams.get('post_logout_redirect_uri')).toBe(`${portalUrl()}/`);
    expect(endSession?.searchParams.get('id_token_hint')).toMatch(/^eyJ/);
    expect(navigations.some((url) => url.href === `${portalUrl()}/`)).toBe(true);
    await secondTab.waitForURL(onProvider, { timeout: 15_000 });
    // Sent to sign in while the first tab was still signing out at the provider: the sign-in page, never
    // "Your sign-in has timed out".
    await secondTab.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor();

    // The ended session's refresh token was revoked at the provider: it buys no new tokens.
    const stillStored = new Set(await oliviasRefreshTokens());
    const ended = refreshTokensBefore.filter((token) => !stillStored.has(token));
    expect(ended.length).toBeGreaterThan(0);
    for (const token of ended) expect(await refreshAtProvider(token)).toBe(400);

    const replay = await newPage();
    await replay.context().addCookies([sessionCookie!]);
    expect(await sessionJson(replay)).toEqual({});
    await replay.goto('/');
    await replay.waitForURL(onProvider, { timeout: 15_000 });
  });

  // One form, end to end through next-auth and the provider: every form of another site (an absolute
  // URL, protocol-relative, backslashed, javascript:…) is the same code path, safeCallbackUrl, whose
  // unit test 'never follows %j' holds them all. This one, a path to a string check, leaves the
  // portal in a browser if anything passed it through.
  it.each(['/\\elsewhere.example'])(
    'never follows a callbackUrl off the portal (%s)',
    async (callbackUrl) => {
      const page = await newPage();
      await page.goto(`/api/auth/signin?callbackUrl=${encodeURIComponent(callbackUrl)}`);
      await page.waitForURL(onProvider, { timeout: 15_000 });

      await startSignInWithCallback(page, callbackUrl);
      await signInOnProvider(page, olivia.email);
      await page.waitForURL((url) => url.origin === portalUrl(), { timeout: 15_000 });
      expect(new URL(page.url()).pathname).toBe('/');
      await expectWelcome(page, olivia.firstName);
    },
  );
});
