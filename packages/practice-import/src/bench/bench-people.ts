import { SALUTATION_NAMES } from '@vet/db/seed/data/reference-names';
import { below, chance, pick } from './bench-random.ts';

/**
 * Made-up people and places for the benchmark's export: first and last names drawn apart (no real
 * person's record), addresses on common street names, postcodes of the right form, and telephone
 * numbers the portal's forms accept (uk-contact-details.ts): landlines in Ofcom's ranges for drama, and
 * mobiles in 07700 0xxxxx–1xxxxx (Ofcom's drama mobile range, 07700 900xxx, is one the forms refuse).
 */
interface Town {
  town: string;
  county: string;
  outward: readonly string[];
  /** An Ofcom drama range: the first digits of a landline, the last three added. */
  landline: string;
}

const TOWNS: readonly Town[] = [
  { town: 'Leeds', county: 'West Yorkshire', outward: ['LS1', 'LS6', 'LS8', 'LS17'], landline: '0113 496 0' },
  { town: 'Sheffield', county: 'South Yorkshire', outward: ['S1', 'S10', 'S11'], landline: '0114 496 0' },
  { town: 'Leicester', county: 'Leicestershire', outward: ['LE1', 'LE2', 'LE5'], landline: '0116 496 0' },
  { town: 'Bristol', county: '', outward: ['BS1', 'BS6', 'BS8'], landline: '0117 496 0' },
  { town: 'Reading', county: 'Berkshire', outward: ['RG1', 'RG4', 'RG30'], landline: '0118 496 0' },
  { town: 'Birmingham', county: 'West Midlands', outward: ['B1', 'B15', 'B29'], landline: '0121 496 0' },
  { town: 'Edinburgh', county: '', outward: ['EH1', 'EH3', 'EH10'], landline: '0131 496 0' },
  { town: 'Glasgow', county: '', outward: ['G1', 'G12', 'G41'], landline: '0141 496 0' },
  { town: 'Liverpool', county: 'Merseyside', outward: ['L1', 'L17', 'L18'], landline: '0151 496 0' },
  { town: 'Manchester', county: 'Greater Manchester', outward: ['M1', 'M14', 'M20'], landline: '0161 496 0' },
  {
    town: 'Newcastle upon Tyne',
    county: 'Tyne and Wear',
    outward: ['NE1', 'NE2', 'NE6'],
    landline: '0191 498 0',
  },
  { town: 'Belfast', county: 'County Antrim', outward: ['BT1', 'BT7', 'BT9'], landline: '028 9649 6' },
  { town: 'Cardiff', county: '', outward: ['CF10', 'CF11', 'CF24'], landline: '029 2018 0' },
  { town: 'London', county: '', outward: ['SW4', 'N1', 'E8', 'SE15'], landline: '020 7946 0' },
];

const STREETS = [
  'High Street',
  'Station Road',
  'Church Lane',
  'Victoria Road',
  'Park Avenue',
  'Mill Lane',
  'The Green',
  'Queens Road',
  'Kings Road',
  'Manor Way',
  'Orchard Close',
  'Meadow View',
  'Chapel Street',
  'Elm Grove',
  'Willow Drive',
  'Beech Road',
  'Springfield Road',
  'North Street',
  'Albert Road',
  'Windsor Terrace',
];
const LOCALITIES = ['Northside', 'Westbury', 'Eastfield', 'Southgate', 'Hillcrest', 'Brookfield'];
const FIRST_NAMES = [
  'Olivia',
  'Amelia',
  'Isla',
  'Ava',
  'Mia',
  'Ivy',
  'Lily',
  'Isabella',
  'Rosie',
  'Sophia',
  'Grace',
  'Freya',
  'Noah',
  'Oliver',
  'George',
  'Arthur',
  'Muhammad',
  'Leo',
  'Harry',
  'Oscar',
  'Archie',
  'Henry',
  'Theo',
  'Jack',
  'Aoife',
  'Siobhán',
  'Zoë',
  'Chloé',
  'Mateusz',
  'Priya',
  'Kwame',
  'Yusuf',
  'Mei',
  'Rhys',
  'Ffion',
  'Callum',
  'Eilidh',
  'Hamish',
  'Niamh',
  'Seren',
];
const LAST_NAMES = [
  'Smith',
  'Jones',
  'Taylor',
  'Brown',
  'Williams',
  'Wilson',
  'Johnson',
  'Davies',
  'Patel',
  'Robinson',
  'Wright',
  'Thompson',
  'Evans',
  'Walker',
  'White',
  'Roberts',
  'Green',
  'Hall',
  'Wood',
  'Jackson',
  'Clarke',
  "O'Brien",
  "O'Neill",
  'McDonald',
  'MacLeod',
  'Nowak',
  'Kowalski',
  'Okafor',
  'Mensah',
  'Khan',
  'Begum',
  'Nguyen',
  'Müller',
  'Brontë',
  'Ap Rhys',
  'Fitzgerald',
  'Ellis',
  'Hughes',
  'Morgan',
  'Campbell',
];
const PRACTICE_NAMES = [
  'Oakfield',
  'Riverside',
  'Meadowbank',
  'Elmwood',
  'Hollybush',
  'Kingsgate',
  'Ashgrove',
  'Fernhill',
  'Larkspur',
  'Brookside',
];
/** Letters a postcode's inward code may end with (never C, I, K, M, O or V). */
const INWARD_LETTERS = 'ABDEFGHJLNPQRSTUWXYZ';

export interface BenchAddress {
  line1: string;
  line2: string;
  town: string;
  county: string;
  postcode: string;
}

const townOf = (seed: number, kind: number, n: number) => pick(TOWNS, seed, kind, n);

function postcode(town: Town, seed: number, kind: number, n: number): string {
  const outward = pick(town.outward, seed, kind, n, 1);
  const letter = (i: number) => INWARD_LETTERS[below(INWARD_LETTERS.length, seed, kind, n, 2, i)] ?? 'A';
  return `${outward} ${below(10, seed, kind, n, 3)}${letter(0)}${letter(1)}`;
}

/** A home: now and then a flat, whose line 1 then holds a comma (quoted in the CSV). */
function address(town: Town, seed: number, kind: number, n: number): BenchAddress {
  const house = 1 + below(180, seed, kind, n, 4);
  const street = pick(STREETS, seed, kind, n, 5);
  const flat = chance(0.1, seed, kind, n, 6) ? `Flat ${1 + below(12, seed, kind, n, 7)}, ` : '';
  return {
    line1: `${flat}${house} ${street}`,
    line2: chance(0.3, seed, kind, n, 8) ? pick(LOCALITIES, seed, kind, n, 9) : '',
    town: town.town,
    county: town.county,
    postcode: postcode(town, seed, kind, n),
  };
}

const landline = (town: Town, ...keys: number[]) =>
  `${town.landline}${String(below(1000, ...keys)).padStart(3, '0')}`;

/** An e-mail local part: letters only, accents dropped. */
const emailPart = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase();

const PRACTICE = 1;
const CLIENT = 2;
const CLINICIAN = 3;

export function benchPractice(seed: number, n: number) {
  const town = townOf(seed, PRACTICE, n);
  return {
    name: `${pick(PRACTICE_NAMES, seed, PRACTICE, n, 10)} Vets ${town.town} ${n}`,
    address: address(town, seed, PRACTICE, n),
    phone: landline(town, seed, PRACTICE, n, 11),
    email: `practice${n}@bench-vets.example.com`,
  };
}

export function benchClinicianName(seed: number, n: number) {
  return {
    firstName: pick(FIRST_NAMES, seed, CLINICIAN, n, 1),
    lastName: pick(LAST_NAMES, seed, CLINICIAN, n, 2),
  };
}

export function benchClient(seed: number, n: number) {
  const town = townOf(seed, CLIENT, n);
  const firstName = pick(FIRST_NAMES, seed, CLIENT, n, 12);
  const lastName = pick(LAST_NAMES, seed, CLIENT, n, 13);
  const mobile = `07700 ${below(2, seed, CLIENT, n, 14)}${String(below(100_000, seed, CLIENT, n, 15)).padStart(5, '0')}`;
  return {
    salutation: chance(0.8, seed, CLIENT, n, 16) ? pick(SALUTATION_NAMES, seed, CLIENT, n, 17) : '',
    firstName,
    lastName,
    email: chance(0.9, seed, CLIENT, n, 18)
      ? `${emailPart(firstName)}.${emailPart(lastName)}${n}@example.com`
      : '',
    mobilePhone: chance(0.95, seed, CLIENT, n, 19) ? mobile : '',
    homePhone: chance(0.25, seed, CLIENT, n, 20) ? landline(town, seed, CLIENT, n, 21) : '',
    address: address(town, seed, CLIENT, n),
    onlineBookingAllowed: !chance(0.01, seed, CLIENT, n, 22),
  };
}
