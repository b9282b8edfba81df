import { practiceSystemScope } from '@vet/contracts/machine-access';
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { Browser } from './testing/browser.ts';
import { PortalClient, type TokenResponse } from './testing/portal-client.ts';
import { createTestAccount, GOOD_PASSWORD, uniqueEmail } from './testing/test-accounts.ts';
import { requestMachineToken } from './testing/machine-client.ts';
import { startTestIdp, type TestIdp } from './testing/test-idp.ts';

const database = useTestDatabase();
const machine = { id: 'practice-system-test', secret: 'a-machine-secret-for-the-tests-0123456789' };
let idp: TestIdp;

beforeAll(async () => {
  idp = await startTestIdp(
    database.db,
    database.url,
    {},
    { IDP_MACHINE_CLIENT_ID: machine.id, IDP_MACHINE_CLIENT_SECRET: machine.secret },
  );
});
afterAll(() => idp.close());

/** oidc-provider's answer to a grant the client was not given. */
const grantNotAllowed = {
  error: 'invalid_request',
  error_description: 'requested grant type is not allowed for this client',
};

const askFor = (form: Record<string, string>, credentials: { id: string; secret: string } = machine) =>
  requestMachineToken(idp.issuer, credentials, form);

describe('client-credentials tokens for the machine client (decision 0062)', () => {
  it('issues a JWT access token for the API with the practice-system scope, and nothing else', async () => {
    const response = await askFor({ grant_type: 'client_credentials', scope: practiceSystemScope });
    expect(response.status).toBe(200);
    const tokens = (await response.json()) as TokenResponse;
    expect(tokens).toMatchObject({ token_type: 'Bearer', scope: practiceSystemScope });
    expect(tokens.expires_in).toBe(idp.config.accessTokenTtl);
    expect(tokens.refresh_token).toBeUndefined();
    expect(tokens.id_token).toBeUndefined();

    expect(decodeProtectedHeader(tokens.access_token)).toMatchObject({ alg: 'RS256', typ: 'at+jwt' });
    const { payload } = await jwtVerify(
      tokens.access_token,
      createRemoteJWKSet(new URL(`${idp.issuer}/jwks`)),
      {
        issuer: idp.issuer,
        audience: idp.config.apiAudience,
      },
    );
    // RFC 9068 2.2: no resource owner, so the subject is the client itself.
    expect(payload).toMatchObject({ sub: machine.id, client_id: machine.id, scope: practiceSystemScope });
    expect(payload.email).toBeUndefined();
  });

  it('refuses a wrong secret, an unknown client and a request without credentials', async () => {
    const form = { grant_type: 'client_credentials', scope: practiceSystemScope };
    for (const credentials of [
      { id: machine.id, secret: `${machine.secret}x` },
      { id: 'someone-else', secret: machine.secret },
    ]) {
      const response = await askFor(form, credentials);
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ error: 'invalid_client' });
    }
    const anonymous = await fetch(`${idp.issuer}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form),
    });
    expect(anonymous.status).toBe(400);
  });

  it('refuses the person scopes to the machine client: it can never stand for a person', async () => {
    for (const scope of ['openid', 'email', `${practiceSystemScope} offline_access`]) {
      const response = await askFor({ grant_type: 'client_credentials', scope });
      expect(response.status, scope).toBe(400);
      expect(await response.json()).toMatchObject({ error: 'invalid_scope' });
    }
  });

  it('gives the machine client no sign-in and no other grant', async () => {
    const params = new URLSearchParams({
      client_id: machine.id,
      response_type: 'code',
      redirect_uri: `${idp.config.portalUrl}/api/auth/callback/azure-ad`,
      scope: 'openid email',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    });
    const page = await new Browser().request(`${idp.issuer}/auth?${params.toString()}`);
    expect(page.status).toBe(400);
    expect(page.location).toBeUndefined();

    const refresh = await askFor({ grant_type: 'refresh_token', refresh_token: 'x'.repeat(43) });
    expect(refresh.status).toBe(400);
    expect(await refresh.json()).toEqual(grantNotAllowed);
  });
});

describe('the portal client and the practice-system scope', () => {
  it('cannot use the client-credentials grant', async () => {
    const { clientId, clientSecret } = idp.config;
    const response = await askFor(
      { grant_type: 'client_credentials', scope: practiceSystemScope },
      { id: clientId, secret: clientSecret },
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual(grantNotAllowed);
  });

  it('cannot obtain the scope for a person: asking for it at sign-in is refused', async () => {
    const portal = new PortalClient(idp);
    const started = await portal.startSignIn({ scope: `openid email ${practiceSystemScope}` });
    expect(started.page.location?.origin).toBe(idp.config.portalUrl);
    expect(started.page.location?.searchParams.get('error')).toBe('invalid_scope');
  });

  it("keeps the person's tokens free of it", async () => {
    const portal = new PortalClient(idp);
    const email = uniqueEmail('machine-scope');
    await createTestAccount(database.db, email);
    const started = await portal.startSignIn();
    const answer = await portal.submit(started, 'login', { email, password: GOOD_PASSWORD });
    const tokens = (await (
      await portal.exchangeCode(started, portal.codeFrom(started, answer))
    ).json()) as TokenResponse;
    const payload = await portal.verifyAccessToken(tokens.access_token);
    expect(String(payload.scope).split(' ')).not.toContain(practiceSystemScope);
    expect(payload.sub).not.toBe(payload.client_id);
  });
});

describe('without a machine client configured', () => {
  it('issues no client-credentials token to anyone', async () => {
    const bare = await startTestIdp(database.db, database.url);
    try {
      const response = await requestMachineToken(bare.issuer, machine, {
        grant_type: 'client_credentials',
        scope: practiceSystemScope,
      });
      expect(response.status).toBe(401);
    } finally {
      await bare.close();
    }
  });
});
