import { describe, expect, it } from 'vitest';
import { endSessionUrl } from './provider-logout';

describe('endSessionUrl', () => {
  it('names the ID token, the client and the way back to the portal', () => {
    const url = new URL(
      endSessionUrl('http://localhost:4100/session/end', {
        idToken: 'header.payload.signature',
        clientId: 'client-portal',
        postLogoutRedirectUri: 'http://localhost:3000/',
      }),
    );
    expect(url.origin + url.pathname).toBe('http://localhost:4100/session/end');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      id_token_hint: 'header.payload.signature',
      client_id: 'client-portal',
      post_logout_redirect_uri: 'http://localhost:3000/',
    });
  });

  it('keeps the endpoint’s own parameters (e.g. Auth0’s /oidc/logout variants) and omits a missing hint', () => {
    const url = new URL(
      endSessionUrl('https://tenant.example.test/logout?federated=1', {
        idToken: null,
        clientId: 'abc',
        postLogoutRedirectUri: 'https://portal.example.test/',
      }),
    );
    expect(url.searchParams.get('federated')).toBe('1');
    expect(url.searchParams.has('id_token_hint')).toBe(false);
  });
});
