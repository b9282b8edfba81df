import { featureKeys } from '@vet/contracts/practices';
import { ROTAS, STANDARD_HOURS, WEEKDAY_HOURS } from './rotas.ts';
import type { PracticeSeed } from './types.ts';

const BOTH_ON = { [featureKeys.onlineBooking]: 'True', [featureKeys.onlinePetRegistration]: 'True' };

/**
 * The fictional Willowbrook group. Phone numbers are in Ofcom's ranges for drama that the portal's forms
 * accept (01632 is not one: the practice import refuses what the forms refuse). Between them the practices
 * reach every feature state of R3.10 and R4.15: booking off (Bath), pet registration off (Harrogate),
 * online registration unavailable (Kendal), and one practice that is not online at all (the referral
 * hospital). The import writes the switches as True or False (R3.10's lower-case 'true' is the unit tests').
 *
 * The first practice's name marks the demo data as present: keep it first and keep its name.
 */
export const DEMO_PRACTICES: readonly PracticeSeed[] = [
  {
    name: 'Willowbrook Vets Clapham',
    addressLine1: '48 Abbeville Road',
    addressLine2: 'Clapham',
    town: 'London',
    county: null,
    postcode: 'SW4 9NG',
    phone: '020 7946 0123',
    email: 'clapham@willowbrook-vets.example.com',
    isOnline: true,
    onlineRegistrationAvailable: true,
    features: BOTH_ON,
    openingHours: STANDARD_HOURS,
    clinicians: [
      { firstName: 'Helen', lastName: 'Marsh', type: 'Vet', rota: ROTAS.vetFullTime },
      { firstName: 'Samuel', lastName: 'Adeyemi', type: 'Vet', rota: ROTAS.vetWithSaturdays },
      { firstName: 'Kirsty', lastName: 'Doyle', type: 'Vet', rota: ROTAS.vetLate },
      { firstName: 'Megan', lastName: 'Hale', type: 'Nurse', rota: ROTAS.nurseFullTime },
      { firstName: 'Jodie', lastName: 'Fraser', type: 'Nurse', rota: ROTAS.nurseWithSaturdays },
    ],
  },
  {
    name: 'Willowbrook Vets Islington',
    addressLine1: '212 Upper Street',
    addressLine2: 'Islington',
    town: 'London',
    county: null,
    postcode: 'N1 1RQ',
    phone: '020 7946 0456',
    email: 'islington@willowbrook-vets.example.com',
    isOnline: true,
    onlineRegistrationAvailable: true,
    features: BOTH_ON,
    openingHours: STANDARD_HOURS,
    clinicians: [
      { firstName: 'Tomasz', lastName: 'Nowak', type: 'Vet', rota: ROTAS.vetFullTime },
      { firstName: 'Rachel', lastName: 'Goldberg', type: 'Vet', rota: ROTAS.vetWithSaturdays },
      { firstName: 'Imani', lastName: 'Clarke', type: 'Nurse', rota: ROTAS.nurseFullTime },
    ],
  },
  {
    name: 'Willowbrook Vets Bath',
    addressLine1: '14 Walcot Street',
    addressLine2: null,
    town: 'Bath',
    county: 'Somerset',
    postcode: 'BA1 5BG',
    phone: '0117 496 0112',
    email: 'bath@willowbrook-vets.example.com',
    isOnline: true,
    onlineRegistrationAvailable: true,
    features: { [featureKeys.onlineBooking]: 'False', [featureKeys.onlinePetRegistration]: 'True' },
    openingHours: STANDARD_HOURS,
    clinicians: [
      { firstName: 'Edward', lastName: 'Lyle', type: 'Vet', rota: ROTAS.vetFullTime },
      { firstName: 'Anna', lastName: 'Kowalczyk', type: 'Vet', rota: ROTAS.vetPartTime },
      { firstName: 'Ruth', lastName: 'Penrose', type: 'Nurse', rota: ROTAS.nurseWithSaturdays },
      { firstName: 'Liam', lastName: 'Farrell', type: 'Nurse', rota: ROTAS.nurseFullTime },
    ],
  },
  {
    name: 'Willowbrook Vets Harrogate',
    addressLine1: '9 Station Parade',
    addressLine2: null,
    town: 'Harrogate',
    county: 'North Yorkshire',
    postcode: 'HG1 1TT',
    phone: '0113 496 0245',
    email: 'harrogate@willowbrook-vets.example.com',
    isOnline: true,
    onlineRegistrationAvailable: true,
    features: { [featureKeys.onlineBooking]: 'True', [featureKeys.onlinePetRegistration]: 'False' },
    openingHours: STANDARD_HOURS,
    clinicians: [
      { firstName: 'Graham', lastName: 'Ashworth', type: 'Vet', rota: ROTAS.vetFullTime },
      { firstName: 'Nadia', lastName: 'Rahman', type: 'Vet', rota: ROTAS.vetLate },
      { firstName: 'Beth', lastName: 'Sutcliffe', type: 'Nurse', rota: ROTAS.nurseFullTime },
    ],
  },
  {
    name: 'Willowbrook Vets Cheltenham',
    addressLine1: '27 Suffolk Parade',
    addressLine2: null,
    town: 'Cheltenham',
    county: 'Gloucestershire',
    postcode: 'GL50 2AE',
    phone: '0117 496 0378',
    email: 'cheltenham@willowbrook-vets.example.com',
    isOnline: true,
    onlineRegistrationAvailable: true,
    features: BOTH_ON,
    openingHours: STANDARD_HOURS,
    clinicians: [
      { firstName: 'Oliver', lastName: 'Pryce', type: 'Vet', rota: ROTAS.vetWithSaturdays },
      { firstName: 'Catherine', lastName: 'Webb', type: 'Vet', rota: ROTAS.vetFullTime },
      { firstName: 'Ravi', lastName: 'Menon', type: 'Vet', rota: ROTAS.vetPartTime },
      { firstName: 'Lucy', lastName: 'Hartley', type: 'Nurse', rota: ROTAS.nurseFullTime },
    ],
  },
  {
    name: 'Willowbrook Vets Didsbury',
    addressLine1: '186 Wilmslow Road',
    addressLine2: 'Didsbury',
    town: 'Manchester',
    county: 'Greater Manchester',
    postcode: 'M20 5AN',
    phone: '0161 496 0419',
    email: 'didsbury@willowbrook-vets.example.com',
    isOnline: true,
    onlineRegistrationAvailable: true,
    features: BOTH_ON,
    openingHours: STANDARD_HOURS,
    clinicians: [
      { firstName: 'Farah', lastName: 'Qureshi', type: 'Vet', rota: ROTAS.vetFullTime },
      { firstName: 'Declan', lastName: 'Murphy', type: 'Vet', rota: ROTAS.vetWithSaturdays },
      { firstName: 'Chloe', lastName: 'Barker', type: 'Nurse', rota: ROTAS.nurseFullTime },
      { firstName: 'Aaron', lastName: 'Lees', type: 'Nurse', rota: ROTAS.nurseWithSaturdays },
    ],
  },
  {
    name: 'Willowbrook Vets Chester',
    addressLine1: '31 Faulkner Street',
    addressLine2: 'Hoole',
    town: 'Chester',
    county: 'Cheshire',
    postcode: 'CH2 3BD',
    phone: '0151 496 0563',
    email: 'chester@willowbrook-vets.example.com',
    isOnline: true,
    onlineRegistrationAvailable: true,
    features: BOTH_ON,
    openingHours: STANDARD_HOURS,
    clinicians: [
      { firstName: 'Gareth', lastName: 'Hughes', type: 'Vet', rota: ROTAS.vetFullTime },
      { firstName: 'Eleanor', lastName: 'Vance', type: 'Vet', rota: ROTAS.vetLate },
      { firstName: 'Sian', lastName: 'Roberts', type: 'Nurse', rota: ROTAS.nurseFullTime },
    ],
  },
  {
    name: 'Willowbrook Vets Kendal',
    addressLine1: '5 Stricklandgate',
    addressLine2: null,
    town: 'Kendal',
    county: 'Cumbria',
    postcode: 'LA9 4LY',
    phone: '0191 498 0684',
    email: 'kendal@willowbrook-vets.example.com',
    isOnline: true,
    onlineRegistrationAvailable: false,
    features: BOTH_ON,
    openingHours: WEEKDAY_HOURS,
    clinicians: [
      { firstName: 'Alistair', lastName: 'Birkett', type: 'Vet', rota: ROTAS.vetFullTime },
      { firstName: 'Joanna', lastName: 'Thwaite', type: 'Vet', rota: ROTAS.vetPartTime },
      { firstName: 'Kate', lastName: 'Dixon', type: 'Nurse', rota: ROTAS.nurseFullTime },
    ],
  },
  {
    name: 'Willowbrook Referrals Guildford',
    addressLine1: 'Unit 4, Cathedral Business Park',
    addressLine2: 'Stag Hill',
    town: 'Guildford',
    county: 'Surrey',
    postcode: 'GU2 7XH',
    phone: '0118 496 0790',
    email: 'referrals@willowbrook-vets.example.com',
    isOnline: false,
    onlineRegistrationAvailable: false,
    features: {},
    openingHours: WEEKDAY_HOURS,
    clinicians: [{ firstName: 'Marcus', lastName: 'Ellery', type: 'Vet', rota: ROTAS.vetPartTime }],
  },
];

export const FIRST_DEMO_PRACTICE_NAME = DEMO_PRACTICES[0]?.name ?? '';

export function clinicianKey(practice: string, clinician: { firstName: string; lastName: string }): string {
  return `${practice}/${clinician.firstName} ${clinician.lastName}`;
}
