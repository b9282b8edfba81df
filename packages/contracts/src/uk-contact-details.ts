import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { isValid as isValidPostcode, toNormalised } from 'postcode';

/**
 * A UK mobile number in E.164 (`+447400123456`), or null. Typed in any common form (07400 123456,
 * +44 7400 123456, 0044…). The +44 mobile ranges of the Channel Islands and the Isle of Man count: they
 * are on UK networks. The full metadata is needed to tell a mobile from a landline.
 */
export function ukMobileNumber(input: string): string | null {
  const phone = parsePhoneNumberFromString(input, 'GB');
  // With the full metadata a number is valid exactly when it has a type (libphonenumber-js's isValid is
  // `getNumberType() !== undefined`), so asking for the type alone says both, at two thirds of the cost:
  // the practice import checks a million clients' numbers.
  if (phone?.countryCallingCode !== '44' || phone.getType() !== 'MOBILE') return null;
  return phone.number;
}

/**
 * A well-formed UK postcode, formatted as written on post (`SW1A 1AA`), or null. Its form is checked,
 * not whether Royal Mail uses it (that needs the postcode directory).
 */
export function ukPostcode(input: string): string | null {
  const trimmed = input.trim();
  return isValidPostcode(trimmed) ? toNormalised(trimmed) : null;
}

/** A UK phone number of any kind (landline, mobile, non-geographic) in E.164, or null. */
export function ukPhoneNumber(input: string): string | null {
  const phone = parsePhoneNumberFromString(input, 'GB');
  if (phone?.countryCallingCode !== '44' || !phone.isValid()) return null;
  return phone.number;
}

/** A stored number as a person in the UK writes it (`07400 123456`); unparseable input is kept as is. */
export function nationalPhoneNumber(stored: string | null): string | null {
  if (stored === null) return null;
  const phone = parsePhoneNumberFromString(stored, 'GB');
  return phone?.countryCallingCode === '44' ? phone.formatNational() : stored;
}
