import { pet } from './pet.ts';
import type { ClientSeed, ContactPreferencesSeed } from './types.ts';

const CONFIRMED = (daysAgo: number): ContactPreferencesSeed => ({
  marketingByEmail: false,
  confirmedDaysAgo: daysAgo,
});

/**
 * Client records with no identity linked yet: the people the pre-signup check should find. Among them
 * are the awkward cases of matching: two Patels at one postcode (ambiguous: ContactPractice), a client
 * with no e-mail on file (ContactPractice), and last names with accents and apostrophes.
 */
export const OTHER_CLIENTS: readonly ClientSeed[] = [
  {
    salutation: 'Mrs',
    firstName: 'Grace',
    lastName: 'Thompson',
    email: 'grace.thompson@example.net',
    mobilePhone: '07700 100201',
    home: ['SW4 0LN', 3],
    practice: 'Willowbrook Vets Clapham',
    preferences: CONFIRMED(200),
    pets: [
      pet('Rolo', 'Dog', 'Miniature Dachshund', 'Red', 'Male', 40, {
        appointments: [{ reason: 'General consultation', day: 2, time: '15:30' }],
      }),
    ],
  },
  {
    salutation: 'Ms',
    firstName: 'Zoë',
    lastName: 'Müller',
    email: 'zoe.muller@example.org',
    mobilePhone: '07700 100202',
    home: ['SW4 0LN', 21],
    practice: 'Willowbrook Vets Clapham',
    preferences: CONFIRMED(45),
    pets: [
      pet('Mochi', 'Cat', 'Siamese', 'Seal Point', 'Female', 28),
      pet('Tofu', 'Rodent', 'Guinea Pig', 'Tricolour', 'Male', 14, { neutered: false, chipped: false }),
    ],
  },
  {
    salutation: 'Ms',
    firstName: 'Renée',
    lastName: 'Lefèvre',
    email: 'renee.lefevre@example.org',
    mobilePhone: '07700 100203',
    home: ['SW4 0LN', 15],
    practice: 'Willowbrook Vets Clapham',
    preferences: CONFIRMED(150),
    pets: [pet('Fig', 'Cat', 'Devon Rex', 'Calico', 'Female', 20)],
  },
  {
    salutation: 'Miss',
    firstName: 'Hollie',
    lastName: 'Edwards',
    email: 'hollie.edwards@example.net',
    mobilePhone: '07700 100204',
    home: ['SW4 0LN', 11],
    practice: 'Willowbrook Vets Clapham',
    preferences: CONFIRMED(320),
    pets: [
      pet('Pepper', 'Dog', 'Miniature Schnauzer', 'Salt and Pepper', 'Female', 66, {
        appointments: [{ reason: 'Weight clinic', day: 6, time: '11:00' }],
      }),
    ],
  },
  {
    salutation: 'Mrs',
    firstName: 'Anita',
    lastName: 'Patel',
    email: 'anita.patel@example.net',
    mobilePhone: '07700 100205',
    home: ['N1 2UQ', 8],
    practice: 'Willowbrook Vets Islington',
    preferences: CONFIRMED(90),
    pets: [pet('Coco', 'Dog', 'Shih Tzu', 'Golden', 'Female', 84)],
  },
  {
    salutation: 'Mr',
    firstName: 'Raj',
    lastName: 'Patel',
    email: 'raj.patel@example.net',
    mobilePhone: '07700 100206',
    home: ['N1 2UQ', 20],
    practice: 'Willowbrook Vets Islington',
    preferences: CONFIRMED(95),
    pets: [
      pet('Simba', 'Cat', 'Bengal', 'Brown Spotted', 'Male', 33, {
        appointments: [{ reason: 'Vaccination', day: 4, time: '12:00' }],
      }),
    ],
  },
  {
    salutation: 'Miss',
    firstName: 'Aisha',
    lastName: 'Begum',
    email: 'aisha.begum@example.org',
    mobilePhone: '07700 100207',
    home: ['N1 2UQ', 2],
    practice: 'Willowbrook Vets Islington',
    preferences: CONFIRMED(10),
    pets: [
      pet('Nala', 'Cat', 'Domestic Shorthair', 'Black and White', 'Female', 18, {
        appointments: [{ reason: 'Nurse clinic', day: -30, time: '11:30' }],
      }),
    ],
  },
  {
    salutation: 'Mr',
    firstName: 'Nathan',
    lastName: 'Cooper',
    email: 'nathan.cooper@example.net',
    mobilePhone: '07700 100208',
    home: ['N1 2UQ', 26],
    practice: 'Willowbrook Vets Islington',
    preferences: CONFIRMED(400),
    pets: [
      pet('Diesel', 'Dog', 'Staffordshire Bull Terrier', 'Brindle', 'Male', 52, {
        appointments: [{ reason: 'General consultation', day: 7, time: '18:00' }],
      }),
    ],
  },
  {
    salutation: 'Mrs',
    firstName: 'Charlotte',
    lastName: 'Davies',
    email: 'charlotte.davies@example.net',
    mobilePhone: '07700 100209',
    home: ['BA1 6QD', 5],
    practice: 'Willowbrook Vets Bath',
    preferences: CONFIRMED(70),
    pets: [
      pet('Poppy', 'Dog', 'Golden Retriever', 'Golden', 'Female', 96, {
        insurance: { insurer: 'Agria Pet Insurance', policyNumber: 'AG-7719034' },
      }),
      pet('Bella', 'Cat', 'Persian', 'White', 'Female', 110),
    ],
  },
  {
    salutation: 'Miss',
    firstName: 'Ellie',
    lastName: 'Robinson',
    email: 'ellie.robinson@example.org',
    mobilePhone: '07700 100210',
    home: ['BA1 6QD', 23],
    practice: 'Willowbrook Vets Bath',
    preferences: CONFIRMED(25),
    pets: [
      pet('Hazel', 'Rabbit', 'Lionhead', 'Brown', 'Female', 22, {
        chipped: false,
        appointments: [{ reason: 'Rabbit health check', day: -15, time: '10:30' }],
      }),
      pet('Nutmeg', 'Rabbit', 'Lionhead', 'Orange', 'Male', 22, { chipped: false }),
    ],
  },
  {
    salutation: 'Ms',
    firstName: 'Isobel',
    lastName: 'Brontë',
    email: 'isobel.bronte@example.org',
    mobilePhone: '07700 100211',
    home: ['HG1 4PQ', 16],
    practice: 'Willowbrook Vets Harrogate',
    preferences: CONFIRMED(130),
    pets: [
      pet('Heathcliff', 'Dog', 'Whippet', 'Brindle', 'Male', 58, {
        appointments: [{ reason: 'Vaccination', day: 10, time: '11:30' }],
      }),
    ],
  },
  {
    salutation: 'Mr',
    firstName: 'Ben',
    lastName: 'Turner',
    email: 'ben.turner@example.net',
    mobilePhone: '07700 100212',
    home: ['HG1 4PQ', 4],
    practice: 'Willowbrook Vets Harrogate',
    preferences: CONFIRMED(220),
    pets: [
      pet('Ziggy', 'Reptile', 'Bearded Dragon', 'Orange', 'Male', 36, {
        neutered: false,
        chipped: false,
        appointments: [{ reason: 'General consultation', day: -70, time: '14:15' }],
      }),
    ],
  },
  {
    salutation: 'Mr',
    firstName: 'George',
    lastName: 'Harris',
    email: 'george.harris@example.net',
    mobilePhone: '07700 100213',
    home: ['GL50 2QE', 3],
    practice: 'Willowbrook Vets Cheltenham',
    preferences: CONFIRMED(55),
    pets: [
      pet('Monty', 'Dog', 'Beagle', 'Tricolour', 'Male', 29, {
        insurance: { insurer: 'Churchill Pet Insurance', policyNumber: 'CH-3301887' },
        appointments: [{ reason: 'General consultation', day: 2, time: '16:00' }],
      }),
    ],
  },
  {
    salutation: 'Dr',
    firstName: 'Laura',
    lastName: 'Wilson',
    email: 'laura.wilson@example.org',
    mobilePhone: '07700 100214',
    home: ['GL50 2QE', 21],
    practice: 'Willowbrook Vets Cheltenham',
    preferences: CONFIRMED(15),
    pets: [
      pet('Willow', 'Cat', 'Birman', 'Seal Point', 'Female', 47),
      pet('Jasper', 'Cat', 'Birman', 'Blue Point', 'Male', 47, {
        appointments: [{ reason: 'Dental check', day: -12, time: '09:45' }],
      }),
    ],
  },
  {
    salutation: 'Mr',
    firstName: 'Mohammed',
    lastName: 'Hussain',
    email: 'mohammed.hussain@example.net',
    mobilePhone: '07700 100215',
    home: ['M20 6SA', 12],
    practice: 'Willowbrook Vets Didsbury',
    preferences: CONFIRMED(35),
    pets: [
      pet('Luna', 'Cat', 'British Shorthair', 'Blue', 'Female', 24, {
        appointments: [{ reason: 'Vaccination', day: 3, time: '17:30' }],
      }),
    ],
  },
  {
    salutation: 'Ms',
    firstName: 'Sophie',
    lastName: 'Clarke',
    email: 'sophie.clarke@example.org',
    mobilePhone: '07700 100216',
    home: ['M20 6SA', 18],
    practice: 'Willowbrook Vets Didsbury',
    preferences: { marketingByEmail: true, confirmedDaysAgo: 80 },
    pets: [
      pet('Teddy', 'Dog', 'Bichon Frise', 'White', 'Male', 70),
      pet('Kiwi', 'Bird', 'Budgerigar', 'Green', 'Male', 16, { neutered: false, chipped: false }),
    ],
  },
  {
    salutation: 'Mr',
    firstName: 'Michael',
    lastName: 'Wright',
    email: 'michael.wright@example.net',
    mobilePhone: '07700 100217',
    home: ['M20 6SA', 6],
    practice: 'Willowbrook Vets Didsbury',
    preferences: CONFIRMED(240),
    pets: [
      pet('Rocky', 'Dog', 'Boxer', 'Fawn', 'Male', 88, {
        appointments: [
          { reason: 'General consultation', day: -5, time: '12:15' },
          { reason: 'Nurse clinic', day: 4, time: '10:00' },
        ],
      }),
    ],
  },
  {
    salutation: 'Ms',
    firstName: 'Siobhán',
    lastName: "O'Connor",
    email: 'siobhan.oconnor@example.org',
    mobilePhone: '07700 100218',
    home: ['CH2 3PT', 3],
    practice: 'Willowbrook Vets Chester',
    preferences: CONFIRMED(110),
    pets: [
      pet('Murphy', 'Dog', 'Border Collie', 'Black and White', 'Male', 41, {
        appointments: [{ reason: 'General consultation', day: 6, time: '09:00' }],
      }),
    ],
  },
  {
    salutation: 'Mr',
    firstName: 'Rhys',
    lastName: 'Evans',
    email: 'rhys.evans@example.net',
    mobilePhone: '07700 100219',
    home: ['CH2 3PT', 15],
    practice: 'Willowbrook Vets Chester',
    preferences: CONFIRMED(60),
    pets: [
      pet('Bonnie', 'Dog', 'Jack Russell Terrier', 'Tan and White', 'Female', 100),
      pet('Bandit', 'Ferret', 'Standard', 'Polecat', 'Male', 27, { chipped: false }),
    ],
  },
  {
    salutation: 'Mr',
    firstName: 'Arthur',
    lastName: 'Pennington',
    email: null,
    mobilePhone: '07700 100220',
    home: ['LA9 4HX', 10],
    practice: 'Willowbrook Vets Kendal',
    preferences: null,
    pets: [
      pet('Meg', 'Dog', 'Border Collie', 'Red and White', 'Female', 112, {
        appointments: [{ reason: 'General consultation', day: -40, time: '10:00' }],
      }),
    ],
  },
  {
    salutation: 'Mrs',
    firstName: 'Fiona',
    lastName: 'MacLeod',
    email: 'fiona.macleod@example.org',
    mobilePhone: '07700 100221',
    home: ['LA9 4HX', 14],
    practice: 'Willowbrook Vets Kendal',
    preferences: CONFIRMED(20),
    pets: [
      pet('Hamish', 'Dog', 'West Highland White Terrier', 'White', 'Male', 77, {
        appointments: [{ reason: 'Dental check', day: 5, time: '10:15' }],
      }),
    ],
  },
  {
    salutation: 'Mr',
    firstName: 'Callum',
    lastName: 'Reid',
    email: 'callum.reid@example.net',
    mobilePhone: '07700 100222',
    home: ['LA9 4HX', 22],
    practice: 'Willowbrook Vets Kendal',
    preferences: null,
    pets: [pet('Sooty', 'Cat', 'Domestic Shorthair', 'Black', 'Male', 130)],
  },
];
