import { describe, expect, it } from 'vitest';
import { appointmentOfToken, manageLinkKey, manageLinkToken, manageLinkUrl } from './manage-link-token.ts';

const key = manageLinkKey('a-test-secret-that-is-long-enough-0123456789');

describe('manage link tokens', () => {
  it('names the appointment it was signed for', () => {
    expect(appointmentOfToken(key, manageLinkToken(key, 42))).toBe(42);
  });

  it('refuses a token for another appointment, another key, a changed MAC or another shape', () => {
    const token = manageLinkToken(key, 42);
    const mac = token.split('.')[1]!;
    expect(appointmentOfToken(key, `43.${mac}`)).toBeNull();
    expect(appointmentOfToken(manageLinkKey('another-secret-that-is-long-enough-012345'), token)).toBeNull();
    const flipped = `${mac.slice(0, 10)}${mac[10] === 'A' ? 'B' : 'A'}${mac.slice(11)}`;
    expect(appointmentOfToken(key, `42.${flipped}`)).toBeNull();
    for (const bad of ['', '42', '42.', `042.${mac}`, `42.${mac}x`, `99999999999.${mac}`, `${token} `])
      expect(appointmentOfToken(key, bad)).toBeNull();
  });

  it('puts the token in the fragment of the portal’s /manage page', () => {
    const url = new URL(manageLinkUrl('https://portal.example', key, 7));
    expect(url.pathname).toBe('/manage');
    expect(url.search).toBe('');
    expect(appointmentOfToken(key, url.hash.slice(1))).toBe(7);
  });
});
