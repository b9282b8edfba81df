import { describe, expect, it } from 'vitest';
import {
  isSignedAt,
  manageLinkKey,
  manageLinkToken,
  manageLinkUrl,
  tokenParts,
} from './manage-link-token.ts';

const key = manageLinkKey('a-test-secret-that-is-long-enough-0123456789');

/** Whether a token is good for an appointment at a generation, as the service checks it. */
const goodFor = (token: string, appointmentId: number, generation: number, withKey = key) => {
  const parts = tokenParts(token);
  return parts !== null && parts.appointmentId === appointmentId && isSignedAt(withKey, parts, generation);
};

describe('manage link tokens', () => {
  it('names the appointment it was signed for, at its generation', () => {
    expect(goodFor(manageLinkToken(key, 42, 0), 42, 0)).toBe(true);
    expect(goodFor(manageLinkToken(key, 42, 3), 42, 3)).toBe(true);
  });

  it('is good at its own generation only (decision 0095): a newer one ends it', () => {
    const first = manageLinkToken(key, 42, 0);
    const third = manageLinkToken(key, 42, 3);
    expect(third).not.toBe(first);
    expect(goodFor(first, 42, 1)).toBe(false);
    expect(goodFor(third, 42, 4)).toBe(false);
    expect(goodFor(third, 42, 0)).toBe(false);
  });

  it('keeps the links sent before generations working: generation 0 signs the id alone', () => {
    // What decision 0084's code made of appointment 7 (HMAC of `appointment:7`), unchanged.
    expect(manageLinkToken(key, 7, 0)).toBe('7.nFn33k-pIXv7qRl5INseWybmKFroAcynFOHY1umw3lk');
  });

  it('refuses a token for another appointment, another key, a changed MAC or another shape', () => {
    const token = manageLinkToken(key, 42, 0);
    const mac = token.split('.')[1]!;
    expect(goodFor(`43.${mac}`, 43, 0)).toBe(false);
    expect(goodFor(token, 42, 0, manageLinkKey('another-secret-that-is-long-enough-012345'))).toBe(false);
    const flipped = `${mac.slice(0, 10)}${mac[10] === 'A' ? 'B' : 'A'}${mac.slice(11)}`;
    expect(goodFor(`42.${flipped}`, 42, 0)).toBe(false);
    for (const bad of ['', '42', '42.', `042.${mac}`, `42.${mac}x`, `99999999999.${mac}`, `${token} `])
      expect(tokenParts(bad)).toBeNull();
  });

  it('puts the token in the fragment of the portal’s /manage page', () => {
    const url = new URL(manageLinkUrl('https://portal.example', key, 7, 2));
    expect(url.pathname).toBe('/manage');
    expect(url.search).toBe('');
    expect(goodFor(url.hash.slice(1), 7, 2)).toBe(true);
  });
});
