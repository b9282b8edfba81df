// Prints the embedded identity provider's production keys as two environment lines (decision 0068):
//   node scripts/production/idp-keys.mjs > idp-keys.env
// IDP_JWKS: the private signing keys (RS256, which tokens use, and ES256), each with its RFC 7638
// thumbprint as kid, as apps/idp/src/keys.ts makes them for a local run. IDP_COOKIE_KEYS: two random
// cookie-signing keys. Every instance gets the same values; keep them as secrets. Plain Node, no packages,
// so it runs in the production image as well.
import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';

/** RFC 7638: the SHA-256 of the key's required public members, in this order, as JSON. */
function thumbprint(jwk) {
  const members = jwk.kty === 'RSA' ? ['e', 'kty', 'n'] : ['crv', 'kty', 'x', 'y'];
  const canonical = JSON.stringify(Object.fromEntries(members.map((name) => [name, jwk[name]])));
  return createHash('sha256').update(canonical).digest('base64url');
}

function signingKey(alg) {
  const { privateKey } =
    alg === 'RS256'
      ? generateKeyPairSync('rsa', { modulusLength: 2048 })
      : generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = privateKey.export({ format: 'jwk' });
  return { ...jwk, kid: thumbprint(jwk), alg, use: 'sig' };
}

const jwks = { keys: [signingKey('RS256'), signingKey('ES256')] };
const cookieKeys = [randomBytes(32).toString('base64url'), randomBytes(32).toString('base64url')];
process.stdout.write(`IDP_JWKS=${JSON.stringify(jwks)}\nIDP_COOKIE_KEYS=${cookieKeys.join(',')}\n`);
