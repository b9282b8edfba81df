import { describe, expect, it } from 'vitest';
import {
  checkTokenHash,
  codeMatches,
  generateCheckToken,
  generateCode,
  hashCode,
} from './verification-code.ts';

const pepper = 'a-test-pepper-of-at-least-thirty-two-characters';

describe('verification codes (R4.17)', () => {
  it('are six digits, leading zeros kept, and spread over the whole range', () => {
    const codes = Array.from({ length: 2000 }, generateCode);
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(new Set(codes).size).toBeGreaterThan(1990);
    expect(codes.some((code) => code.startsWith('0'))).toBe(true);
  });

  it('are stored as a salted HMAC: never the code, and different for the same code', () => {
    const first = hashCode(pepper, '123456');
    const second = hashCode(pepper, '123456');
    expect(first).not.toContain('123456');
    expect(first).not.toBe(second);
    expect(first).toMatch(/^h1\$[\w-]+\$[\w-]+$/);
  });

  it('match only the right code under the same pepper', () => {
    const stored = hashCode(pepper, '012345');
    expect(codeMatches(pepper, '012345', stored)).toBe(true);
    expect(codeMatches(pepper, '012346', stored)).toBe(false);
    expect(codeMatches(pepper, '12345', stored)).toBe(false);
    expect(codeMatches(`${pepper}-other`, '012345', stored)).toBe(false);
  });

  it('match nothing against a malformed stored value', () => {
    for (const stored of ['', 'h1$', 'h1$salt$', 'h2$salt$mac', 'test-hash-1234', 'h1$salt$c2hvcnQ'])
      expect(codeMatches(pepper, '123456', stored)).toBe(false);
  });
});

describe('check tokens', () => {
  it('are long, random and stored as a hash', () => {
    const token = generateCheckToken();
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(generateCheckToken()).not.toBe(token);
    expect(checkTokenHash(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(checkTokenHash(token)).toBe(checkTokenHash(token));
    expect(checkTokenHash(token)).not.toContain(token);
  });
});
