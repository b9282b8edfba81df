import { createRemoteJWKSet, errors, type JWTVerifyGetKey } from 'jose';
import { discoveryUrlOf } from './token-rules.ts';

/** An identity provider the API trusts (AUTH_ISSUERS): its `iss`, the `aud` its access tokens carry for this API. */
export interface TrustedIssuer {
  issuer: string;
  audience: string;
  /** Unset: read from the issuer's discovery document. */
  jwksUri?: string | undefined;
  /** Accepted `typ` headers (RFC 9068 access tokens are `at+jwt`; many providers still send `JWT`). */
  tokenTypes: string[];
  /**
   * The scope a person's access token carries and a machine's does not (`openid` unless the provider
   * says otherwise); a token without it is never a person's (security round three, finding 12).
   */
  personScope?: string | undefined;
  /** The access-token claim that says when the person signed in (seconds); unset: `auth_time` (decision 0079). */
  authTimeClaim?: string | undefined;
}

export interface KeySetTimings {
  /** Each discovery or JWKS request gives up after this long. */
  timeoutMs: number;
  /** After a fetch, an unknown `kid` waits this long before it may trigger another (jose's cooldown). */
  cooldownMs: number;
  /** Keys are fetched again when older than this, so a rotation is picked up without a restart. */
  cacheMaxAgeMs: number;
}

export const defaultKeySetTimings: KeySetTimings = {
  timeoutMs: 5_000,
  cooldownMs: 30_000,
  cacheMaxAgeMs: 10 * 60_000,
};

/**
 * The issuer's keys could not be fetched (discovery or JWKS down, or answering nonsense). Not the
 * caller's fault: the API answers 503 rather than telling a signed-in person to sign in again.
 */
export class KeySetUnavailable extends Error {
  constructor(
    readonly stage: 'discovery' | 'jwks',
    options: { cause: unknown },
  ) {
    super(
      `the identity provider's ${stage === 'discovery' ? 'discovery document' : 'key set'} is unavailable`,
      options,
    );
    this.name = 'KeySetUnavailable';
  }
}

/**
 * The key resolver for one trusted issuer. Its JWKS address is the configured `jwksUri`, or read from the
 * discovery document on first use; a failed discovery is not cached, so the next request retries it.
 * Keys are cached by jose (createRemoteJWKSet), refetched on an unknown `kid` after the cooldown.
 */
export function createIssuerKeySet(
  issuer: TrustedIssuer,
  timings: KeySetTimings = defaultKeySetTimings,
): JWTVerifyGetKey {
  let keySet: Promise<ReturnType<typeof createRemoteJWKSet>> | undefined;

  const remoteKeySet = () => {
    if (keySet) return keySet;
    const pending = jwksUrlOf(issuer, timings.timeoutMs).then((url) =>
      createRemoteJWKSet(url, {
        timeoutDuration: timings.timeoutMs,
        cooldownDuration: timings.cooldownMs,
        cacheMaxAge: timings.cacheMaxAgeMs,
      }),
    );
    keySet = pending;
    void pending.catch(() => {
      if (keySet === pending) keySet = undefined;
    });
    return pending;
  };

  return async (protectedHeader, token) => {
    let resolveKey: Awaited<ReturnType<typeof remoteKeySet>>;
    try {
      resolveKey = await remoteKeySet();
    } catch (cause) {
      throw new KeySetUnavailable('discovery', { cause });
    }
    try {
      return await resolveKey(protectedHeader, token);
    } catch (error) {
      // An unknown kid is the token's problem; anything else is the key set's.
      if (error instanceof errors.JWKSNoMatchingKey || error instanceof errors.JWKSMultipleMatchingKeys)
        throw error;
      throw new KeySetUnavailable('jwks', { cause: error });
    }
  };
}

async function jwksUrlOf(issuer: TrustedIssuer, timeoutMs: number): Promise<URL> {
  if (issuer.jwksUri) return new URL(issuer.jwksUri);
  const response = await fetch(discoveryUrlOf(issuer.issuer), {
    headers: { accept: 'application/json' },
    redirect: 'error',
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!response.ok) throw new Error(`discovery answered ${response.status}`);
  const document = (await response.json()) as { issuer?: unknown; jwks_uri?: unknown };
  // OIDC Discovery 4.3: the document must name the issuer it was fetched for, exactly.
  if (document.issuer !== issuer.issuer) throw new Error('discovery names another issuer');
  if (typeof document.jwks_uri !== 'string') throw new Error('discovery has no jwks_uri');
  const url = new URL(document.jwks_uri);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('jwks_uri is not http(s)');
  return url;
}
