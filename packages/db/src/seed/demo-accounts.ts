/**
 * Sign-in accounts of the demo seed, one per situation worth showing. Each is an account of the embedded
 * identity provider (fixed id, so a re-seeded database keeps the same identities) linked to a client
 * record. The password meets R5.6: 8+ characters, 3 of 4 kinds.
 */
export interface DemoAccount {
  /** The embedded provider's account id: the identity's `sub`. */
  id: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  description: string;
}

export const DEMO_PASSWORD = 'Demo-Pass-2026';

export const DEMO_ACCOUNT = {
  manyPets: {
    id: '5b0c7a52-1f3e-4d8a-9c61-0d3e5a000001',
    email: 'olivia.bennett@example.com',
    password: DEMO_PASSWORD,
    firstName: 'Olivia',
    lastName: 'Bennett',
    description: 'Clapham; five pets (one deceased), upcoming, past and cancelled appointments.',
  },
  awaitingInitialConsultation: {
    id: '5b0c7a52-1f3e-4d8a-9c61-0d3e5a000002',
    email: 'james.okafor@example.com',
    password: DEMO_PASSWORD,
    firstName: 'James',
    lastName: 'Okafor',
    description: 'Islington; one puppy registered online, awaiting its initial consultation.',
  },
  noPets: {
    id: '5b0c7a52-1f3e-4d8a-9c61-0d3e5a000003',
    email: 'priya.shah@example.com',
    password: DEMO_PASSWORD,
    firstName: 'Priya',
    lastName: 'Shah',
    description: 'Cheltenham; no pets yet, so the portal offers to register one.',
  },
  bookingOff: {
    id: '5b0c7a52-1f3e-4d8a-9c61-0d3e5a000004',
    email: 'tom.whitaker@example.com',
    password: DEMO_PASSWORD,
    firstName: 'Tom',
    lastName: 'Whitaker',
    description: 'Bath, where online booking is off; two pets, appointments booked by phone.',
  },
  preferencesDue: {
    id: '5b0c7a52-1f3e-4d8a-9c61-0d3e5a000005',
    email: 'hannah.lewis@example.com',
    password: DEMO_PASSWORD,
    firstName: 'Hannah',
    lastName: 'Lewis',
    description:
      'Harrogate, where pet registration is off; contact preferences last confirmed over 24 months ago.',
  },
  bookingBlocked: {
    id: '5b0c7a52-1f3e-4d8a-9c61-0d3e5a000006',
    email: 'daniel.price@example.com',
    password: DEMO_PASSWORD,
    firstName: 'Daniel',
    lastName: 'Price',
    description: 'Chester; the practice has turned off online booking and pet registration for this client.',
  },
  threePets: {
    id: '5b0c7a52-1f3e-4d8a-9c61-0d3e5a0000a3',
    email: 'grace.hughes@example.com',
    password: DEMO_PASSWORD,
    firstName: 'Grace',
    lastName: 'Hughes',
    description: 'Didsbury; three pets, exactly what the pets menu shows, so no See All.',
  },
} as const satisfies Record<string, DemoAccount>;

export const DEMO_ACCOUNTS: readonly DemoAccount[] = Object.values(DEMO_ACCOUNT);
