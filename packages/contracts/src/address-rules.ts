/**
 * The address lookup's limits and messages that screens share with the API, without zod: the browser
 * loads this module, not the schemas (decision 0032). `./address-lookup.ts` re-exports it.
 */

/** The embedded lookup's service id; a real group can plug in a commercial lookup under its own id. */
export const EMBEDDED_ADDRESS_SERVICE = 'embedded';

/** The lookup text's length once trimmed (GET /address-lookup?text=). */
export const addressLookupTextLength = { min: 2, max: 100 } as const;

export const addressLookupMessages = {
  tooShort: `Enter at least ${addressLookupTextLength.min} characters of the postcode or address.`,
  tooLong: `Enter at most ${addressLookupTextLength.max} characters.`,
  /** The 503 of a lookup whose provider failed, timed out or ran out of quota (decision 0098). */
  unavailable: 'Address search is not available just now: type your address.',
  /** The 503 of a portal with no lookup configured (ADDRESS_PROVIDER=off). */
  off: 'Address search is not available: type your address.',
} as const;

/**
 * The `code` of the lookup's 503s (decision 0098): `unavailable` may pass (the person can search again),
 * `off` will not (the form stops offering the search).
 */
export const addressLookupErrorCodes = {
  unavailable: 'address_lookup_unavailable',
  off: 'address_lookup_off',
} as const;

/** The lookup text as the API reads it (trimmed), or what is wrong with it: the query schema's rule. */
export function checkAddressLookupText(
  text: string,
): { ok: true; text: string } | { ok: false; message: string } {
  const trimmed = text.trim();
  if (trimmed.length < addressLookupTextLength.min)
    return { ok: false, message: addressLookupMessages.tooShort };
  if (trimmed.length > addressLookupTextLength.max)
    return { ok: false, message: addressLookupMessages.tooLong };
  return { ok: true, text: trimmed };
}
