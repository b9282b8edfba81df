import { hash } from 'node:crypto';
import { jwtVerify, type JWTVerifyGetKey } from 'jose';
import { z } from 'zod';
import type { TrustedIssuer } from './issuer-key-set.ts';
import type { Identity } from './identity.ts';
import { createIssuerKeySet, defaultKeySetTimings, type KeySetTimings } from './issuer-key-set.ts';
import type { MachineCaller } from './machine-access.ts';
import {
  allowedAlgorithms,
  AuthFailure,
  CLOCK_TOLERANCE_SECONDS,
  isAcceptedTokenType,
  machineClientOf,
  reasonOf,
  scopesOf,
  unverifiedIssuerOf,
} from './token-rules.ts';

const emailClaimSchema = z.string().trim().max(254).pipe(z.email());

/**
 * Who a verified token speaks for: a person signed in through the portal, or a machine (a practice
 * system's client-credentials token, decision 0062). The two open different routes.
 */
export type VerifiedCaller =
  { kind: 'person'; identity: Identity } | { kind: 'machine'; machine: MachineCaller };

export type VerifyAccessToken = (token: string) => Promise<VerifiedCaller>;

export interface VerifierOptions {
  /** The clock (ms) of the cache and of the claims' checks; tests move it. */
  now?: () => number;
  /** How many verified tokens are remembered at once; the oldest is forgotten first. */
  cacheSize?: number;
}

/**
 * Verifies an access token against the trusted issuers. Throws an AuthFailure for a token the caller
 * must replace; a KeySetUnavailable when the issuer's keys cannot be fetched; anything else is a bug.
 *
 * A verified token is remembered, keyed by its SHA-256, until its own expiry: the same token arrives
 * with every request of a session, and its signature and claims cannot change, so checking them once
 * is enough (a JWT is valid until `exp` whatever is cached). Refusals are not remembered.
 */
export function createAccessTokenVerifier(
  issuers: readonly TrustedIssuer[],
  timings: KeySetTimings = defaultKeySetTimings,
  options: VerifierOptions = {},
): VerifyAccessToken {
  const verify = createUncachedVerifier(issuers, timings, options.now);
  const now = options.now ?? Date.now;
  const cacheSize = options.cacheSize ?? 10_000;
  const verified = new Map<string, { caller: VerifiedCaller; expiresAtMs: number }>();

  return async (token) => {
    // One call, no Hash object per request.
    const key = hash('sha256', token, 'base64url');
    const known = verified.get(key);
    if (known && known.expiresAtMs > now()) return known.caller;
    verified.delete(key);
    const { caller, expiresAtMs } = await verify(token);
    verified.set(key, { caller, expiresAtMs });
    if (verified.size > cacheSize) {
      const oldest = verified.keys().next().value;
      if (oldest !== undefined) verified.delete(oldest);
    }
    return caller;
  };
}

function createUncachedVerifier(
  issuers: readonly TrustedIssuer[],
  timings: KeySetTimings,
  now: (() => number) | undefined,
): (token: string) => Promise<{ caller: VerifiedCaller; expiresAtMs: number }> {
  const trusted = new Map<string, { issuer: TrustedIssuer; keys: JWTVerifyGetKey }>(
    issuers.map((issuer) => [issuer.issuer, { issuer, keys: createIssuerKeySet(issuer, timings) }]),
  );

  return async (token) => {
    const claimed = unverifiedIssuerOf(token);
    const entry = claimed === undefined ? undefined : trusted.get(claimed);
    if (!entry) throw new AuthFailure('unknown_issuer');
    const { issuer, keys } = entry;

    let verified: Awaited<ReturnType<typeof jwtVerify>>;
    try {
      // The unverified iss only chose the key set; the issuer is checked again here, on verified claims.
      verified = await jwtVerify(token, keys, {
        algorithms: [...allowedAlgorithms],
        issuer: issuer.issuer,
        audience: issuer.audience,
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        requiredClaims: ['sub', 'exp'],
        ...(now ? { currentDate: new Date(now()) } : {}),
      });
    } catch (error) {
      const reason = reasonOf(error);
      if (reason === undefined) throw error;
      throw new AuthFailure(reason);
    }

    // An ID token is signed by the same keys; its typ (and aud) tell it apart from an access token.
    if (!isAcceptedTokenType(verified.protectedHeader.typ, issuer.tokenTypes))
      throw new AuthFailure('wrong_token_type');
    const { sub, email, email_verified: emailVerified, exp } = verified.payload;
    const authTime = verified.payload[issuer.authTimeClaim ?? 'auth_time'];
    if (typeof sub !== 'string' || sub === '') throw new AuthFailure('missing_subject');
    // `exp` is a required claim, checked by jwtVerify.
    const expiresAtMs = (exp ?? 0) * 1000;
    const machineClient = machineClientOf(verified.payload, issuer.personScope);
    if (machineClient !== undefined) {
      const machine = { issuer: issuer.issuer, clientId: machineClient, scopes: scopesOf(verified.payload) };
      return { caller: { kind: 'machine', machine }, expiresAtMs };
    }
    // A malformed e-mail claim is no reason to refuse the token; it is simply not used. Only a boolean
    // `true` says the provider verified the address: anything else (absent, "true", 1) says it did not.
    const usableEmail = emailClaimSchema.safeParse(email);
    const identity: Identity = {
      issuer: issuer.issuer,
      subject: sub,
      ...(usableEmail.success ? { email: usableEmail.data, emailVerified: emailVerified === true } : {}),
      // A malformed auth_time is treated as none: the sign-in then counts as not recent (decision 0079).
      ...(typeof authTime === 'number' && Number.isFinite(authTime) && authTime > 0
        ? { authTime: new Date(authTime * 1000) }
        : {}),
    };
    return { caller: { kind: 'person', identity }, expiresAtMs };
  };
}
