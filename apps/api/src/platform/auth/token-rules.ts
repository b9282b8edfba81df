import { decodeJwt, errors } from 'jose';

/**
 * The pure rules of bearer-token authentication, apart from any key or network, so they are unit-tested
 * on their own. The verifier (access-token-verifier.ts) applies them around jose's jwtVerify.
 */

/**
 * Asymmetric signatures only. `none` and the HMAC family are refused: with HS256 allowed, a token "signed"
 * with the issuer's public key as the secret would verify (algorithm confusion).
 */
export const allowedAlgorithms = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'EdDSA',
] as const;

/** Tokens a little past `exp` or a little before `nbf` pass: the provider's clock and ours differ. */
export const CLOCK_TOLERANCE_SECONDS = 30;

/** Why a token was refused: the only thing about a refused token that is logged. */
export type AuthFailureReason =
  | 'missing_token'
  | 'malformed_header'
  | 'malformed_token'
  | 'unknown_issuer'
  | 'algorithm_not_allowed'
  | 'unknown_key'
  | 'bad_signature'
  | 'expired'
  | 'not_yet_valid'
  | 'wrong_issuer'
  | 'wrong_audience'
  | 'missing_subject'
  | 'wrong_token_type'
  | 'invalid_claims';

/** A refused token. The caller hears only "sign in"; the reason goes to the log. */
export class AuthFailure extends Error {
  constructor(readonly reason: AuthFailureReason) {
    super(`bearer token refused: ${reason}`);
    this.name = 'AuthFailure';
  }
}

/** RFC 6750 section 2.1: `Bearer` (any case), one or more spaces, a b64token. */
const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*)$/i;

/** The token of an Authorization header, or an AuthFailure. */
export function readBearerToken(header: string | undefined): string {
  if (header === undefined || header.trim() === '') throw new AuthFailure('missing_token');
  const token = BEARER.exec(header)?.[1];
  if (token === undefined) throw new AuthFailure('malformed_header');
  return token;
}

/**
 * The `iss` a token claims, read WITHOUT verifying it: only to choose whose keys to verify it with.
 * Nothing else may trust this value.
 */
export function unverifiedIssuerOf(token: string): string | undefined {
  let payload: ReturnType<typeof decodeJwt>;
  try {
    payload = decodeJwt(token);
  } catch {
    throw new AuthFailure('malformed_token');
  }
  return typeof payload.iss === 'string' ? payload.iss : undefined;
}

/** RFC 7515 4.1.9: `typ` is a media type, compared case-insensitively, `application/` optional. */
export function normaliseTokenType(typ: string): string {
  return typ.toLowerCase().replace(/^application\//, '');
}

/** Whether a (verified) `typ` header is one the issuer's access tokens carry; a missing typ never is. */
export function isAcceptedTokenType(typ: unknown, accepted: readonly string[]): boolean {
  if (typeof typ !== 'string') return false;
  const normalised = normaliseTokenType(typ);
  return accepted.some((type) => normaliseTokenType(type) === normalised);
}

/** jose's error codes that mean "this token is no good"; anything else is not the caller's fault. */
const reasonByJoseCode = new Map<string, AuthFailureReason>([
  [errors.JWTExpired.code, 'expired'],
  [errors.JOSEAlgNotAllowed.code, 'algorithm_not_allowed'],
  [errors.JWSSignatureVerificationFailed.code, 'bad_signature'],
  [errors.JWKSNoMatchingKey.code, 'unknown_key'],
  [errors.JWKSMultipleMatchingKeys.code, 'unknown_key'],
  [errors.JWSInvalid.code, 'malformed_token'],
  [errors.JWTInvalid.code, 'malformed_token'],
  [errors.JOSENotSupported.code, 'malformed_token'],
]);

/**
 * The reason for one of jose's verification errors; undefined for anything else (a bug, or the key set
 * being unreachable), which must not be dressed up as the caller's fault.
 */
export function reasonOf(error: unknown): AuthFailureReason | undefined {
  if (!(error instanceof errors.JOSEError)) return undefined;
  if (error instanceof errors.JWTClaimValidationFailed) return claimReason(error.claim);
  return reasonByJoseCode.get(error.code);
}

function claimReason(claim: string): AuthFailureReason {
  switch (claim) {
    case 'iss':
      return 'wrong_issuer';
    case 'aud':
      return 'wrong_audience';
    case 'nbf':
      return 'not_yet_valid';
    case 'sub':
      return 'missing_subject';
    case 'typ':
      return 'wrong_token_type';
    default:
      return 'invalid_claims';
  }
}

/** OIDC Discovery 1.0 section 4: the issuer without a trailing slash, then the well-known path. */
export function discoveryUrlOf(issuer: string): URL {
  return new URL(`${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`);
}

/**
 * The client a token was issued to when no person stands behind it (a client-credentials token), or
 * undefined for a person's token. RFC 9068 2.2 (oidc-provider, the embedded provider): `sub` is the
 * `client_id`. Auth0 marks such a token `gty: client-credentials`, Entra ID `idtyp: app`; both name the
 * client in `azp`. A token marked so but naming no client is a machine of no name (''), never a person.
 */
export function machineClientOf(payload: Record<string, unknown>, personScope?: string): string | undefined {
  const clientId = [payload.client_id, payload.azp].find((claim) => typeof claim === 'string');
  const markedAsMachine = payload.gty === 'client-credentials' || payload.idtyp === 'app';
  if (typeof clientId === 'string' && (markedAsMachine || payload.sub === clientId)) return clientId;
  // A provider may mark a machine's token in none of these ways (security round three, finding 12): a
  // token without the scope the provider grants only at a person's sign-in is no person's either.
  const unmarkedMachine = personScope !== undefined && !personScopesOf(payload).includes(personScope);
  if (markedAsMachine || unmarkedMachine) return typeof clientId === 'string' ? clientId : '';
  return undefined;
}

/**
 * The scopes a person's sign-in granted: the `scope` claim (RFC 9068 2.2.3) or Entra ID's `scp`. Never
 * `roles`, which Entra ID gives client applications.
 */
export function personScopesOf(payload: Record<string, unknown>): string[] {
  return [payload.scope, payload.scp].flatMap((claim) =>
    typeof claim === 'string' ? claim.split(' ').filter(Boolean) : [],
  );
}

/**
 * What a token may do: the space-separated `scope` claim (RFC 9068 2.2.3), and an app-only token's
 * `roles` (Entra ID grants a client-credentials client application permissions as roles, not scope).
 */
export function scopesOf(payload: Record<string, unknown>): string[] {
  const scope = typeof payload.scope === 'string' ? payload.scope.split(' ').filter(Boolean) : [];
  const roles = Array.isArray(payload.roles)
    ? payload.roles.filter((role): role is string => typeof role === 'string')
    : [];
  return [...scope, ...roles];
}
