import { randomUUID } from 'node:crypto';
import { reserve } from '@vet/clinician-time/online-reservations';
import { codeValidMinutes } from '@vet/contracts/verification';
import type { Database } from '../connection.ts';
import { invitationCodeHash } from '../invitation-code.ts';
import { emailKey, lastNameKey, postcodeKey } from '../normalise.ts';
import { appointments } from '../schema/appointments.ts';
import { clients, pets } from '../schema/clients.ts';
import { clinicianRotaShifts, clinicians } from '../schema/clinicians.ts';
import { invitations, verificationCodes } from '../schema/onboarding.ts';
import {
  addresses,
  appointmentReasonSpecies,
  appointmentReasons,
  breedColours,
  breeds,
  cancellationReasons,
  colours,
  insurers,
  salutations,
  species,
} from '../schema/lookups.ts';
import { practiceFeatureSettings, practices } from '../schema/practices.ts';

/**
 * Test data builders: each returns the inserted row and takes overrides. Names carry a unique suffix so
 * tests that share a database never collide; each test owns the data it builds.
 */
const unique = () => randomUUID().slice(0, 8);

type Insert<T extends { $inferInsert: unknown }> = Partial<T['$inferInsert']>;

export async function createPractice(
  db: Database,
  overrides: Insert<typeof practices> = {},
  features: Record<string, string> = {},
) {
  const [practice] = await db
    .insert(practices)
    .values({
      name: `Test Practice ${unique()}`,
      addressLine1: '1 High Street',
      town: 'Testford',
      postcode: 'TE1 1ST',
      phone: '01632 960000',
      ...overrides,
    })
    .returning();
  if (!practice) throw new Error('practice not inserted');
  const rows = Object.entries(features).map(([featureKey, value]) => ({
    practiceId: practice.id,
    featureKey,
    value,
  }));
  if (rows.length > 0) await db.insert(practiceFeatureSettings).values(rows);
  return practice;
}

export async function createClinician(db: Database, overrides: Insert<typeof clinicians> = {}) {
  const practiceId = overrides.practiceId ?? (await createPractice(db)).id;
  const [row] = await db
    .insert(clinicians)
    .values({ firstName: 'Alex', lastName: `Vet ${unique()}`, type: 'Vet', ...overrides, practiceId })
    .returning();
  if (!row) throw new Error('clinician not inserted');
  return row;
}

/** A weekly shift, in the practice's local time (ISO day of week, 1 = Monday). */
export async function createRotaShift(
  db: Database,
  values: { clinicianId: number; dayOfWeek: number; startsAt: string; endsAt: string },
) {
  const [row] = await db.insert(clinicianRotaShifts).values(values).returning();
  if (!row) throw new Error('shift not inserted');
  return row;
}

export async function createSpecies(db: Database, overrides: Insert<typeof species> = {}) {
  const [row] = await db
    .insert(species)
    .values({ code: 'Canine', name: `Species ${unique()}`, ...overrides })
    .returning();
  if (!row) throw new Error('species not inserted');
  return row;
}

export async function createBreed(db: Database, values: { speciesId: number; name?: string }) {
  const [row] = await db
    .insert(breeds)
    .values({ name: `Breed ${unique()}`, ...values })
    .returning();
  if (!row) throw new Error('breed not inserted');
  return row;
}

export async function createColour(db: Database, values: { speciesId: number; name?: string }) {
  const [row] = await db
    .insert(colours)
    .values({ name: `Colour ${unique()}`, ...values })
    .returning();
  if (!row) throw new Error('colour not inserted');
  return row;
}

export async function createReason(db: Database, overrides: Insert<typeof appointmentReasons> = {}) {
  const [row] = await db
    .insert(appointmentReasons)
    .values({ name: `Reason ${unique()}`, durationMinutes: 15, clinicianType: 'Vet', ...overrides })
    .returning();
  if (!row) throw new Error('reason not inserted');
  return row;
}

export async function createClient(db: Database, overrides: Insert<typeof clients> = {}) {
  const homePracticeId = overrides.homePracticeId ?? (await createPractice(db)).id;
  const lastName = overrides.lastName ?? `Owner${unique()}`;
  const email = overrides.email === undefined ? `owner-${unique()}@example.test` : overrides.email;
  const postcode = overrides.postcode === undefined ? 'TE1 1ST' : overrides.postcode;
  const [row] = await db
    .insert(clients)
    .values({
      firstName: 'Sam',
      ...overrides,
      lastName,
      email,
      postcode,
      homePracticeId,
      lastNameKey: lastNameKey(lastName),
      emailKey: email === null ? null : emailKey(email),
      postcodeKey: postcode === null ? null : postcodeKey(postcode),
    })
    .returning();
  if (!row) throw new Error('client not inserted');
  return row;
}

export async function createPet(db: Database, overrides: Insert<typeof pets> & { clientId: number }) {
  const speciesId = overrides.speciesId ?? (await createSpecies(db)).id;
  const [row] = await db
    .insert(pets)
    .values({ name: `Pet ${unique()}`, sex: 'Female', ...overrides, speciesId })
    .returning();
  if (!row) throw new Error('pet not inserted');
  return row;
}

/** A booked appointment with its reservation row, as the booking service writes them. */
export async function createAppointment(
  db: Database,
  values: {
    practiceId: number;
    clinicianId: number;
    clientId: number;
    petId: number;
    reasonId: number;
    startsAt: Date;
    endsAt: Date;
  },
) {
  return db.transaction(async (tx) => {
    const [appointment] = await tx.insert(appointments).values(values).returning();
    if (!appointment) throw new Error('appointment not inserted');
    await reserve(tx, appointment.id, values.clinicianId, values.startsAt, values.endsAt);
    return appointment;
  });
}

export async function createSalutation(db: Database, overrides: Insert<typeof salutations> = {}) {
  const [row] = await db
    .insert(salutations)
    .values({ description: `Salutation ${unique()}`, ...overrides })
    .returning();
  if (!row) throw new Error('salutation not inserted');
  return row;
}

export async function createInsurer(db: Database, overrides: Insert<typeof insurers> = {}) {
  const [row] = await db
    .insert(insurers)
    .values({ name: `Insurer ${unique()}`, ...overrides })
    .returning();
  if (!row) throw new Error('insurer not inserted');
  return row;
}

export async function createCancellationReason(
  db: Database,
  overrides: Insert<typeof cancellationReasons> = {},
) {
  const [row] = await db
    .insert(cancellationReasons)
    .values({ description: `Cancellation reason ${unique()}`, ...overrides })
    .returning();
  if (!row) throw new Error('cancellation reason not inserted');
  return row;
}

/** Records that a breed comes in a colour. */
export async function linkBreedColour(db: Database, values: { breedId: number; colourId: number }) {
  await db.insert(breedColours).values(values);
}

/** Limits an appointment reason to a species (a reason with no species applies to every species). */
export async function linkReasonSpecies(db: Database, values: { reasonId: number; speciesId: number }) {
  await db.insert(appointmentReasonSpecies).values(values);
}

/**
 * A verification code issued to an identity for a client record: unused, expiring in 30 minutes (R4.17)
 * unless overridden. The hash is a placeholder; tests that check a code build it with the verification
 * service.
 */
export async function createVerificationCode(
  db: Database,
  values: Insert<typeof verificationCodes> & {
    clientId: number;
    identityIssuer: string;
    identitySubject: string;
  },
) {
  const [row] = await db
    .insert(verificationCodes)
    .values({
      codeHash: `test-hash-${unique()}`,
      mode: 'signup',
      expiresAt: new Date(Date.now() + codeValidMinutes * 60 * 1000),
      ...values,
    })
    .returning();
  if (!row) throw new Error('verification code not inserted');
  return row;
}

/**
 * A practice's invitation for a client record (R4.18): valid 30 days and unused unless overridden. The
 * code is returned with the row (only its hash is stored).
 */
export async function createInvitation(
  db: Database,
  values: Omit<Insert<typeof invitations>, 'codeHash'> & { clientId: number; code?: string },
) {
  const { code = `INV-${unique()}-${unique()}`.toUpperCase(), ...overrides } = values;
  const practiceId = overrides.practiceId ?? (await createPractice(db)).id;
  const [row] = await db
    .insert(invitations)
    .values({
      expiresAt: new Date(Date.now() + 30 * 24 * 60 * 60 * 1000),
      ...overrides,
      practiceId,
      codeHash: invitationCodeHash(code),
    })
    .returning();
  if (!row) throw new Error('invitation not inserted');
  return { ...row, code };
}

/** An address of the embedded lookup's data set. */
export async function createAddress(db: Database, overrides: Insert<typeof addresses> = {}) {
  const postcode = overrides.postcode ?? 'TE1 1ST';
  const [row] = await db
    .insert(addresses)
    .values({
      line1: `${unique()} Test Road`,
      town: 'Testford',
      ...overrides,
      postcode,
      postcodeKey: postcodeKey(postcode),
    })
    .returning();
  if (!row) throw new Error('address not inserted');
  return row;
}
