import { describe, expect, it } from 'vitest';
import { CURRENT_SCRYPT_PARAMS, hashPassword, needsRehash, verifyPassword } from './password-hash.ts';

const OLD_PARAMS = { N: 2 ** 15, r: 8, p: 1 };

describe('password hashing', () => {
  it('hashes at OWASP’s current scrypt cost (N=2^17, r=8, p=1) and verifies', async () => {
    expect(CURRENT_SCRYPT_PARAMS).toEqual({ N: 2 ** 17, r: 8, p: 1 });
    const stored = await hashPassword('Correct-Horse-9');
    expect(stored).toMatch(/^scrypt\$131072\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(await verifyPassword('Correct-Horse-9', stored)).toBe(true);
    expect(await verifyPassword('Correct-Horse-8', stored)).toBe(false);
    expect(needsRehash(stored)).toBe(false);
    // Three scrypt runs at N=2^17 (128 MiB each): a second each on a busy 2-core machine, not the default 5 s.
  }, 30_000);

  it('still verifies a hash made at the old cost, and says it needs rehashing', async () => {
    const old = await hashPassword('Correct-Horse-9', OLD_PARAMS);
    expect(old.startsWith('scrypt$32768$8$1$')).toBe(true);
    expect(await verifyPassword('Correct-Horse-9', old)).toBe(true);
    expect(needsRehash(old)).toBe(true);
  });

  it('treats anything that is not one of its hashes as unverifiable and due for a rehash', async () => {
    for (const stored of ['', 'bcrypt$x', 'scrypt$abc$8$1$salt$hash', 'scrypt$131072$8$1$salt']) {
      expect(await verifyPassword('x', stored)).toBe(false);
      expect(needsRehash(stored)).toBe(true);
    }
  });
});
