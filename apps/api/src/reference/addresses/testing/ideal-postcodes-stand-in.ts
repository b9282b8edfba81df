import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { standInAddresses, suggestionOf, type StandInAddress } from './ideal-postcodes-addresses.ts';

/**
 * A loopback stand-in for the two endpoints of Ideal Postcodes' Address Autocomplete API the adapter
 * uses (decision 0098), for tests only. Every shape follows the OpenAPI document of the public reference
 * (https://openapi.ideal-postcodes.co.uk/openapi.yaml) or its error guide, as cited at each answer below.
 */

/**
 * The failures the stand-in can be told to answer with. Statuses, codes and messages are those of the
 * provider's error-code guide (Response shape: "An error returns the matching HTTP status and a code that
 * starts with that status"; its messages link the legacy page
 * http://ideal-postcodes.co.uk/documentation/response-codes, whose anchors the guide keeps).
 */
export type StandInFailure =
  | 'hang' // the stand-in's own: never answers (a timeout)
  | 'invalid_key' // 401, 4010 "Invalid Key"
  | 'url_not_allowed' // 401, 4011 "Requesting URL not on whitelist" (a key with Allowed URLs or IPs)
  | 'balance_depleted' // 402, 4020 "Key balance depleted"
  | 'limit_reached' // 402, 4021 "Lookup Limit Reached" (the key's daily, monthly or per-IP limit)
  | 'bad_request' // 400, 4000 "Invalid syntax submitted"
  | 'rate_limited' // 429, 4291 "Too many requests. Please contact support"
  | 'ip_rate_limited' // 503: the reference's "30 requests per second" per IP; its body is undocumented
  | 'server_error' // 500, 5001 "Uncatalogued Error"
  | 'not_json'; // 200 with a body that is not the documented JSON (the stand-in's own)

const failures: Record<Exclude<StandInFailure, 'hang'>, { status: number; body: unknown }> = {
  invalid_key: { status: 401, body: { code: 4010, message: 'Invalid Key' } },
  url_not_allowed: { status: 401, body: { code: 4011, message: 'Requesting URL not on whitelist' } },
  balance_depleted: { status: 402, body: { code: 4020, message: 'Key balance depleted' } },
  limit_reached: { status: 402, body: { code: 4021, message: 'Lookup Limit Reached' } },
  bad_request: { status: 400, body: { code: 4000, message: 'Invalid syntax submitted' } },
  rate_limited: { status: 429, body: { code: 4291, message: 'Too many requests. Please contact support' } },
  ip_rate_limited: { status: 503, body: 'Service Unavailable' },
  server_error: { status: 500, body: { code: 5001, message: 'Uncatalogued Error' } },
  not_json: { status: 200, body: '<html>maintenance</html>' },
};

/**
 * Queries that answer a failure whatever the switch says, for tests in another process (the e2e portal's
 * API). `ID1 CLIP` and `ID1 CHOP` are the reference's own test queries (Extract Addresses' Testing:
 * "no lookups remaining" 4020 and "lookup limit breached" 4021); the `ID1 HANG` and `ID1 DOWN` are the
 * stand-in's. `ID` is no postcode area of Royal Mail's, so no real search meets them.
 */
const failingQueries: Record<string, StandInFailure> = {
  'id1 clip': 'balance_depleted',
  'id1 chop': 'limit_reached',
  'id1 hang': 'hang',
  'id1 down': 'ip_rate_limited',
};

export interface ReceivedRequest {
  path: string;
  query: Record<string, string>;
  authorization: string | undefined;
}

export interface IdealPostcodesStandIn {
  /** The base to give the adapter (http://127.0.0.1:port), without `/v1`. */
  url: string;
  apiKey: string;
  /** Every request, for the tests of what the adapter sends. */
  received: ReceivedRequest[];
  /** Answer the next `count` requests with this failure. */
  failNext: (count: number, failure: StandInFailure) => void;
  close: () => Promise<void>;
}

const compact = (text: string) => text.replace(/[\s,]+/g, '').toLowerCase();

/** Every word of the query in the address (lines, town, postcode with or without its space). */
function matches(address: StandInAddress, words: string[]): boolean {
  const text = `${suggestionOf(address)} ${address.postcode} ${compact(address.postcode)}`.toLowerCase();
  return words.every((word) => text.includes(word));
}

export async function startIdealPostcodesStandIn(
  options: { addresses?: readonly StandInAddress[]; apiKey?: string } = {},
): Promise<IdealPostcodesStandIn> {
  const addresses = options.addresses ?? standInAddresses;
  const apiKey = options.apiKey ?? 'ak_standin0123456789';
  let failing: { count: number; failure: StandInFailure } = { count: 0, failure: 'hang' };
  const answer = (response: ServerResponse, status: number, body: unknown) => {
    const text = typeof body === 'string';
    response.writeHead(status, { 'content-type': text ? 'text/plain' : 'application/json' });
    response.end(text ? body : JSON.stringify(body));
  };
  const fail = (response: ServerResponse, failure: StandInFailure) => {
    if (failure === 'hang') return; // held open until the caller gives up, or close()
    const { status, body } = failures[failure];
    answer(response, status, body);
  };

  const handle = (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const query = Object.fromEntries(url.searchParams);
    state.received.push({ path: url.pathname, query, authorization: request.headers.authorization });
    // ApiKeyParam: `api_key` in the query; or the header form the reference names, `api_key="…"`.
    const headerKey = /api_key="([^"]*)"/.exec(request.headers.authorization ?? '')?.[1];
    if ((query.api_key ?? headerKey) !== apiKey) return fail(response, 'invalid_key');
    if (failing.count > 0) {
      failing.count -= 1;
      return fail(response, failing.failure);
    }
    // The guide's 404 for no route: "The code is `404`, not `4040`".
    if (request.method !== 'GET') return answer(response, 404, { code: 404, message: '404 Page not found' });
    if (url.pathname === '/v1/autocomplete/addresses') return find(response, query);
    const resolve = /^\/v1\/autocomplete\/addresses\/([^/]+)\/gbr$/.exec(url.pathname);
    if (resolve) return resolveOne(response, decodeURIComponent(resolve[1] ?? ''));
    return answer(response, 404, { code: 404, message: '404 Page not found' });
  };

  /** FindAddress: AutocompleteResponse, `{ result: { hits }, code: 2000, message: 'Success' }`. */
  const find = (response: ServerResponse, query: Record<string, string>) => {
    const text = query.query ?? '';
    const failure = failingQueries[text.trim().toLowerCase()];
    if (failure) return fail(response, failure);
    const limit = Number(query.limit ?? '10');
    // `query` has maxLength 150; LimitParam is 1 to 100 (default 10).
    if (text.length > 150 || !Number.isInteger(limit) || limit < 1 || limit > 100)
      return fail(response, 'bad_request');
    const words = text
      .toLowerCase()
      .split(/[\s,]+/)
      .filter(Boolean);
    const hits = addresses
      .filter((address) => matches(address, words))
      // PostcodeParam: "Restrict result set to matching postcodes only".
      .filter((address) => !query.postcode || compact(address.postcode) === compact(query.postcode))
      .slice(0, limit)
      .map((address) => ({
        id: address.id,
        suggestion: suggestionOf(address),
        udprn: address.udprn,
        ...(address.umprn === '' ? {} : { umprn: address.umprn }),
        urls: { udprn: `/v1/udprn/${address.udprn}` },
      }));
    answer(response, 200, { result: { hits }, code: 2000, message: 'Success' });
  };

  /** ResolveAddress: GbrResolveAddressResponse; an unknown id, 404 with the guide's 4048 "Address not found". */
  const resolveOne = (response: ServerResponse, id: string) => {
    const address = addresses.find((candidate) => candidate.id === id);
    if (!address) return answer(response, 404, { code: 4048, message: 'Address not found' });
    answer(response, 200, { result: address, code: 2000, message: 'Success' });
  };

  const server = createServer(handle);
  const state: IdealPostcodesStandIn = {
    url: '',
    apiKey,
    received: [],
    failNext: (count, failure) => {
      failing = { count, failure };
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}
