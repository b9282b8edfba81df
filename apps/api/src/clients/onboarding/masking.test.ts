import { describe, expect, it } from 'vitest';
import { maskEmail, maskPostcode } from './masking.ts';

describe('maskEmail', () => {
  it.each([
    ['jane.doe@example.com', 'j•••@e•••.com'],
    ['grace.thompson@example.net', 'g•••@e•••.net'],
    ['Olivia.Bennett@Example.COM', 'o•••@e•••.com'],
    ['x@mail.example.co.uk', 'x•••@m•••.co.uk'],
    ['sam@example.org.uk', 's•••@e•••.org.uk'],
    ['a@b.io', 'a•••@b•••.io'],
    ['zoë@müller.de', 'z•••@m•••.de'],
  ])('%s → %s', (email, masked) => {
    expect(maskEmail(email)).toBe(masked);
  });

  it('keeps neither the rest of the name nor the provider', () => {
    const masked = maskEmail('grace.thompson@example.net');
    expect(masked).not.toMatch(/grace|thompson|example/);
  });

  it('copes with an address on file that is not well formed', () => {
    expect(maskEmail('no-at-sign')).toBe('n•••@•••');
    expect(maskEmail('someone@localhost')).toBe('s•••@•••.localhost');
  });
});

describe('maskPostcode', () => {
  it.each([
    ['SW1A1AA', 'SW1A •••'],
    ['SW40LN', 'SW4 •••'],
    ['N12UQ', 'N1 •••'],
    ['M206SA', 'M20 •••'],
  ])('%s → %s: the outward code only', (key, masked) => {
    expect(maskPostcode(key)).toBe(masked);
  });

  it('shows nothing of a postcode too short to have an outward code', () => {
    expect(maskPostcode('1AA')).toBe('•••');
    expect(maskPostcode('')).toBe('•••');
  });
});
