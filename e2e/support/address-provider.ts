import { ADDRESSES } from '@vet/db/seed/data/addresses';
import { standInAddress } from '../../apps/api/src/reference/addresses/testing/ideal-postcodes-addresses.ts';
import {
  startIdealPostcodesStandIn,
  type IdealPostcodesStandIn,
} from '../../apps/api/src/reference/addresses/testing/ideal-postcodes-stand-in.ts';

/**
 * The e2e portal's address lookup (decision 0098): its API asks a stand-in of Ideal Postcodes' API, as a
 * production portal asks Ideal Postcodes, and the stand-in knows the demo seed's addresses, so the
 * journeys find the homes the demo clients live at. The demo table stays a local run's.
 *
 * The stand-in runs in the global setup's process; a journey makes it fail by what it searches for (the
 * stand-in's failing queries): `ID1 HANG` is never answered, `ID1 DOWN` answers 503, `ID1 CLIP` and
 * `ID1 CHOP` answer the provider's quota errors.
 */
export async function startAddressProvider(): Promise<{
  standIn: IdealPostcodesStandIn;
  env: Record<string, string>;
}> {
  const standIn = await startIdealPostcodesStandIn({
    addresses: ADDRESSES.map((address, n) =>
      standInAddress({
        udprn: 10_000_000 + n,
        line_1: address.line1,
        line_2: address.line2 ?? undefined,
        post_town: address.town,
        county: address.county ?? undefined,
        postcode: address.postcode,
      }),
    ),
  });
  return {
    standIn,
    env: {
      ADDRESS_PROVIDER: 'ideal-postcodes',
      IDEAL_POSTCODES_API_KEY: standIn.apiKey,
      IDEAL_POSTCODES_API_URL: standIn.url,
      ADDRESS_LOOKUP_TIMEOUT_MS: '2000',
    },
  };
}
