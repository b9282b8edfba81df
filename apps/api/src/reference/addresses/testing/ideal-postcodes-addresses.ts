/**
 * Addresses as Ideal Postcodes' Resolve Address answers them (`result` of GbrResolveAddressResponse:
 * the PafBase schema of https://openapi.ideal-postcodes.co.uk/openapi.yaml, whose every field is
 * required, empty text where it does not apply), for the stand-in (ideal-postcodes-stand-in.ts).
 */
export interface StandInAddress {
  id: string;
  dataset: 'paf' | 'mr';
  udprn: number;
  umprn: number | '';
  line_1: string;
  line_2: string;
  line_3: string;
  post_town: string;
  county: string;
  postcode: string;
  postcode_outward: string;
  postcode_inward: string;
  [field: string]: string | number;
}

export interface AddressLines {
  udprn: number;
  /** A Multiple Residence address (dataset `mr`, id `mr_<umprn>`), under the PAF address `udprn`. */
  umprn?: number;
  line_1: string;
  line_2?: string;
  line_3?: string;
  post_town: string;
  county?: string;
  /** Capitalised and spaced, as the reference says (`SW1A 2AA`). */
  postcode: string;
}

/** One address in the documented shape; the fields the adapter does not read are empty or zero. */
export function standInAddress(lines: AddressLines): StandInAddress {
  const [outward = '', inward = ''] = lines.postcode.split(' ');
  return {
    id: lines.umprn === undefined ? `paf_${lines.udprn}` : `mr_${lines.umprn}`,
    dataset: lines.umprn === undefined ? 'paf' : 'mr',
    country_iso: 'GBR',
    country_iso_2: 'GB',
    country: 'England',
    language: 'en',
    udprn: lines.udprn,
    umprn: lines.umprn ?? '',
    line_1: lines.line_1,
    line_2: lines.line_2 ?? '',
    line_3: lines.line_3 ?? '',
    post_town: lines.post_town,
    county: lines.county ?? '',
    county_code: '',
    postcode: lines.postcode,
    postcode_outward: outward,
    postcode_inward: inward,
    dependant_locality: '',
    double_dependant_locality: '',
    thoroughfare: '',
    dependant_thoroughfare: '',
    building_number: '',
    building_name: '',
    sub_building_name: '',
    po_box: '',
    department_name: '',
    organisation_name: '',
    postcode_type: 'S',
    su_organisation_indicator: '',
    delivery_point_suffix: '',
    premise: '',
    administrative_county: '',
    postal_county: lines.county ?? '',
    traditional_county: '',
    district: '',
    ward: '',
    longitude: 0,
    latitude: 0,
    eastings: 0,
    northings: 0,
    uprn: '',
  };
}

/**
 * The suggestion of a hit, in the form of the reference's examples ("Flat 10, Downing Court, Grenville
 * Street, London, WC1N"): the lines, the post town and the outward code. The reference warns that the
 * format may change and should be shown as it comes: the adapter never reads inside it.
 */
export function suggestionOf(address: StandInAddress): string {
  return [address.line_1, address.line_2, address.line_3, address.post_town, address.postcode_outward]
    .filter(Boolean)
    .join(', ');
}

/**
 * The reference's own example (Lookup Postcode's `SW1A 2AA`, an organisation's address whose first line
 * is the organisation) and a few made-up addresses in one made-up street (ZZ postcodes are not Royal
 * Mail's), with a flat that is a Multiple Residence address.
 */
export const standInAddresses: readonly StandInAddress[] = [
  standInAddress({
    udprn: 23747771,
    line_1: 'Prime Minister & First Lord Of The Treasury',
    line_2: '10 Downing Street',
    post_town: 'London',
    county: 'London',
    postcode: 'SW1A 2AA',
  }),
  ...[1, 3, 5, 7].map((n) =>
    standInAddress({
      udprn: 90000000 + n,
      line_1: `${n} Quayside Walk`,
      post_town: 'Harbourton',
      postcode: 'ZZ1 1QW',
    }),
  ),
  standInAddress({
    udprn: 90000009,
    umprn: 51000001,
    line_1: 'Flat A',
    line_2: '9 Quayside Walk',
    line_3: 'Old Town',
    post_town: 'Harbourton',
    county: 'Harbourshire',
    postcode: 'ZZ1 1QW',
  }),
];
