import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadKeys, readOrCreateKeysFile } from './keys.ts';

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'idp-keys-'));
});
afterEach(() => rm(folder, { recursive: true, force: true }));

describe('the keys file', () => {
  it('is created once, private to its owner, and reused', async () => {
    const path = join(folder, 'nested', 'keys.json');
    const first = await readOrCreateKeysFile(path);
    const written = await readFile(path, 'utf8');
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect(first.jwks.keys.map((key) => key.alg)).toEqual(['RS256', 'ES256']);
    expect(first.jwks.keys.every((key) => key.d && key.kid && key.use === 'sig')).toBe(true);
    expect(first.cookieKeys.every((key) => key.length >= 32)).toBe(true);

    const second = await readOrCreateKeysFile(path);
    expect(second).toEqual(first);
    expect(await readFile(path, 'utf8')).toBe(written);
  });

  it('gives the same keys to processes that start together', async () => {
    const path = join(folder, 'keys.json');
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => readOrCreateKeysFile(path)));
    expect(b).toEqual(a);
    expect(c).toEqual(a);
  });

  it('is not touched when the environment provides the keys', async () => {
    const path = join(folder, 'keys.json');
    const keys = await loadKeys({
      keysFile: path,
      jwks: { keys: [{ kty: 'RSA', d: 'x' }] },
      cookieKeys: ['c'.repeat(32)],
    });
    expect(keys.cookieKeys).toEqual(['c'.repeat(32)]);
    await expect(stat(path)).rejects.toThrow();
  });
});
