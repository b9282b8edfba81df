import type { z } from 'zod';
import { AddressLookupUnavailable, type AddressProvider } from './address-provider.ts';
import { findAddressUrl, resolveAddressUrl } from './ideal-postcodes-requests.ts';
import {
  addressOf,
  candidatesOf,
  failureOf,
  findAddressResponseSchema,
  IDEAL_POSTCODES_SERVICE,
  providerCodeOf,
  resolveAddressResponseSchema,
} from './ideal-postcodes-responses.ts';

/** What the adapter needs: the module's own options (decision 0091), handed over by app.ts. */
export interface IdealPostcodesSettings {
  apiKey: string;
  /** The API's base, without `/v1` (https://api.ideal-postcodes.co.uk, or a stand-in's). */
  apiUrl: string;
  /** The most the portal waits for an answer, headers and body (ADDRESS_LOOKUP_TIMEOUT_MS). */
  timeoutMs: number;
}

/** The adapter to Ideal Postcodes' Address Autocomplete API: Find Address, then Resolve Address (0098). */
export function createIdealPostcodesProvider(
  settings: IdealPostcodesSettings,
  fetchFn: typeof fetch = fetch,
): AddressProvider {
  const call = async <T extends z.ZodType>(url: URL, schema: T, notFound?: 'absent') => {
    let response: Response | undefined;
    let body: unknown;
    // Over the connection, the headers and the body alike.
    const signal = AbortSignal.timeout(settings.timeoutMs);
    try {
      response = await fetchFn(url, { headers: { accept: 'application/json' }, signal });
      body = await response.json();
    } catch {
      // Only the kind of failure: the error's own text could carry the request's address, key included.
      if (signal.aborted) throw new AddressLookupUnavailable('timeout');
      if (!response) throw new AddressLookupUnavailable('unreachable');
      body = undefined; // not JSON: read as an unexpected answer below
    }
    const providerCode = response.status === 200 ? undefined : providerCodeOf(body);
    // An id it does not know: 4048 "Address not found". Code 404 is no route at all ("404 Page not
    // found"): a wrong IDEAL_POSTCODES_API_URL, which must not read as an unknown address.
    if (response.status === 404 && notFound && providerCode !== 404) return undefined;
    if (response.status !== 200) {
      throw new AddressLookupUnavailable(failureOf(response.status, providerCode), {
        status: response.status,
        providerCode,
      });
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw new AddressLookupUnavailable('unexpected_response', { status: 200 });
    return parsed.data;
  };

  return {
    serviceId: IDEAL_POSTCODES_SERVICE,

    async search(text) {
      const url = findAddressUrl(settings.apiUrl, settings.apiKey, text);
      const body = await call(url, findAddressResponseSchema);
      return body ? candidatesOf(body) : [];
    },

    async find(addressId) {
      const url = resolveAddressUrl(settings.apiUrl, settings.apiKey, addressId);
      const body = await call(url, resolveAddressResponseSchema, 'absent');
      return body && addressOf(addressId, body);
    },
  };
}
