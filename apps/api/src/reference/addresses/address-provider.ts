import type { Address, AddressCandidate } from '@vet/contracts/address-lookup';

/**
 * A source of UK addresses in the specification's two steps (R3.8): candidates by text or postcode, then
 * one candidate in full by its id. Two implementations: the demo table (demo-address-provider.ts) and
 * Ideal Postcodes (ideal-postcodes-provider.ts); address-lookup.ts picks one by config (decision 0098).
 */
export interface AddressProvider {
  /** The `serviceId` of its candidates and addresses: which service an address came from. */
  readonly serviceId: string;
  search(text: string): Promise<AddressCandidate[]>;
  /** Undefined when the service knows no such address. */
  find(addressId: string): Promise<Address | undefined>;
}

/**
 * Why a provider gave no answer: a code for the log, never shown to the person and never carrying what
 * was searched (addresses and postcodes are personal data).
 */
export type AddressLookupFailure =
  | 'timeout'
  | 'unreachable'
  | 'invalid_key'
  | 'key_not_allowed'
  | 'balance_depleted'
  | 'limit_reached'
  | 'rate_limited'
  | 'bad_request'
  | 'provider_error'
  | 'unexpected_response';

/** A provider's failure: the route answers 503 and the form asks the person to type the address. */
export class AddressLookupUnavailable extends Error {
  constructor(
    readonly failure: AddressLookupFailure,
    /** The provider's HTTP status and its own response code, when it answered. */
    readonly answer: { status?: number; providerCode?: number } = {},
  ) {
    super(`The address provider did not answer: ${failure}`);
    this.name = 'AddressLookupUnavailable';
  }
}
