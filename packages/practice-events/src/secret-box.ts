import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Webhook endpoints' signing secrets, encrypted at rest (security round three, finding 7): a reader of the
 * database (a backup, a replica, a support query) holds no secret it could sign a forged webhook with.
 * AES-256-GCM under a key from the environment (WEBHOOK_SECRET_KEYS); each stored value names its key, so
 * the key can be rotated: the new key first in the list, the old one after it until `npm run events --
 * endpoints reseal` has re-encrypted every secret under the new one.
 */

/** The keys, the first the one new secrets are sealed with. */
export interface SecretKeys {
  current: { id: string; key: Buffer };
  byId: ReadonlyMap<string, Buffer>;
}

const keyIdPattern = /^[A-Za-z0-9_-]{1,32}$/;
/** Sealed before values named what they belong to: the key id alone is authenticated. Still opened. */
const keyOnlyPrefix = 'enc:v1:';
/** The key id and what the value belongs to (`boundTo`) are authenticated: it opens only there. */
const boundPrefix = 'enc:v2:';
const prefixes = [boundPrefix, keyOnlyPrefix];

/** The associated data: the key id, and what the value belongs to (a key id holds no NUL). */
const associatedData = (keyId: string, boundTo: string | undefined) =>
  Buffer.from(boundTo === undefined ? keyId : `${keyId}\u0000${boundTo}`);

/** What WEBHOOK_SECRET_KEYS must be, for the message that refuses a bad one. */
export const secretKeysExpected =
  'a comma-separated list of id:key, each key 32 random bytes in base64 (e.g. `k1:$(openssl rand -base64 32)`), ' +
  'the first sealing new secrets and the rest still opening what they sealed';

/** Parses WEBHOOK_SECRET_KEYS, or answers why it cannot (never quoting a key). */
export function parseSecretKeys(text: string): SecretKeys | { problem: string } {
  const byId = new Map<string, Buffer>();
  let current: SecretKeys['current'] | undefined;
  for (const entry of text.split(',').map((part) => part.trim())) {
    const colon = entry.indexOf(':');
    const id = entry.slice(0, colon);
    const key = Buffer.from(entry.slice(colon + 1), 'base64');
    if (colon < 0 || !keyIdPattern.test(id))
      return { problem: 'a key id is missing or not 1 to 32 letters, digits, - or _' };
    if (key.length !== 32) return { problem: `the key ${id} is not 32 bytes in base64` };
    if (byId.has(id)) return { problem: `the key id ${id} is listed twice` };
    byId.set(id, key);
    current ??= { id, key };
  }
  return current ? { current, byId } : { problem: 'no key is listed' };
}

/**
 * Seals a secret under the current key: `enc:v2:<key id>:<iv>:<ciphertext>:<tag>`, base64url parts.
 * `boundTo` names what the value belongs to (a row and column, e.g. `webhook-endpoint:7:secret`): it is
 * authenticated with the key id, so a value copied to another row fails to open there (decision 0139).
 * Without it, the v1 form (the key id alone), as before.
 */
export function sealSecret(keys: SecretKeys, secret: string, boundTo?: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keys.current.key, iv);
  // The key id is authenticated too: a value cannot be moved under another key's name.
  cipher.setAAD(associatedData(keys.current.id, boundTo));
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  const parts = [iv, sealed, cipher.getAuthTag()].map((part) => part.toString('base64url'));
  return `${boundTo === undefined ? keyOnlyPrefix : boundPrefix}${keys.current.id}:${parts.join(':')}`;
}

const prefixOf = (stored: string) => prefixes.find((prefix) => stored.startsWith(prefix));

/**
 * What an endpoint's sealed secrets are bound to: its row, so a value copied to another endpoint (whose
 * URL a writer to the database controls) does not sign there. The row, not the column: a rotation moves
 * the secret to `previous_secret` of the same endpoint (decision 0139).
 */
export const endpointSecretBinding = (endpointId: number) => `webhook-endpoint:${endpointId}`;

/** Whether a stored value is sealed and bound to what it belongs to (v2); v1 values `reseal` rewrites. */
export const isBound = (stored: string) => stored.startsWith(boundPrefix);

/** Whether a stored value is sealed, and under which key (undefined: a secret stored before sealing). */
export function sealedWith(stored: string): string | undefined {
  const prefix = prefixOf(stored);
  return prefix ? stored.slice(prefix.length).split(':')[0] : undefined;
}

export class SecretUnavailable extends Error {
  constructor(readonly reason: 'unknown_key' | 'corrupt') {
    super(`webhook secret unavailable: ${reason}`);
    this.name = 'SecretUnavailable';
  }
}

/**
 * The secret a stored value holds. A secret stored before sealing (`whsec_…`) is read as it is, until
 * `endpoints reseal` seals it; a sealed one whose key is not listed, or altered, throws SecretUnavailable.
 * A v2 value opens only with the `boundTo` it was sealed with; a v1 value, sealed before, opens anywhere.
 */
export function openSecret(keys: SecretKeys, stored: string, boundTo?: string): string {
  const prefix = prefixOf(stored);
  const keyId = sealedWith(stored);
  if (prefix === undefined || keyId === undefined) return stored;
  const key = keys.byId.get(keyId);
  if (!key) throw new SecretUnavailable('unknown_key');
  const [iv, sealed, tag] = stored
    .slice(prefix.length + keyId.length + 1)
    .split(':')
    .map((part) => Buffer.from(part, 'base64url'));
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv!);
    decipher.setAAD(associatedData(keyId, prefix === boundPrefix ? boundTo : undefined));
    decipher.setAuthTag(tag!);
    return Buffer.concat([decipher.update(sealed!), decipher.final()]).toString('utf8');
  } catch {
    throw new SecretUnavailable('corrupt');
  }
}

/**
 * The development key: a local run and the tests seal with it without setup. Production refuses to start
 * without WEBHOOK_SECRET_KEYS (a key in the source seals nothing).
 */
export const developmentSecretKeys: SecretKeys = (() => {
  const parsed = parseSecretKeys(`dev:${Buffer.alloc(32, 'development-only').toString('base64')}`);
  if ('problem' in parsed) throw new Error(parsed.problem);
  return parsed;
})();
