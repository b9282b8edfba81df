import { describe, expect, it } from 'vitest';
import { invitationCodeHash, newInvitationCode, normaliseInvitationCode } from './invitation-code.ts';

describe('newInvitationCode', () => {
  it('writes 12 characters of the 32-letter alphabet in three groups of four', () => {
    for (let i = 0; i < 200; i += 1) {
      expect(newInvitationCode()).toMatch(
        /^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/,
      );
    }
  });

  it('hashes as the code a person types, in any case and grouping', () => {
    const code = newInvitationCode();
    const typed = normaliseInvitationCode(code)
      .toLowerCase()
      .replace(/(.{3})/g, '$1 ');
    expect(invitationCodeHash(typed)).toBe(invitationCodeHash(code));
  });

  it('does not repeat itself (60 random bits)', () => {
    const codes = new Set(Array.from({ length: 2000 }, newInvitationCode));
    expect(codes.size).toBe(2000);
  });
});
