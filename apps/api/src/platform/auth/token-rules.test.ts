import { errors } from 'jose';
import { describe, expect, it } from 'vitest';
import {
  allowedAlgorithms,
  AuthFailure,
  discoveryUrlOf,
  isAcceptedTokenType,
  machineClientOf,
  readBearerToken,
  reasonOf,
  scopesOf,
  unverifiedIssuerOf,
} from './token-rules.ts';

const segment = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const unsigned = (payload: unknown) => `${segment({ alg: 'RS256' })}.${segment(payload)}.c2ln`;

function failureOf(action: () => unknown): string {
  try {
    action();
  } catch (error) {
    if (error instanceof AuthFailure) return error.reason;
    throw error;
  }
  throw new Error('no AuthFailure thrown');
}

describe('allowedAlgorithms', () => {
  it('allows asymmetric signatures only', () => {
    expect(allowedAlgorithms).toEqual([
      'RS256',
      'RS384',
      'RS512',
      'PS256',
      'PS384',
      'PS512',
      'ES256',
      'ES384',
      'EdDSA',
    ]);
    for (const refused of ['none', 'HS256', 'HS384', 'HS512'])
      expect(allowedAlgorithms as readonly string[]).not.toContain(refused);
  });
});

describe('readBearerToken', () => {
  it('reads the token of a Bearer header, in any case and spacing of the scheme', () => {
    expect(readBearerToken('Bearer abc.def.ghi')).toBe('abc.def.ghi');
    expect(readBearerToken('bearer   abc.def-_~+/.gh==')).toBe('abc.def-_~+/.gh==');
  });

  it.each([undefined, '', '   '])('refuses a missing header (%j) as missing_token', (header) => {
    expect(failureOf(() => readBearerToken(header))).toBe('missing_token');
  });

  it.each(['Basic dXNlcjpwYXNz', 'Bearer', 'Bearer ', 'Bearer a b', 'Token abc', 'Bearer abc!'])(
    'refuses %j as malformed_header',
    (header) => {
      expect(failureOf(() => readBearerToken(header))).toBe('malformed_header');
    },
  );
});

describe('unverifiedIssuerOf', () => {
  it('reads iss without verifying anything', () => {
    expect(unverifiedIssuerOf(unsigned({ iss: 'https://idp.test', sub: 'a' }))).toBe('https://idp.test');
  });

  it('gives undefined when iss is missing or not a string', () => {
    expect(unverifiedIssuerOf(unsigned({ sub: 'a' }))).toBeUndefined();
    expect(unverifiedIssuerOf(unsigned({ iss: 42 }))).toBeUndefined();
  });

  it.each(['not-a-jwt', 'a.b.c', `${segment({ alg: 'RS256' })}.bm90IGpzb24.c2ln`])(
    'refuses %j as malformed_token',
    (token) => {
      expect(failureOf(() => unverifiedIssuerOf(token))).toBe('malformed_token');
    },
  );
});

describe('isAcceptedTokenType', () => {
  it('accepts a listed type, case-insensitively and with or without application/', () => {
    expect(isAcceptedTokenType('at+jwt', ['at+jwt'])).toBe(true);
    expect(isAcceptedTokenType('AT+JWT', ['at+jwt'])).toBe(true);
    expect(isAcceptedTokenType('application/at+jwt', ['at+jwt'])).toBe(true);
    expect(isAcceptedTokenType('JWT', ['at+jwt', 'JWT'])).toBe(true);
  });

  it('refuses an unlisted or missing type (an ID token is typ JWT)', () => {
    expect(isAcceptedTokenType('JWT', ['at+jwt'])).toBe(false);
    expect(isAcceptedTokenType(undefined, ['at+jwt'])).toBe(false);
    expect(isAcceptedTokenType(7, ['at+jwt'])).toBe(false);
    expect(isAcceptedTokenType('application/jwt+at', ['at+jwt'])).toBe(false);
  });
});

describe('reasonOf', () => {
  const claimFailure = (claim: string) => new errors.JWTClaimValidationFailed('x', {}, claim, 'check_failed');

  it.each([
    [new errors.JWTExpired('x', {}, 'exp', 'check_failed'), 'expired'],
    [new errors.JOSEAlgNotAllowed(), 'algorithm_not_allowed'],
    [new errors.JWSSignatureVerificationFailed(), 'bad_signature'],
    [new errors.JWKSNoMatchingKey(), 'unknown_key'],
    [new errors.JWKSMultipleMatchingKeys(), 'unknown_key'],
    [new errors.JWSInvalid(), 'malformed_token'],
    [new errors.JWTInvalid(), 'malformed_token'],
    [claimFailure('iss'), 'wrong_issuer'],
    [claimFailure('aud'), 'wrong_audience'],
    [claimFailure('nbf'), 'not_yet_valid'],
    [claimFailure('sub'), 'missing_subject'],
    [claimFailure('typ'), 'wrong_token_type'],
    [claimFailure('exp'), 'invalid_claims'],
  ])('maps %s to %s', (error, reason) => {
    expect(reasonOf(error)).toBe(reason);
  });

  it('leaves key-set outages and bugs unmapped', () => {
    expect(reasonOf(new errors.JWKSTimeout())).toBeUndefined();
    expect(
      reasonOf(new errors.JOSEError('Expected 200 OK from the JSON Web Key Set HTTP response')),
    ).toBeUndefined();
    expect(reasonOf(new TypeError('fetch failed'))).toBeUndefined();
  });
});

describe('discoveryUrlOf', () => {
  it('appends the well-known path, without doubling a trailing slash', () => {
    expect(discoveryUrlOf('https://tenant.auth0.com/').href).toBe(
      'https://tenant.auth0.com/.well-known/openid-configuration',
    );
    expect(discoveryUrlOf('https://login.microsoftonline.com/t-1/v2.0').href).toBe(
      'https://login.microsoftonline.com/t-1/v2.0/.well-known/openid-configuration',
    );
    expect(discoveryUrlOf('https://kc.test/realms/vets').href).toBe(
      'https://kc.test/realms/vets/.well-known/openid-configuration',
    );
  });
});

describe('machineClientOf', () => {
  it('names the client of a token with no person behind it (RFC 9068 2.2: sub is the client id)', () => {
    expect(machineClientOf({ sub: 'pms', client_id: 'pms' })).toBe('pms');
    // Providers that name the client in azp: Auth0 marks the grant, Entra ID the token's kind.
    expect(machineClientOf({ sub: 'pms@clients', azp: 'pms', gty: 'client-credentials' })).toBe('pms');
    expect(machineClientOf({ sub: '0a1b', azp: 'pms', idtyp: 'app' })).toBe('pms');
  });

  it("says a person's token has no machine client", () => {
    expect(machineClientOf({ sub: 'account-1', client_id: 'client-portal' })).toBeUndefined();
    expect(machineClientOf({ sub: 'account-1', azp: 'client-portal', idtyp: 'user' })).toBeUndefined();
    expect(machineClientOf({ sub: 'account-1' })).toBeUndefined();
  });

  it('counts a machine-marked token without a client id as a machine of no name', () => {
    expect(machineClientOf({ sub: 'x', gty: 'client-credentials' })).toBe('');
    expect(machineClientOf({ sub: 'x', client_id: 42, idtyp: 'app' })).toBe('');
  });

  it('counts an unmarked token without the person scope as a machine (security round three, finding 12)', () => {
    // Keycloak's service accounts: sub a user id, the client in azp, no person's scope.
    expect(machineClientOf({ sub: '0c9e', azp: 'pms', scope: 'practice-system' }, 'openid')).toBe('pms');
    expect(machineClientOf({ sub: '0c9e', scope: 'email profile' }, 'openid')).toBe('');
    expect(machineClientOf({ sub: '0c9e', roles: ['openid'] }, 'openid')).toBe('');
    // A person's sign-in grants it, in scope or in Entra ID's scp.
    expect(machineClientOf({ sub: 'account-1', scope: 'openid email' }, 'openid')).toBeUndefined();
    expect(machineClientOf({ sub: 'account-1', azp: 'portal', scp: 'access' }, 'access')).toBeUndefined();
  });
});

describe('scopesOf', () => {
  it('reads the space-separated scope claim and the roles of an app-only token', () => {
    expect(scopesOf({ scope: 'practice-system  openid' })).toEqual(['practice-system', 'openid']);
    expect(scopesOf({ roles: ['practice-system', 7] })).toEqual(['practice-system']);
    expect(scopesOf({ scope: 'a', roles: ['b'] })).toEqual(['a', 'b']);
  });

  it('gives none for a missing or odd claim', () => {
    expect(scopesOf({})).toEqual([]);
    expect(scopesOf({ scope: ['practice-system'], roles: 'practice-system' })).toEqual([]);
  });
});
