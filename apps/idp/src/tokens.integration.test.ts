import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { Browser, hiddenValue } from './testing/browser.ts';
import { PortalClient, type StartedSignIn, type TokenResponse } from './testing/portal-client.ts';
import { createTestAccount, GOOD_PASSWORD, uniqueEmail } from './testing/test-accounts.ts';
import { startTestIdp, type TestIdp } from './testing/test-idp.ts';

const database = useTestDatabase();
let idp: TestIdp;
let portal: PortalClient;

beforeAll(async () => {
  idp = await startTestIdp(database.db, database.url);
  portal = new PortalClient(idp);
});
afterAll(() => idp.close());

async function signedIn(): Promise<{ started: StartedSignIn; tokens: TokenResponse; accountId: string }> {
  const email = uniqueEmail('tokens');
  const accountId = await createTestAccount(database.db, email);
  const started = await portal.startSignIn();
  const answer = await portal.submit(started, 'login', { email, password: GOOD_PASSWORD });
  const response = await portal.exchangeCode(started, portal.codeFrom(started, answer));
  expect(response.status).toBe(200);
  return { started, tokens: (await response.json()) as TokenResponse, accountId };
}

describe('the provider', () => {
  it('answers /healthz and publishes the token endpoint of R7.11', async () => {
    expect((await fetch(`${idp.issuer}/healthz`)).status).toBe(200);
    const discovery = (await (
      await fetch(`${idp.issuer}/.well-known/openid-configuration`)
    ).json()) as Record<string, unknown>;
    expect(discovery).toMatchObject({
      issuer: idp.issuer,
      token_endpoint: `${idp.issuer}/oauth/token`,
      jwks_uri: `${idp.issuer}/jwks`,
      end_session_endpoint: `${idp.issuer}/session/end`,
      code_challenge_methods_supported: ['S256'],
    });
  });

  it('requires PKCE', async () => {
    const started = await portal.startSignIn({ withPkce: false });
    expect(started.page.location?.origin).toBe(idp.config.portalUrl);
    expect(started.page.location?.searchParams.get('error')).toBe('invalid_request');
    expect(started.page.location?.searchParams.get('code')).toBeNull();
  });

  it('refuses a code with the wrong verifier, and a code used twice', async () => {
    const { started } = await signedIn();
    // The session is still there: with prompt=none a code comes back at once.
    const again = await portal.startSignIn({ prompt: 'none' }, started.browser);
    const code = portal.codeFrom(again, again.page);
    expect((await portal.exchangeCode(again, code, 'x'.repeat(43))).status).toBe(400);
    expect((await portal.exchangeCode(again, code)).status).toBe(200);
    expect((await portal.exchangeCode(again, code)).status).toBe(400);
  });
});

describe('prompt', () => {
  it('without one, signs a person with a session straight back in; a new browser sees the sign-in page', async () => {
    const { started, accountId } = await signedIn();
    const again = await portal.startSignIn({ prompt: null }, started.browser);
    const response = await portal.exchangeCode(again, portal.codeFrom(again, again.page));
    const { access_token } = (await response.json()) as TokenResponse;
    expect((await portal.verifyAccessToken(access_token)).sub).toBe(accountId);

    const fresh = await portal.startSignIn({ prompt: null });
    expect(fresh.page.body).toContain('<h1>Sign in</h1>');
  });

  it('consent is implied for the portal: no consent page, and offline_access is kept', async () => {
    const { started } = await signedIn();
    const again = await portal.startSignIn({ prompt: 'consent' }, started.browser);
    const response = await portal.exchangeCode(again, portal.codeFrom(again, again.page));
    const tokens = (await response.json()) as TokenResponse;
    expect(tokens.scope?.split(' ')).toContain('offline_access');
    expect(tokens.refresh_token).toBeTruthy();
  });
});

describe('refresh tokens', () => {
  it('gives a new access token for the same account', async () => {
    const { tokens, accountId } = await signedIn();
    const response = await portal.refresh(tokens.refresh_token ?? '');
    expect(response.status).toBe(200);
    const refreshed = (await response.json()) as TokenResponse;
    expect(refreshed.access_token).not.toBe(tokens.access_token);
    expect((await portal.verifyAccessToken(refreshed.access_token)).sub).toBe(accountId);
  });

  it('survive a restart: everything lives in the database', async () => {
    const { tokens, accountId } = await signedIn();
    const pending = await portal.startSignIn();
    idp.restart();

    const refreshed = await portal.refresh(tokens.refresh_token ?? '');
    expect(refreshed.status).toBe(200);
    const { access_token } = (await refreshed.json()) as TokenResponse;
    expect((await portal.verifyAccessToken(access_token)).sub).toBe(accountId);
    // An interaction begun before the restart still completes after it.
    const email = uniqueEmail('restart');
    await createTestAccount(database.db, email);
    const answer = await portal.submit(pending, 'login', { email, password: GOOD_PASSWORD });
    expect(portal.codeFrom(pending, answer)).toBeTruthy();
  });
});

describe('signing out (RP-initiated logout)', () => {
  it('shows one button, returns to the portal and ends the refresh token', async () => {
    const { started, tokens } = await signedIn();
    const params = new URLSearchParams({
      id_token_hint: tokens.id_token ?? '',
      post_logout_redirect_uri: `${idp.config.portalUrl}/`,
    });
    const page = await started.browser.request(`${idp.issuer}/session/end?${params.toString()}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain('<h1>Signing you out</h1>');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'sha256-");

    const done = await started.browser.request(`${idp.issuer}/session/end/confirm`, {
      xsrf: hiddenValue(page.body, 'xsrf'),
      logout: 'yes',
    });
    expect(done.status).toBe(303);
    expect(done.location?.href).toBe(`${idp.config.portalUrl}/`);
    expect((await portal.refresh(tokens.refresh_token ?? '')).status).toBe(400);
  });

  it('leaves a sign-in begun in another tab before the sign-out working', async () => {
    const { started, tokens } = await signedIn();
    // The second tab asks to sign in while the first is signing out: its interaction records the grant.
    const secondTab = await portal.startSignIn({}, started.browser);
    expect(secondTab.page.body).toContain('<h1>Sign in</h1>');
    const params = new URLSearchParams({
      id_token_hint: tokens.id_token ?? '',
      post_logout_redirect_uri: `${idp.config.portalUrl}/`,
    });
    const page = await started.browser.request(`${idp.issuer}/session/end?${params.toString()}`);
    await started.browser.request(`${idp.issuer}/session/end/confirm`, {
      xsrf: hiddenValue(page.body, 'xsrf'),
      logout: 'yes',
    });
    expect((await portal.refresh(tokens.refresh_token ?? '')).status).toBe(400);

    // oidc-provider refuses an interaction whose session ended; the second tab's page asks for its
    // sign-in again, and shows the sign-in page rather than "Your sign-in has timed out".
    expect((await new Browser().request(secondTab.page.url)).status).toBe(400);
    const reloaded = await started.browser.request(secondTab.page.url);
    expect(reloaded.status).toBe(303);
    const page2 = await started.browser.follow(reloaded, idp.issuer);
    expect(page2.status).toBe(200);
    expect(page2.body).toContain('<h1>Sign in</h1>');
    expect(page2.url.pathname).not.toBe(secondTab.page.url.pathname);
    const email = uniqueEmail('second-tab');
    await createTestAccount(database.db, email);
    const again = { ...secondTab, page: page2 };
    const answer = await portal.submit(again, 'login', { email, password: GOOD_PASSWORD });
    expect(portal.codeFrom(again, answer)).toBeTruthy();

    // Only once: the ended interaction is gone (and a browser without its cookie never got its request).
    expect((await started.browser.request(secondTab.page.url)).status).toBe(400);
  });

  it('keeps a button but no script when the request does not name the client, and does not sign out', async () => {
    const { started, tokens } = await signedIn();
    const page = await started.browser.request(`${idp.issuer}/session/end`);
    expect(page.body).toContain('>Sign out</button>');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'none'");
    expect((await portal.refresh(tokens.refresh_token ?? '')).status).toBe(200);
  });

  it('does not sign out by itself when another site names our client without an ID token', async () => {
    const { started, tokens } = await signedIn();
    const params = new URLSearchParams({
      client_id: idp.config.clientId,
      post_logout_redirect_uri: `${idp.config.portalUrl}/`,
    });
    const page = await started.browser.request(`${idp.issuer}/session/end?${params.toString()}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain('>Sign out</button>');
    expect(page.body).not.toContain('<script>');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'none'");
    expect((await portal.refresh(tokens.refresh_token ?? '')).status).toBe(200);
  });

  it('does not sign out by itself with an ID token of another account', async () => {
    const { started, tokens } = await signedIn();
    const other = await signedIn();
    const params = new URLSearchParams({ id_token_hint: other.tokens.id_token ?? '' });
    const page = await started.browser.request(`${idp.issuer}/session/end?${params.toString()}`);
    expect(page.body).toContain('>Sign out</button>');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'none'");
    expect((await portal.refresh(tokens.refresh_token ?? '')).status).toBe(200);
  });

  it('refuses a cross-site POST to end the session without the form’s secret', async () => {
    const { started, tokens } = await signedIn();
    // The page was opened (so there is a secret in the session), but the forged form cannot know it.
    await started.browser.request(`${idp.issuer}/session/end`);
    const forms: Record<string, string>[] = [{ logout: 'yes' }, { logout: 'yes', xsrf: 'forged' }];
    for (const form of forms) {
      const answer = await fetch(`${idp.issuer}/session/end/confirm`, {
        method: 'POST',
        headers: {
          cookie: started.browser.jar.headerFor(new URL(idp.issuer)) ?? '',
          'content-type': 'application/x-www-form-urlencoded',
          origin: 'https://elsewhere.example',
          'sec-fetch-site': 'cross-site',
        },
        body: new URLSearchParams(form),
        redirect: 'manual',
      });
      expect(answer.status).toBe(400);
    }
    expect((await portal.refresh(tokens.refresh_token ?? '')).status).toBe(200);
  });

  it('has a branded page for a browser with nothing to sign out of', async () => {
    const page = await new Browser().request(`${idp.issuer}/session/end/success`);
    expect(page.body).toContain('<h1>You have signed out</h1>');
  });
});
