import { createServer, type Server } from 'node:http';
import { practiceSystemScope } from '@vet/contracts/machine-access';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';

/**
 * A token issuer for the benchmarks and e2e's fault portal: a key pair and its JWKS on loopback, trusted
 * by the API through AUTH_ISSUERS, as the API's integration tests trust theirs (apps/api/src/testing).
 * Tokens are minted here, so thousands of bench clients (or a fault test's clients) need no sign-in round
 * trips; the API verifies them exactly as it verifies any provider's RS256 at+jwt access tokens
 * (signature, issuer, audience, expiry, type).
 */
export interface TokenIssuer {
  issuer: string;
  audience: string;
  /** The AUTH_ISSUERS value trusting this issuer. */
  authIssuers: string;
  /** A bearer header for the subject, valid for an hour. */
  bearer: (subject: string) => Promise<string>;
  /**
   * A practice system's bearer header, valid for an hour: shaped as the embedded provider issues one for
   * the client-credentials grant (decision 0062), `sub` and `client_id` the client, the integration scope.
   * The API must list the client in INTEGRATION_CLIENT_IDS.
   */
  machineBearer: (clientId: string) => Promise<string>;
  close: () => Promise<void>;
}

export async function startTokenIssuer(port: number, audience: string): Promise<TokenIssuer> {
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  const keyId = 'bench-key';
  const publicJwk: JWK = { ...(await exportJWK(publicKey)), kid: keyId, alg: 'RS256', use: 'sig' };
  const issuer = `http://127.0.0.1:${port}`;
  const server: Server = createServer((request, response) => {
    const body =
      request.url === '/jwks'
        ? { keys: [publicJwk] }
        : request.url === '/.well-known/openid-configuration'
          ? { issuer, jwks_uri: `${issuer}/jwks` }
          : undefined;
    response.writeHead(body ? 200 : 404, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body ?? { error: 'not_found' }));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    issuer,
    audience,
    authIssuers: JSON.stringify([{ issuer, audience, jwksUri: `${issuer}/jwks`, tokenTypes: ['at+jwt'] }]),
    bearer: async (subject) =>
      // A person's token carries what the embedded provider grants a sign-in (apps/idp/src/scopes.ts).
      `Bearer ${await sign(privateKey, keyId, {
        iss: issuer,
        aud: audience,
        sub: subject,
        scope: 'openid profile email offline_access',
      })}`,
    machineBearer: async (clientId) =>
      `Bearer ${await sign(privateKey, keyId, {
        iss: issuer,
        aud: audience,
        sub: clientId,
        client_id: clientId,
        scope: practiceSystemScope,
      })}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

function sign(key: CryptoKey, keyId: string, claims: Record<string, string>): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ ...claims, iat: now, exp: now + 3600 })
    .setProtectedHeader({ alg: 'RS256', kid: keyId, typ: 'at+jwt' })
    .sign(key);
}
