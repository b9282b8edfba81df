import { newClientBodySchema, preSignupCheckQuerySchema } from '@vet/contracts/onboarding';
import { ukMobileNumber, ukPhoneNumber, ukPostcode } from '@vet/contracts/uk-contact-details';
import type { CellRule, RowCells } from './cells.ts';

/**
 * Names, addresses, phones, postcodes and e-mail addresses as the portal's own forms check them: the
 * same functions (uk-contact-details) and the same limits, read from the forms' schemas rather than
 * copied, so the import refuses what a form would refuse and stores what a form would store.
 */

const newClient = newClientBodySchema.shape;
const address = newClient.address.shape;

/** The forms' length limits (zod's own reading of each field's `.max`; null would be none). */
export const contactLimits = {
  firstName: newClient.firstName.maxLength,
  lastName: newClient.lastName.maxLength,
  addressLine1: address.line1.maxLength,
  addressLine2: address.line2.unwrap().maxLength,
  town: address.town.maxLength,
  county: address.county.unwrap().maxLength,
  /** The mobile's and the home phone's input, as typed (the two forms' fields share the limit). */
  phone: newClient.mobilePhone.maxLength,
} as const;

export const contactReasons = {
  postcode: 'not a UK postcode the portal accepts (e.g. SW1A 1AA)',
  mobile: 'not a UK mobile number the portal accepts (e.g. 07400 123456)',
  phone: 'not a UK phone number the portal accepts (e.g. 01423 123456)',
  email: 'not an e-mail address the portal accepts',
} as const;

/** A UK postcode, staged as written on post (`SW1A 1AA`). */
export function postcodeCell(cells: RowCells, column: string, rule: CellRule = {}): string | null {
  const value = cells.text(column, rule);
  if (value === null) return null;
  return ukPostcode(value) ?? cells.refuse(column, contactReasons.postcode);
}

/** A UK phone number (a mobile when `mobile`), staged in E.164 as the forms store it. */
export function phoneCell(
  cells: RowCells,
  column: string,
  rule: CellRule & { mobile: boolean },
): string | null {
  const value = cells.text(column, { ...rule, maxLength: contactLimits.phone });
  if (value === null) return null;
  const phone = rule.mobile ? ukMobileNumber(value) : ukPhoneNumber(value);
  return phone ?? cells.refuse(column, rule.mobile ? contactReasons.mobile : contactReasons.phone);
}

/** An e-mail address by the pre-signup check's rule (the one a client's address meets), trimmed. */
export function emailCell(cells: RowCells, column: string, rule: CellRule = {}): string | null {
  const value = cells.text(column, rule);
  if (value === null) return null;
  return preSignupCheckQuerySchema.shape.Email.safeParse(value).success
    ? value
    : cells.refuse(column, contactReasons.email);
}

/** The address columns a practice and a client share, by the new-client form's limits. */
export function addressCells(cells: RowCells, rule: CellRule) {
  return {
    address_line1: cells.text('address_line1', { ...rule, maxLength: contactLimits.addressLine1 }),
    address_line2: cells.text('address_line2', { maxLength: contactLimits.addressLine2 }),
    town: cells.text('town', { ...rule, maxLength: contactLimits.town }),
    county: cells.text('county', { maxLength: contactLimits.county }),
    postcode: postcodeCell(cells, 'postcode', rule),
  };
}
