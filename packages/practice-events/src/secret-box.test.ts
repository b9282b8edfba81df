import { describe, expect, it } from 'vitest';
import { openSecret, parseSecretKeys, sealedWith, sealSecret, SecretUnavailable } from './secret-box.ts';
import { olderSecretKeys, testSecretKeys } from './testing/secret-keys.ts';

const secret = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;

describe('the endpoints’ sealed secrets (security round three, finding 7)', () => {
  it('seal under the first key, with a fresh nonce each time, and open to the secret', () => {
    const first = sealSecret(testSecretKeys, secret);
    const second = sealSecret(testSecretKeys, secret);
    expect(first).not.toBe(second);
    expect(sealedWith(first)).toBe('k2');
    expect(first).not.toContain(secret.slice('whsec_'.length, 20));
    expect(openSecret(testSecretKeys, first)).toBe(secret);
  });

  it('open what an older key sealed while it is listed, and nothing once it is not', () => {
    const old = sealSecret(olderSecretKeys, secret);
    expect(openSecret(testSecretKeys, old)).toBe(secret);
    const newer = sealSecret(testSecretKeys, secret);
    expect(() => openSecret(olderSecretKeys, newer)).toThrow(new SecretUnavailable('unknown_key'));
  });

  it('refuse a sealed value altered in any part, or moved under another key’s name', () => {
    const sealed = sealSecret(testSecretKeys, secret);
    const parts = sealed.split(':');
    for (const index of [3, 4, 5]) {
      const altered = [...parts];
      const part = altered[index]!;
      altered[index] = `${part.slice(0, -2)}${part.endsWith('AA') ? 'BB' : 'AA'}`;
      expect(() => openSecret(testSecretKeys, altered.join(':'))).toThrow(new SecretUnavailable('corrupt'));
    }
    const renamed = ['enc', 'v1', 'k1', ...parts.slice(3)].join(':');
    expect(() => openSecret(testSecretKeys, renamed)).toThrow(new SecretUnavailable('corrupt'));
  });

  it('bind a value to what it belongs to: it opens there only, and a v1 value still opens (decision 0139)', () => {
    const bound = sealSecret(testSecretKeys, secret, 'webhook-endpoint:7:secret');
    expect(bound).toMatch(/^enc:v2:k2:/);
    expect(sealedWith(bound)).toBe('k2');
    expect(openSecret(testSecretKeys, bound, 'webhook-endpoint:7:secret')).toBe(secret);
    for (const elsewhere of ['webhook-endpoint:8:secret', 'webhook-endpoint:7:previous_secret', undefined])
      expect(() => openSecret(testSecretKeys, bound, elsewhere)).toThrow(new SecretUnavailable('corrupt'));
    // Relabelled as v1 (the key id alone): the tag was made with the binding, so it does not open.
    expect(() => openSecret(testSecretKeys, bound.replace('enc:v2:', 'enc:v1:'))).toThrow(
      new SecretUnavailable('corrupt'),
    );
    const keyOnly = sealSecret(testSecretKeys, secret);
    expect(openSecret(testSecretKeys, keyOnly, 'webhook-endpoint:7:secret')).toBe(secret);
  });

  it('read a secret stored before sealing as it is (until endpoints reseal seals it)', () => {
    expect(sealedWith(secret)).toBeUndefined();
    expect(openSecret(testSecretKeys, secret)).toBe(secret);
  });

  it('parse WEBHOOK_SECRET_KEYS, naming what is wrong without quoting a key', () => {
    const key = Buffer.alloc(32, 1).toString('base64');
    expect(parseSecretKeys(`a:${key}, b:${key}`)).toMatchObject({ current: { id: 'a' } });
    for (const [text, problem] of [
      [key, /key id is missing/],
      [`a:${Buffer.alloc(16).toString('base64')}`, /the key a is not 32 bytes/],
      [`a:${key},a:${key}`, /listed twice/],
      [`a b:${key}`, /key id/],
    ] as const) {
      const parsed = parseSecretKeys(text);
      expect('problem' in parsed && parsed.problem).toMatch(problem);
      expect(JSON.stringify(parsed)).not.toContain(key);
    }
  });
});
