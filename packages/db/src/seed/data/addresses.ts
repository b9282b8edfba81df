/**
 * The embedded address lookup's data set: one street per postcode, as a real postcode usually is, with
 * fictional house numbers. The demo clients live at these addresses so the lookup finds them.
 */
export interface StreetSeed {
  postcode: string;
  street: string;
  locality: string | null;
  town: string;
  county: string | null;
  houseNumbers: readonly number[];
}

function numbers(from: number, to: number, step: number): number[] {
  const result: number[] = [];
  for (let n = from; n <= to; n += step) result.push(n);
  return result;
}

const ODD_1_TO_25 = numbers(1, 25, 2);
const EVEN_2_TO_26 = numbers(2, 26, 2);

export const STREETS: readonly StreetSeed[] = [
  {
    postcode: 'SW4 0LN',
    street: 'Rectory Grove',
    locality: 'Clapham',
    town: 'London',
    county: null,
    houseNumbers: ODD_1_TO_25,
  },
  {
    postcode: 'N1 2UQ',
    street: 'Alwyne Road',
    locality: 'Islington',
    town: 'London',
    county: null,
    houseNumbers: EVEN_2_TO_26,
  },
  {
    postcode: 'BA1 6QD',
    street: 'Morford Street',
    locality: null,
    town: 'Bath',
    county: 'Somerset',
    houseNumbers: ODD_1_TO_25,
  },
  {
    postcode: 'HG1 4PQ',
    street: 'Kings Road',
    locality: null,
    town: 'Harrogate',
    county: 'North Yorkshire',
    houseNumbers: EVEN_2_TO_26,
  },
  {
    postcode: 'GL50 2QE',
    street: 'Lansdown Crescent',
    locality: null,
    town: 'Cheltenham',
    county: 'Gloucestershire',
    houseNumbers: ODD_1_TO_25,
  },
  {
    postcode: 'M20 6SA',
    street: 'Old Broadway',
    locality: 'Didsbury',
    town: 'Manchester',
    county: 'Greater Manchester',
    houseNumbers: EVEN_2_TO_26,
  },
  {
    postcode: 'CH2 3PT',
    street: 'Hoole Road',
    locality: 'Hoole',
    town: 'Chester',
    county: 'Cheshire',
    houseNumbers: ODD_1_TO_25,
  },
  {
    postcode: 'LA9 4HX',
    street: 'Greenside',
    locality: null,
    town: 'Kendal',
    county: 'Cumbria',
    houseNumbers: EVEN_2_TO_26,
  },
];

export interface AddressSeed {
  line1: string;
  line2: string | null;
  town: string;
  county: string | null;
  postcode: string;
}

function addressOn(street: StreetSeed, houseNumber: number): AddressSeed {
  return {
    line1: `${houseNumber} ${street.street}`,
    line2: street.locality,
    town: street.town,
    county: street.county,
    postcode: street.postcode,
  };
}

export const ADDRESSES: readonly AddressSeed[] = STREETS.flatMap((street) =>
  street.houseNumbers.map((houseNumber) => addressOn(street, houseNumber)),
);

/** A client's home, which must be one of the lookup's addresses. */
export function homeAddress(postcode: string, houseNumber: number): AddressSeed {
  const street = STREETS.find((s) => s.postcode === postcode);
  if (!street?.houseNumbers.includes(houseNumber)) {
    throw new Error(`No seeded address ${houseNumber}, ${postcode}`);
  }
  return addressOn(street, houseNumber);
}
