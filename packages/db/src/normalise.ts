/**
 * The normal forms the pre-signup matching compares (R5.8): last name case- and accent-insensitive,
 * postcode upper-case without spaces, e-mail lower-case; all trimmed.
 */
export function lastNameKey(lastName: string): string {
  return lastName
    .trim()
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

export function postcodeKey(postcode: string): string {
  return postcode.replace(/\s+/g, '').toUpperCase();
}

export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}
