import type { Database } from '@vet/db/connection';
import type { AddressProvider } from './address-provider.ts';
import { createDemoAddressProvider } from './demo-address-provider.ts';
import { createIdealPostcodesProvider, type IdealPostcodesSettings } from './ideal-postcodes-provider.ts';

/**
 * Where the lookup asks (decision 0098): the module's own type, which app.ts fills from the config's
 * ADDRESS_PROVIDER, IDEAL_POSTCODES_* and ADDRESS_LOOKUP_TIMEOUT_MS. `off`: no lookup; the routes answer
 * 503 with `address_lookup_off` and the form asks the person to type the address.
 */
export type AddressLookupSettings =
  { provider: 'off' } | { provider: 'demo' } | ({ provider: 'ideal-postcodes' } & IdealPostcodesSettings);

/** The configured provider, or undefined when the lookup is off. */
export function addressProviderOf(
  settings: AddressLookupSettings,
  db: Database,
): AddressProvider | undefined {
  switch (settings.provider) {
    case 'off':
      return undefined;
    case 'demo':
      return createDemoAddressProvider(db);
    case 'ideal-postcodes':
      return createIdealPostcodesProvider(settings);
  }
}
