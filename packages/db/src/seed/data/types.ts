/** The shapes of the demo data tables: plain values, keyed by name, turned into rows by the seed steps. */

export type ClinicianKind = 'Vet' | 'Nurse';

/** A weekly shift in the practice's local time; ISO day of week, 1 = Monday. */
export interface ShiftSeed {
  day: number;
  start: string;
  end: string;
  breaks: readonly (readonly [start: string, end: string])[];
}

export interface ClinicianSeed {
  firstName: string;
  lastName: string;
  type: ClinicianKind;
  rota: readonly ShiftSeed[];
}

export interface OpeningHoursSeed {
  day: number;
  opens: string;
  closes: string;
}

export interface PracticeSeed {
  name: string;
  addressLine1: string;
  addressLine2: string | null;
  town: string;
  county: string | null;
  postcode: string;
  phone: string;
  email: string;
  isOnline: boolean;
  onlineRegistrationAvailable: boolean;
  features: Readonly<Record<string, string>>;
  openingHours: readonly OpeningHoursSeed[];
  clinicians: readonly ClinicianSeed[];
}

export interface AppointmentSeed {
  reason: string;
  /** Days from the seed's "today" in the practice's zone: negative = past (Completed), positive = future. */
  day: number;
  /** Preferred local start; the planner takes the nearest free time on the grid. */
  time: string;
  cancelledBecause?: string;
}

export interface PetSeed {
  name: string;
  species: string;
  breed: string | null;
  colour: string | null;
  sex: 'Male' | 'Female';
  neutered: boolean;
  ageMonths: number;
  chipped: boolean;
  insurance?: { insurer: string; policyNumber: string };
  awaitingInitialConsultation?: boolean;
  registeredOnline?: boolean;
  deceased?: boolean;
  appointments?: readonly AppointmentSeed[];
}

/** Which contact preferences a client has saved, and how long ago (null: never). */
export interface ContactPreferencesSeed {
  marketingByEmail: boolean;
  confirmedDaysAgo: number | null;
}

export interface ClientSeed {
  salutation: string;
  firstName: string;
  lastName: string;
  email: string | null;
  /**
   * One the portal's forms (and so the practice import) accept: 07700 1xxxxx, as Ofcom's mobile range for
   * drama, 07700 900xxx, is one they refuse. The portal sends no text messages.
   */
  mobilePhone: string;
  /** A house in the address lookup's data set: postcode and house number. */
  home: readonly [postcode: string, houseNumber: number];
  practice: string;
  onlineBookingAllowed?: boolean;
  /** Set for demo sign-in accounts: the embedded identity provider's account id. */
  identitySubject?: string;
  preferences: ContactPreferencesSeed | null;
  pets: readonly PetSeed[];
}
