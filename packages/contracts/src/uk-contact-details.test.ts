import fc from 'fast-check';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { describe, expect, it } from 'vitest';
import { nationalPhoneNumber, ukMobileNumber, ukPhoneNumber, ukPostcode } from './uk-contact-details.ts';

describe('ukMobileNumber', () => {
  it.each([
    ['07400 123456', '+447400123456'],
    ['07400123456', '+447400123456'],
    ['+44 7400 123456', '+447400123456'],
    ['0044 7400 123456', '+447400123456'],
    ['(07400) 123-456', '+447400123456'],
    ['07624 123456', '+447624123456'],
  ])('accepts %s as %s', (input, e164) => {
    expect(ukMobileNumber(input)).toBe(e164);
  });

  it.each([
    ['a London landline', '020 7946 0123'],
    ['a French mobile', '+33 6 12 34 56 78'],
    ['too few digits', '07400 12345'],
    ['too many digits', '07400 1234567'],
    ['letters', 'call me'],
    ['an Ofcom drama number', '07700 900123'],
  ])('refuses %s', (_case, input) => {
    expect(ukMobileNumber(input)).toBeNull();
  });
});

describe('ukPostcode', () => {
  it.each([
    ['sw1a1aa', 'SW1A 1AA'],
    [' SW4 0LN ', 'SW4 0LN'],
    ['n12uq', 'N1 2UQ'],
    ['EC1A 1BB', 'EC1A 1BB'],
  ])('formats %s as %s', (input, formatted) => {
    expect(ukPostcode(input)).toBe(formatted);
  });

  it.each(['SW1A', '12345', 'SW1A 1A', 'SW1A-1AA-X', '1SW 1AA'])('refuses %s', (input) => {
    expect(ukPostcode(input)).toBeNull();
  });
});

describe('ukPhoneNumber', () => {
  it.each([
    ['020 7946 0123', '+442079460123'],
    ['07400 123456', '+447400123456'],
    ['01423 123456', '+441423123456'],
  ])('accepts %s as %s', (input, e164) => {
    expect(ukPhoneNumber(input)).toBe(e164);
  });

  it.each([
    ['a French number', '+33 1 23 45 67 89'],
    ['letters', 'call me'],
    ['too short', '0207'],
  ])('refuses %s', (_case, input) => {
    expect(ukPhoneNumber(input)).toBeNull();
  });
});

describe('nationalPhoneNumber', () => {
  it('writes a stored UK number as people in the UK do, and keeps anything else as it is', () => {
    expect(nationalPhoneNumber('+447400123456')).toBe('07400 123456');
    expect(nationalPhoneNumber('not a number')).toBe('not a number');
    expect(nationalPhoneNumber(null)).toBeNull();
  });
});

describe('the UK phone rules against libphonenumber-js asked in full', () => {
  // The reference: valid, on +44, and (for a mobile) of type MOBILE, each asked separately.
  const reference = (input: string, mobile: boolean) => {
    const phone = parsePhoneNumberFromString(input, 'GB');
    if (!phone?.isValid() || phone.countryCallingCode !== '44') return null;
    if (mobile && phone.getType() !== 'MOBILE') return null;
    return phone.number;
  };
  const typed = fc
    .tuple(
      fc.constantFrom('0', '+44 ', '0044 ', '+44 (0)', '+33 ', '+353 ', ''),
      fc.stringMatching(/^[1-9][0-9]{5,11}$/),
      fc.constantFrom('', ' ', '-'),
    )
    .map(([prefix, digits, separator]) => `${prefix}${digits.slice(0, 4)}${separator}${digits.slice(4)}`);

  it('agree on any number typed in any of the usual forms', () => {
    fc.assert(
      fc.property(typed, (input) => {
        expect(ukMobileNumber(input)).toBe(reference(input, true));
        expect(ukPhoneNumber(input)).toBe(reference(input, false));
      }),
      { numRuns: 3000 },
    );
  });
});
