import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashResetToken, looksLikeResetToken, newResetToken } from './reset-token.ts';

describe('reset tokens', () => {
  it('are 32 random bytes in base64url, each different, kept only as their SHA-256', () => {
    const { token, tokenHash } = newResetToken();
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(tokenHash).toBe(hashResetToken(token));
    expect(newResetToken().token).not.toBe(token);
  });

  it('refuses anything that cannot be one before it reaches the database', () => {
    expect(looksLikeResetToken(newResetToken().token)).toBe(true);
    for (const value of [
      null,
      undefined,
      '',
      'abc',
      `${'A'.repeat(42)}=`,
      'A'.repeat(44),
      `${'A'.repeat(42)}/`,
    ]) {
      expect(looksLikeResetToken(value)).toBe(false);
    }
  });
});
