import { EMBEDDED_ADDRESS_SERVICE, type Address, type AddressCandidate } from '@vet/contracts/address-lookup';
import type { Database } from '@vet/db/connection';
import { postcodeKey } from '@vet/db/normalise';
import { addresses } from '@vet/db/schema/lookups';
import { asc, eq, ilike, or, sql } from 'drizzle-orm';
import type { AddressProvider } from './address-provider.ts';

const MAX_CANDIDATES = 20;

/** LIKE treats % and _ as wildcards; a person's text is matched literally. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The demo table: a small UK address set, seeded with the demo group, for local runs and tests. Empty in
 * production, which refuses it (decision 0098): a real group asks Ideal Postcodes.
 */
export function createDemoAddressProvider(db: Database): AddressProvider {
  const columns = {
    addressId: sql<string>`${addresses.id}::text`,
    line1: addresses.line1,
    line2: addresses.line2,
    town: addresses.town,
    county: addresses.county,
    postcode: addresses.postcode,
  };
  return {
    serviceId: EMBEDDED_ADDRESS_SERVICE,

    /** By postcode prefix (any spacing or case) or by part of the first line. */
    async search(text: string): Promise<AddressCandidate[]> {
      const rows = await db
        .select(columns)
        .from(addresses)
        .where(
          or(
            sql`${addresses.postcodeKey} like ${`${escapeLike(postcodeKey(text))}%`}`,
            ilike(addresses.line1, `%${escapeLike(text)}%`),
          ),
        )
        .orderBy(asc(addresses.postcodeKey), asc(addresses.line1), asc(addresses.id))
        .limit(MAX_CANDIDATES);
      return rows.map((row) => ({
        serviceId: EMBEDDED_ADDRESS_SERVICE,
        addressId: row.addressId,
        description: [row.line1, row.line2, row.town, row.postcode].filter(Boolean).join(', '),
      }));
    },

    async find(addressId: string): Promise<Address | undefined> {
      if (!/^\d{1,9}$/.test(addressId)) return undefined;
      const [row] = await db
        .select(columns)
        .from(addresses)
        .where(eq(addresses.id, Number(addressId)))
        .limit(1);
      return row && { serviceId: EMBEDDED_ADDRESS_SERVICE, ...row };
    },
  };
}
