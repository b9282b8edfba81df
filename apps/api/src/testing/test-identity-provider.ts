import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  exportJWK,
  exportSPKI,
  generateKeyPair,
  SignJWT,
  type CryptoKey,
  type JWK,
  type JWTHeaderParameters,
} from 'jose';
import { practiceSystemScope } from '@vet/contracts/machine-access';
import type { TrustedIssuer } from '../platform/index.ts';

/** The practice system's client id in API tests; `machineCallerEnv` makes the API accept it. */
export const TEST_MACHINE_CLIENT_ID = 'practice-system-test';

/**
 * Stands in for an identity provider's key endpoints in API tests: a local key pair, a discovery document
 * and a JWKS on an ephemeral port, and a signer for tokens. (The real embedded provider is tested in
 * apps/idp.) Only the key set and discovery are served; tokens are minted directly.
 */
export interface TestIdentityProvider {
  issuer: string;
  audience: string;
  /** The web's OIDC client id: the `aud` of its ID tokens. */
  clientId: string;
  keyId: string;
  publicJwk: JWK;
  publicPem: string;
  /** The AUTH_ISSUERS entry that trusts this provider. */
  trustedIssuer: TrustedIssuer;
  /** How many times each path was requested (e.g. '/.well-known/openid-configuration', '/jwks'). */
  requests: Map<string, number>;
  /** The next `count` discovery requests answer 500. */
  failDiscovery(count: number): void;
  /**
   * A token signed with this provider's key (or `key`): an RS256 at+jwt access token for `audience` with
   * a fresh subject, valid 5 minutes, unless `claims` or `header` say otherwise. A claim set to
   * undefined is left out.
   */
  sign(options?: {
    claims?: Record<string, unknown>;
    header?: Partial<JWTHeaderParameters>;
    key?: CryptoKey | Uint8Array;
  }): Promise<string>;
  /**
   * A practice system's token, shaped as the embedded provider issues one for the client-credentials
   * grant (apps/idp, decision 0062): `sub` and `client_id` are the client, `scope` is practice-system, no
   * e-mail. `claims` add to it or (set to undefined) take away.
   */
  signMachine(options?: {
    clientId?: string;
    scope?: string;
    claims?: Record<string, unknown>;
  }): Promise<string>;
  close(): Promise<void>;
}

export async function startTestIdentityProvider(): Promise<TestIdentityProvider> {
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  const keyId = randomUUID();
  const publicJwk: JWK = { ...(await exportJWK(publicKey)), kid: keyId, alg: 'RS256', use: 'sig' };
  const requests = new Map<string, number>();
  let discoveryFailures = 0;
  let issuer = '';

  const server = createServer((request, response) => {
    const path = request.url ?? '/';
    requests.set(path, (requests.get(path) ?? 0) + 1);
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (path === '/.well-known/openid-configuration') {
      if (discoveryFailures > 0) {
        discoveryFailures -= 1;
        return send(500, { error: 'server_error' });
      }
      return send(200, { issuer, jwks_uri: `${issuer}/jwks` });
    }
    if (path === '/jwks') return send(200, { keys: [publicJwk] });
    return send(404, { error: 'not_found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const audience = 'https://api.portal.test';
  const clientId = 'client-portal';

  const sign: TestIdentityProvider['sign'] = ({ claims = {}, header = {}, key = privateKey } = {}) => {
    const now = Math.floor(Date.now() / 1000);
    const payload = Object.fromEntries(
      Object.entries({
        iss: issuer,
        aud: audience,
        sub: `subject-${randomUUID()}`,
        // What the embedded provider grants a person's sign-in (apps/idp/src/scopes.ts).
        scope: 'openid profile email offline_access',
        iat: now,
        exp: now + 300,
        ...claims,
      }).filter(([, value]) => value !== undefined),
    );
    return new SignJWT(payload)
      .setProtectedHeader({ alg: 'RS256', kid: keyId, typ: 'at+jwt', ...header })
      .sign(key);
  };
  const signMachine: TestIdentityProvider['signMachine'] = ({
    clientId: machineId = TEST_MACHINE_CLIENT_ID,
    scope = practiceSystemScope,
    claims = {},
  } = {}) => sign({ claims: { sub: machineId, client_id: machineId, scope, jti: randomUUID(), ...claims } });

  return {
    issuer,
    audience,
    clientId,
    keyId,
    publicJwk,
    publicPem: await exportSPKI(publicKey),
    trustedIssuer: { issuer, audience, tokenTypes: ['at+jwt'], personScope: 'openid' },
    requests,
    failDiscovery: (count) => {
      discoveryFailures = count;
    },
    sign,
    signMachine,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** The env that makes the API trust exactly these providers. */
export function trustingEnv(...providers: TestIdentityProvider[]): Record<string, string> {
  return { AUTH_ISSUERS: JSON.stringify(providers.map((provider) => provider.trustedIssuer)) };
}

/** The env that makes the API accept the test practice system (TEST_MACHINE_CLIENT_ID) as a machine caller. */
export function machineCallerEnv(): Record<string, string> {
  return { INTEGRATION_CLIENT_IDS: TEST_MACHINE_CLIENT_ID };
}
