import { z } from 'zod';

/**
 * The parts of an OpenID Connect provider's discovery document the server uses itself (next-auth reads
 * the rest through openid-client): the token endpoint for refreshing, the end-session endpoint for
 * RP-initiated logout, the revocation endpoint for ending refresh tokens. Cached per issuer for an hour; a failed fetch is not cached.
 */

const discoverySchema = z.object({
  issuer: z.string(),
  token_endpoint: z.url(),
  end_session_endpoint: z.url().optional(),
  revocation_endpoint: z.url().optional(),
});

export type ProviderMetadata = {
  issuer: string;
  tokenEndpoint: string;
  endSessionEndpoint: string | undefined;
  revocationEndpoint: string | undefined;
};

const cacheMs = 60 * 60 * 1000;
const cache = new Map<string, { metadata: Promise<ProviderMetadata>; fetchedAt: number }>();

export function discoveryUrl(issuer: string): string {
  return `${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;
}

export function providerMetadata(
  issuer: string,
  fetchFn: typeof fetch = globalThis.fetch,
  now = Date.now(),
): Promise<ProviderMetadata> {
  const cached = cache.get(issuer);
  if (cached && now - cached.fetchedAt < cacheMs) return cached.metadata;
  const metadata = fetchMetadata(issuer, fetchFn);
  cache.set(issuer, { metadata, fetchedAt: now });
  metadata.catch(() => cache.delete(issuer));
  return metadata;
}

async function fetchMetadata(issuer: string, fetchFn: typeof fetch): Promise<ProviderMetadata> {
  const response = await fetchFn(discoveryUrl(issuer), {
    headers: { accept: 'application/json' },
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new Error(`OpenID discovery answered ${response.status}`);
  const document = discoverySchema.parse(await response.json());
  return {
    issuer: document.issuer,
    tokenEndpoint: document.token_endpoint,
    endSessionEndpoint: document.end_session_endpoint,
    revocationEndpoint: document.revocation_endpoint,
  };
}
