import type { IdentityProviderConfig } from '@/config/server';
import { providerMetadata } from './provider-metadata';
import { postAsClient } from './refresh-tokens';
import { serverLog } from '@/observability/logger';

/**
 * OAuth 2.0 Token Revocation (RFC 7009) of a refresh token, so that it is worth nothing once the portal
 * session that held it has ended (logout, or signing in again). Best effort: a provider without a
 * revocation endpoint, or one that fails, leaves the token to expire on its own; the reason is logged,
 * never the token. Returns whether the provider confirmed.
 */
export async function revokeRefreshToken(
  provider: IdentityProviderConfig,
  refreshToken: string,
  fetchFn: typeof fetch = globalThis.fetch,
): Promise<boolean> {
  try {
    const { revocationEndpoint } = await providerMetadata(provider.issuer, fetchFn);
    if (!revocationEndpoint) return false;
    const response = await postAsClient(
      provider,
      revocationEndpoint,
      { token: refreshToken, token_type_hint: 'refresh_token' },
      { fetch: fetchFn, timeoutMs: 5_000 },
    );
    if (!response.ok) throw new Error(`the revocation endpoint answered ${response.status}`);
    return true;
  } catch (error) {
    serverLog.warn(`[auth] refresh token revocation failed: ${(error as Error).message}`);
    return false;
  }
}
