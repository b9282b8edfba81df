import { listedAppointmentSchema, type ListedAppointment } from '../appointments.ts';
import { petSchema, type Pet } from '../pets.ts';
import { onlinePracticeSchema, type OnlinePractice } from '../practices.ts';
import { clientProfileSchema, type ClientProfile } from '../profile.ts';

/**
 * Test data in the shapes the API answers with: each builder starts from a valid, ordinary value, takes
 * the fields a test cares about as overrides, and parses the result with the contract's schema. So a
 * builder cannot drift from its contract (a field added to the schema fails here, not as a silent
 * `as Pet` in a test), and an override the API could never send (a status it does not have, a start
 * time without an offset) fails the test that wrote it.
 */

let lastId = 1000;
/** Ids no fixed test id collides with (tests that care give their own). */
const nextId = () => (lastId += 1);

/** A living dog, no insurance or microchip on record, seen before (GET /pets). */
export function buildPet(overrides: Partial<Pet> = {}): Pet {
  return petSchema.parse({
    petId: nextId(),
    name: 'Biscuit',
    speciesId: 1,
    speciesName: 'Canine',
    breedId: 1,
    breedName: 'Cockapoo',
    colourId: null,
    colourName: null,
    sex: 'Male',
    neutered: true,
    dateOfBirth: '2021-04-12',
    microchipNumber: null,
    insurerId: null,
    insurerName: null,
    policyNumber: null,
    awaitingInitialConsultation: false,
    status: 'Active',
    ...overrides,
  } satisfies Pet);
}

/** A client linked to their record, whose home practice allows booking and registration (GET /client/profile). */
export function buildProfile(overrides: Partial<ClientProfile> = {}): ClientProfile {
  return clientProfileSchema.parse({
    success: true,
    clientId: 1,
    firstName: 'Olivia',
    lastName: 'Bennett',
    email: 'olivia.bennett@example.com',
    homePracticeId: 1,
    homePracticeName: 'Willowbrook Vets Clapham',
    homePracticePhone: '01632 960001',
    requireContactPreferencesUpdate: false,
    activationStatus: 'COMPLETED',
    isAppointmentBookingAndPetRegistrationAllowed: true,
    ...overrides,
  } satisfies ClientProfile);
}

/** A booked 15-minute nurse appointment (any nurse: nobody named), not waiting for an earlier time (GET /appointments). */
export function buildAppointment(overrides: Partial<ListedAppointment> = {}): ListedAppointment {
  const startsAt = overrides.startsAt ?? '2026-11-24T10:30:00Z';
  return listedAppointmentSchema.parse({
    appointmentId: nextId(),
    petId: 4,
    petName: 'Biscuit',
    practiceId: 1,
    practiceName: 'Willowbrook Vets Clapham',
    appointmentReasonId: 2,
    reasonName: 'Nail clip',
    clinicianType: 'Nurse',
    clinicianName: null,
    startsAt,
    endsAt: new Date(Date.parse(startsAt) + 15 * 60_000).toISOString(),
    status: 'Booked',
    earlierTimes: null,
    visitId: null,
    petStatus: 'Active',
    ...overrides,
  } satisfies ListedAppointment);
}

/** A practice offering online services, registration included (GET /online-practices). */
export function buildPractice(overrides: Partial<OnlinePractice> = {}): OnlinePractice {
  const id = overrides.id ?? nextId();
  return onlinePracticeSchema.parse({
    id,
    name: `Test Practice ${id}`,
    phone: '01632 960000',
    addressLine1: '1 High Street',
    addressLine2: null,
    town: 'Testford',
    postcode: 'TE1 1ST',
    onlineRegistrationAvailable: true,
    ...overrides,
  } satisfies OnlinePractice);
}
