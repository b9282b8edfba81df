import { ukPostcode } from '@vet/contracts/uk-contact-details';

/**
 * The two requests the adapter sends to Ideal Postcodes (decision 0098), as its public API reference
 * documents them: https://openapi.ideal-postcodes.co.uk (the OpenAPI document,
 * https://openapi.ideal-postcodes.co.uk/openapi.yaml, from github.com/ideal-postcodes/openapi).
 *
 * The key goes as the `api_key` query parameter, the placement every example of the reference uses
 * ("Authenticate by passing an `api_key` as part of the query string"). The reference also names an
 * `Authorization: api_key="…"` header, but its error guide writes that header differently
 * (`IDEALPOSTCODES api_key="…"`), so the adapter keeps to the query string; the URL is never logged.
 */

/** The documented most for `limit` (1 to 100, default 10: LimitParam). */
const MAX_LIMIT = 100;
/** Candidates for free text: as many as the demo table offers (a person narrows a longer list by typing). */
const TEXT_LIMIT = 20;
/** FindAddress's `query`: documented `maxLength: 150`; the portal's own limit (100) is below it. */
const MAX_QUERY_LENGTH = 150;

/**
 * Find Address, `GET /v1/autocomplete/addresses` (operationId FindAddress;
 * https://docs.ideal-postcodes.co.uk/docs/api/find-address): suggestions, each with an `id`, for
 * `query`. A whole postcode is also sent as the `postcode` filter ("Restrict result set to matching
 * postcodes only. Can be combined with query") with the documented most, 100, so that every address of
 * the postcode is offered; `context=GBR` keeps the suggestions in the UK (ContextParam, "Limits search
 * results, typically within a country", example `GBR`).
 */
export function findAddressUrl(apiUrl: string, apiKey: string, text: string): URL {
  const url = new URL(`${apiUrl}/v1/autocomplete/addresses`);
  url.searchParams.set('api_key', apiKey);
  url.searchParams.set('query', text.slice(0, MAX_QUERY_LENGTH));
  url.searchParams.set('context', 'GBR');
  const postcode = ukPostcode(text);
  if (postcode) {
    // The reference's own example of the filter writes the postcode without its space, lower case.
    url.searchParams.set('postcode', postcode.replace(' ', '').toLowerCase());
    url.searchParams.set('limit', String(MAX_LIMIT));
  } else {
    url.searchParams.set('limit', String(TEXT_LIMIT));
  }
  return url;
}

/**
 * Resolve Address, `GET /v1/autocomplete/addresses/{address}/gbr` (operationId ResolveAddress;
 * https://docs.ideal-postcodes.co.uk/docs/api/resolve-address): a suggestion's `id` in full, in the UK
 * format. The paid step ("Step 2 will decrement your lookup balance").
 */
export function resolveAddressUrl(apiUrl: string, apiKey: string, addressId: string): URL {
  const url = new URL(`${apiUrl}/v1/autocomplete/addresses/${encodeURIComponent(addressId)}/gbr`);
  url.searchParams.set('api_key', apiKey);
  return url;
}
