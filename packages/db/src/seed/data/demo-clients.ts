import { DEMO_ACCOUNT, type DemoAccount } from '../demo-accounts.ts';
import { pet } from './pet.ts';
import type { ClientSeed } from './types.ts';

function linkedTo(account: DemoAccount) {
  return {
    firstName: account.firstName,
    lastName: account.lastName,
    email: account.email,
    identitySubject: account.id,
  };
}

/** The client records behind the demo sign-in accounts, each showing one situation of the portal. */
export const DEMO_CLIENTS: readonly ClientSeed[] = [
  {
    ...linkedTo(DEMO_ACCOUNT.manyPets),
    salutation: 'Ms',
    mobilePhone: '07700 100101',
    home: ['SW4 0LN', 7],
    practice: 'Willowbrook Vets Clapham',
    preferences: { marketingByEmail: true, confirmedDaysAgo: 30 },
    pets: [
      pet('Bramble', 'Dog', 'Labrador Retriever', 'Yellow', 'Female', 74, {
        insurance: { insurer: 'Petplan', policyNumber: 'PP-20417736' },
        appointments: [
          { reason: 'Vaccination', day: -118, time: '10:00' },
          { reason: 'General consultation', day: 5, time: '10:30' },
        ],
      }),
      pet('Pickle', 'Cat', 'Domestic Shorthair', 'Brown Tabby', 'Male', 50, {
        appointments: [
          { reason: 'Dental check', day: -43, time: '16:15' },
          { reason: 'Vaccination', day: 12, time: '17:00' },
        ],
      }),
      pet('Clover', 'Rabbit', 'Netherland Dwarf', 'Agouti', 'Female', 26, {
        chipped: false,
        appointments: [{ reason: 'Rabbit health check', day: 9, time: '11:15' }],
      }),
      pet('Biscuit', 'Dog', 'Cockapoo', 'Apricot', 'Male', 11, {
        neutered: false,
        insurance: { insurer: 'ManyPets', policyNumber: 'MP-5530921' },
        appointments: [
          { reason: 'New pet initial consultation', day: -270, time: '09:30' },
          { reason: 'Nail clip', day: 3, time: '09:30' },
          { reason: 'Weight clinic', day: 16, time: '14:00', cancelledBecause: 'Can no longer attend' },
        ],
      }),
      pet('Smudge', 'Cat', 'British Shorthair', 'Blue', 'Male', 180, {
        deceased: true,
        appointments: [{ reason: 'General consultation', day: -400, time: '11:00' }],
      }),
    ],
  },
  {
    ...linkedTo(DEMO_ACCOUNT.awaitingInitialConsultation),
    salutation: 'Mr',
    mobilePhone: '07700 100102',
    home: ['N1 2UQ', 14],
    practice: 'Willowbrook Vets Islington',
    preferences: { marketingByEmail: false, confirmedDaysAgo: 12 },
    pets: [
      pet('Luna', 'Dog', 'Cocker Spaniel', 'Golden', 'Female', 3, {
        awaitingInitialConsultation: true,
        registeredOnline: true,
      }),
    ],
  },
  {
    ...linkedTo(DEMO_ACCOUNT.noPets),
    salutation: 'Dr',
    mobilePhone: '07700 100103',
    home: ['GL50 2QE', 9],
    practice: 'Willowbrook Vets Cheltenham',
    preferences: { marketingByEmail: true, confirmedDaysAgo: 3 },
    pets: [],
  },
  {
    ...linkedTo(DEMO_ACCOUNT.bookingOff),
    salutation: 'Mr',
    mobilePhone: '07700 100104',
    home: ['BA1 6QD', 17],
    practice: 'Willowbrook Vets Bath',
    preferences: { marketingByEmail: false, confirmedDaysAgo: 60 },
    pets: [
      pet('Maisie', 'Cat', 'Ragdoll', 'Seal Point', 'Female', 38, {
        insurance: { insurer: 'Animal Friends', policyNumber: 'AF-88120453' },
        appointments: [{ reason: 'Vaccination', day: -200, time: '14:30' }],
      }),
      pet('Dexter', 'Dog', 'Border Terrier', 'Grizzle and Tan', 'Male', 62, {
        appointments: [
          { reason: 'General consultation', day: -21, time: '09:15' },
          { reason: 'Nurse clinic', day: 14, time: '10:00' },
        ],
      }),
    ],
  },
  {
    ...linkedTo(DEMO_ACCOUNT.preferencesDue),
    salutation: 'Mrs',
    mobilePhone: '07700 100105',
    home: ['HG1 4PQ', 8],
    practice: 'Willowbrook Vets Harrogate',
    preferences: { marketingByEmail: false, confirmedDaysAgo: 800 },
    pets: [
      pet('Archie', 'Dog', 'English Springer Spaniel', 'Liver and White', 'Male', 45, {
        insurance: { insurer: 'Direct Line Pet Insurance', policyNumber: 'DL-40018862' },
        appointments: [
          { reason: 'General consultation', day: -60, time: '15:00' },
          { reason: 'Vaccination', day: 8, time: '09:00' },
        ],
      }),
    ],
  },
  {
    ...linkedTo(DEMO_ACCOUNT.bookingBlocked),
    salutation: 'Mr',
    mobilePhone: '07700 100106',
    home: ['CH2 3PT', 11],
    practice: 'Willowbrook Vets Chester',
    onlineBookingAllowed: false,
    preferences: { marketingByEmail: false, confirmedDaysAgo: 100 },
    pets: [
      pet('Mabel', 'Cat', 'Maine Coon', 'Brown Tabby', 'Female', 30, {
        appointments: [{ reason: 'Vaccination', day: -90, time: '10:45' }],
      }),
    ],
  },
  {
    ...linkedTo(DEMO_ACCOUNT.threePets),
    salutation: 'Mrs',
    mobilePhone: '07700 100107',
    home: ['M20 6SA', 22],
    practice: 'Willowbrook Vets Didsbury',
    preferences: { marketingByEmail: false, confirmedDaysAgo: 20 },
    pets: [
      pet('Bonnie', 'Dog', 'Border Collie', 'Black and White', 'Female', 40, {
        insurance: { insurer: 'Agria Pet Insurance', policyNumber: 'AG-7730215' },
        appointments: [{ reason: 'Vaccination', day: 6, time: '10:15' }],
      }),
      pet('Hazel', 'Cat', 'Domestic Shorthair', 'Tortoiseshell', 'Female', 96, {
        appointments: [{ reason: 'General consultation', day: -30, time: '15:30' }],
      }),
      pet('Pip', 'Rodent', 'Guinea Pig', 'Tricolour', 'Male', 14, { neutered: false, chipped: false }),
    ],
  },
];
