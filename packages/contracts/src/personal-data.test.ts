import { describe, expect, it } from 'vitest';
import { scrubPersonalData } from './personal-data.ts';

describe('scrubPersonalData', () => {
  it.each([
    ['Cannot read jane.doe+vet@example.co.uk', 'Cannot read [email]'],
    ['No practice near SW1A 1AA or sw1a1aa', 'No practice near [postcode] or [postcode]'],
    ['Call 07700 900123 or +44 20 7946 0000', 'Call [number] or [number]'],
  ])('removes personal data from %s', (input, expected) => {
    expect(scrubPersonalData(input)).toBe(expected);
  });

  it('keeps what helps to debug', () => {
    const message = "TypeError: Cannot read properties of undefined (reading 'name') at pet-card 42";
    expect(scrubPersonalData(message)).toBe(message);
  });
});
