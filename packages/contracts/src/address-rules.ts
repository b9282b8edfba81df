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
