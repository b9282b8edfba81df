import { createHash, randomBytes } from 'node:crypto';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { Browser, hiddenValue, type BrowserResponse } from './browser.ts';
import type { TestIdp } from './test-idp.ts';

export interface TokenResponse {
  access_token: string;
  id_token?: string;
  refresh_token?: string;
  token_type: string;
  expires_in: number;
  scope?: string;
}

export interface SignInOptions {
  providerId?: 'azure-ad' | 'auth0';
  screenHint?: 'signup';
  /** Defaults to `login`, as the portal asks; null sends none. */
  prompt?: string | null;
  withPkce?: boolean;
  /** Defaults to what the portal asks for: `openid email profile offline_access`. */
  scope?: string;
}

export interface StartedSignIn {
  browser: Browser;
  /** The first answer after the redirects from /auth: normally the interaction page. */
  page: BrowserResponse;
  state: string;
  verifier: string;
  redirectUri: string;
}

const random = () => randomBytes(32).toString('base64url');

/** Plays the portal's sign-in layer (next-auth) against the provider: authorization code with PKCE. */
export class PortalClient {
  private readonly jwks: ReturnType<typeof createRemoteJWKSet>;

  constructor(private readonly idp: TestIdp) {
    this.jwks = createRemoteJWKSet(new URL(`${idp.issuer}/jwks`));
  }

  async startSignIn(options: SignInOptions = {}, browser = new Browser()): Promise<StartedSignIn> {
    const { config, issuer } = this.idp;
    const state = random();
    const verifier = random();
    const redirectUri = `${config.portalUrl}/api/auth/callback/${options.providerId ?? 'azure-ad'}`;
    const params = new URLSearchParams({
      client_id: config.clientId,
      response_type: 'code',
      redirect_uri: redirectUri,
      scope: options.scope ?? 'openid email profile offline_access',
      state,
      nonce: random(),
    });
    if (options.prompt !== null) params.set('prompt', options.prompt ?? 'login');
    if (options.withPkce !== false) {
      params.set('code_challenge', createHash('sha256').update(verifier).digest('base64url'));
      params.set('code_challenge_method', 'S256');
    }
    if (options.screenHint) params.set('screen_hint', options.screenHint);
    const page = await browser.follow(await browser.request(`${issuer}/auth?${params.toString()}`), issuer);
    return { browser, page, state, verifier, redirectUri };
  }

  /** Submits the page's form and follows the provider's redirects back to the portal. */
  async submit(started: StartedSignIn, screen: 'login' | 'signup' | 'code', fields: Record<string, string>) {
    const action = new URL(
      `${started.page.url.pathname.replace(/\/(login|signup|code)$/, '')}/${screen}`,
      this.idp.issuer,
    );
    const form = { csrf: hiddenValue(started.page.body, 'csrf'), ...fields };
    return started.browser.follow(await started.browser.request(action, form), this.idp.issuer);
  }

  /** The code from the portal's callback URL, after checking that state came back unchanged. */
  codeFrom(started: StartedSignIn, answer: BrowserResponse): string {
    const callback = answer.location;
    if (!callback || `${callback.origin}${callback.pathname}` !== started.redirectUri) {
      throw new Error(`expected a redirect to the portal, got ${answer.status}`);
    }
    if (callback.searchParams.get('state') !== started.state) throw new Error('state changed');
    const code = callback.searchParams.get('code');
    if (!code) throw new Error(`no code: ${callback.searchParams.get('error')}`);
    return code;
  }

  exchangeCode(started: StartedSignIn, code: string, verifier = started.verifier): Promise<Response> {
    return this.token({
      grant_type: 'authorization_code',
      code,
      redirect_uri: started.redirectUri,
      code_verifier: verifier,
    });
  }

  refresh(refreshToken: string): Promise<Response> {
    return this.token({ grant_type: 'refresh_token', refresh_token: refreshToken });
  }

  async verifyAccessToken(token: string): Promise<JWTPayload> {
    const { payload } = await jwtVerify(token, this.jwks, {
      issuer: this.idp.issuer,
      audience: this.idp.config.apiAudience,
      algorithms: ['RS256'],
    });
    return payload;
  }

  async verifyIdToken(token: string): Promise<JWTPayload> {
    const { payload } = await jwtVerify(token, this.jwks, {
      issuer: this.idp.issuer,
      audience: this.idp.config.clientId,
    });
    return payload;
  }

  private token(form: Record<string, string>): Promise<Response> {
    const { clientId, clientSecret } = this.idp.config;
    const basic = Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`).toString(
      'base64',
    );
    return fetch(`${this.idp.issuer}/oauth/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form),
    });
  }
}
