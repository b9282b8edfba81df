import type { OAuthConfig } from 'next-auth/providers/oauth';
import type { IdentityProviderConfig } from '@/config/server';
import { discoveryUrl } from '@/shared/auth-session/server/provider-metadata';
import type { ProviderId } from '@/shared/auth-session/provider-ids';

type IdTokenClaims = { sub: string; email?: string; name?: string };

/**
 * A generic OpenID Connect provider for next-auth 4: discovery, authorization code with PKCE, state
 * and nonce, the ID token checked by openid-client, the client authenticating with
 * client_secret_basic. `params` are the authorization parameters of R4.8 and R4.9; a configured
 * audience is sent too (Auth0 issues an API access token only for a named audience).
 */
export function oidcProvider(
  id: ProviderId,
  name: string,
  config: IdentityProviderConfig,
  params: Record<string, string>,
): OAuthConfig<IdTokenClaims> {
  return {
    id,
    name,
    type: 'oauth',
    wellKnown: discoveryUrl(config.issuer),
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    client: { token_endpoint_auth_method: 'client_secret_basic' },
    authorization: {
      params: { scope: config.scope, ...params, ...(config.audience && { audience: config.audience }) },
    },
    idToken: true,
    checks: ['pkce', 'state', 'nonce'],
    profile: (claims) => ({ id: claims.sub, email: claims.email ?? null, name: claims.name ?? null }),
  };
}
