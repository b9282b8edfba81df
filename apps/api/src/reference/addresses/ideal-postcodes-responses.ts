import type { Address, AddressCandidate } from '@vet/contracts/address-lookup';
import { addressParamsSchema } from '@vet/contracts/address-lookup';
import { z } from 'zod';
import type { AddressLookupFailure } from './address-provider.ts';

/**
 * What the adapter reads of Ideal Postcodes' answers (decision 0098), from the schemas of its OpenAPI
 * document (https://openapi.ideal-postcodes.co.uk/openapi.yaml): only the fields used, so that a field
 * added later (a backwards-compatible change, says the reference's Versioning) changes nothing.
 */

export const IDEAL_POSTCODES_SERVICE = 'ideal-postcodes';

/** AutocompleteResponse: `{ result: { hits: [{ id, suggestion, udprn?, urls }] }, code: 2000, message }`. */
export const findAddressResponseSchema = z.object({
  code: z.literal(2000),
  result: z.object({
    hits: z.array(z.object({ id: z.string(), suggestion: z.string() })),
  }),
});

/**
 * GbrResolveAddressResponse: `{ result: PafAddress | MrAddress | NybAddress | …, code: 2000, message }`,
 * every one in the UK format. `line_1` is "never empty", `line_2` and `line_3` "may be empty", `post_town`
 * is "always present", `county` "may be empty" (the postal county, else the administrative, else the
 * traditional), `postcode` is "capitalised and spaced".
 */
export const resolveAddressResponseSchema = z.object({
  code: z.literal(2000),
  result: z.object({
    line_1: z.string().min(1),
    line_2: z.string(),
    line_3: z.string(),
    post_town: z.string().min(1),
    county: z.string(),
    postcode: z.string().min(1),
  }),
});

/** ErrorResponse: `{ code, message }` with every status other than 200 (the reference's Error Handling). */
const errorResponseSchema = z.object({ code: z.number().int() });

/** A suggestion's id as the portal's route takes it back (GET /address-lookup/:serviceId/:addressId). */
const routableId = addressParamsSchema.shape.addressId;

export function candidatesOf(body: z.output<typeof findAddressResponseSchema>): AddressCandidate[] {
  return body.result.hits
    .filter((hit) => routableId.safeParse(hit.id).success)
    .map((hit) => ({ serviceId: IDEAL_POSTCODES_SERVICE, addressId: hit.id, description: hit.suggestion }));
}

/** The UK format's three lines as the portal's two: the third joins the second. */
export function addressOf(addressId: string, body: z.output<typeof resolveAddressResponseSchema>): Address {
  const { result } = body;
  const line2 = [result.line_2, result.line_3].map((line) => line.trim()).filter(Boolean);
  return {
    serviceId: IDEAL_POSTCODES_SERVICE,
    addressId,
    line1: result.line_1.trim(),
    line2: line2.length > 0 ? line2.join(', ') : null,
    town: result.post_town.trim(),
    county: result.county.trim() || null,
    postcode: result.postcode.trim(),
  };
}

/** The provider's own code in an error's body, when it sent one we can read. */
export function providerCodeOf(body: unknown): number | undefined {
  const parsed = errorResponseSchema.safeParse(body);
  return parsed.success ? parsed.data.code : undefined;
}

/**
 * An answer other than 200, as a code for the log. From the reference's Error Handling and Rate Limiting
 * and the provider's error-code guide: 400 (4000 and the 400XX of a query it cannot run); 401 with 4010
 * (invalid key) or 4011 (a URL or IP not on the key's allowed list); 402 with 4020 (balance depleted) or
 * 4021 (the key's daily, monthly or per-IP limit); 429 (4291, too many requests); 500 (5001, 5002);
 * "Each IP address is rate limited at 30 requests per second. Tripping the rate limit will result in a
 * 503 response". Which status the autocomplete's own limit (3000 requests in 5 minutes) answers, the
 * documentation does not say: 429 and 503 both read as rate_limited, the conservative reading (the
 * provider is refusing for now; the person types the address).
 */
export function failureOf(status: number, providerCode: number | undefined): AddressLookupFailure {
  if (status === 400) return 'bad_request';
  if (status === 401) return providerCode === 4011 ? 'key_not_allowed' : 'invalid_key';
  if (status === 402) return providerCode === 4021 ? 'limit_reached' : 'balance_depleted';
  if (status === 429 || status === 503) return 'rate_limited';
  if (status >= 500) return 'provider_error';
  return 'unexpected_response';
}
