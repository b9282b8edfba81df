import { z } from 'zod';
import type { IdentityProviderConfig } from '@/config/server';
import { providerMetadata } from './provider-metadata';
import type { SessionTokens } from './session-store';

/** Without expires_in the token is treated as short-lived, so it is refreshed soon rather than never. */
const fallbackLifetimeSeconds = 300;

const tokenResponseSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.coerce.number().positive().optional(),
  refresh_token: z.string().min(1).optional(),
  id_token: z.string().min(1).optional(),
});

export function accessTokenExpiry(expiresInSeconds: number | undefined, now: Date): Date {
  return new Date(now.getTime() + (expiresInSeconds ?? fallbackLifetimeSeconds) * 1000);
}

/** client_secret_basic (RFC 6749 2.3.1): both parts form-encoded before base64. */
export function basicCredentials(clientId: string, clientSecret: string): string {
  const encode = (value: string) => encodeURIComponent(value).replace(/%20/g, '+');
  return `Basic ${Buffer.from(`${encode(clientId)}:${encode(clientSecret)}`).toString('base64')}`;
}

/** A form POST to one of the provider's endpoints as the portal's client (client_secret_basic). */
export function postAsClient(
  provider: IdentityProviderConfig,
  endpoint: string,
  form: Record<string, string>,
  options: { fetch: typeof fetch; timeoutMs: number },
): Promise<Response> {
  return options.fetch(endpoint, {
    method: 'POST',
    headers: {
      authorization: basicCredentials(provider.clientId, provider.clientSecret),
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
    },
    body: new URLSearchParams(form),
    signal: AbortSignal.timeout(options.timeoutMs),
  });
}

/**
 * The refresh_token grant at the provider's token endpoint. A provider that does not rotate refresh
 * tokens (or sends no new ID token) leaves the old ones in place. Throws on any failure: the caller
 * ends the session.
 */
export async function refreshTokens(
  provider: IdentityProviderConfig,
  current: SessionTokens & { refreshToken: string },
  options: { fetch?: typeof fetch; now?: Date } = {},
): Promise<SessionTokens> {
  const fetchFn = options.fetch ?? globalThis.fetch;
  const { tokenEndpoint } = await providerMetadata(provider.issuer, fetchFn);
  const response = await postAsClient(
    provider,
    tokenEndpoint,
    { grant_type: 'refresh_token', refresh_token: current.refreshToken },
    { fetch: fetchFn, timeoutMs: 10_000 },
  );
  if (!response.ok) throw new Error(`the token endpoint answered ${response.status}`);
  const tokens = tokenResponseSchema.parse(await response.json());
  return {
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token ?? current.refreshToken,
    idToken: tokens.id_token ?? current.idToken,
    accessTokenExpiresAt: accessTokenExpiry(tokens.expires_in, options.now ?? new Date()),
  };
}
