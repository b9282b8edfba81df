import { addMonths, practiceDate } from '@vet/contracts/practice-clock';
import { emailKey, lastNameKey, postcodeKey } from '../normalise.ts';
import { hashPassword } from '../password-hash.ts';
import { clients, contactPreferences, pets } from '../schema/clients.ts';
import { idpAccounts } from '../schema/identity.ts';
import { homeAddress } from './data/addresses.ts';
import type { ClientSeed, ContactPreferencesSeed, PetSeed } from './data/types.ts';
import { DEMO_ACCOUNTS } from './demo-accounts.ts';
import type { LookupIds } from './seed-lookups.ts';
import type { PracticeIds } from './seed-practices.ts';
import { idOf, type SeedTransaction } from './seed-transaction.ts';

const DAY_MS = 86_400_000;

export interface SeedContext {
  lookups: LookupIds;
  practiceIds: PracticeIds;
  embeddedIssuer: string;
  now: Date;
}

export interface SeededClient {
  clientId: number;
  practiceId: number;
  /** By pet name (unique within a client). */
  petIds: ReadonlyMap<string, number>;
}

/** The embedded identity provider's accounts for the demo sign-ins, e-mail verified. */
export async function seedDemoIdentities(tx: SeedTransaction): Promise<void> {
  // scrypt is deliberately slow (128 MiB and a few hundred ms a hash): each distinct password is hashed
  // once, and the demo accounts, which all share the published demo password, share its hash.
  const hashes = new Map<string, Promise<string>>();
  const hashOf = (password: string) => {
    if (!hashes.has(password)) hashes.set(password, hashPassword(password));
    return hashes.get(password)!;
  };
  const rows = await Promise.all(
    DEMO_ACCOUNTS.map(async (account) => ({
      id: account.id,
      email: emailKey(account.email),
      passwordHash: await hashOf(account.password),
      emailVerified: true,
    })),
  );
  await tx.insert(idpAccounts).values(rows);
}

/** Client records with their contact preferences and pets, in the order given. */
export async function seedClients(
  tx: SeedTransaction,
  seeds: readonly ClientSeed[],
  context: SeedContext,
): Promise<SeededClient[]> {
  const seeded: SeededClient[] = [];
  let petNumber = 0;
  for (const seed of seeds) {
    const { clientId, practiceId } = await insertClient(tx, seed, context);
    if (seed.preferences) await insertPreferences(tx, clientId, seed.preferences);
    const petIds = new Map<string, number>();
    for (const petSeed of seed.pets) {
      petNumber += 1;
      petIds.set(petSeed.name, await insertPet(tx, clientId, petSeed, petNumber, context));
    }
    seeded.push({ clientId, practiceId, petIds });
  }
  return seeded;
}

async function insertClient(tx: SeedTransaction, seed: ClientSeed, context: SeedContext) {
  const address = homeAddress(...seed.home);
  const practiceId = idOf(context.practiceIds.practices, seed.practice, 'practice');
  const confirmedDaysAgo = seed.preferences?.confirmedDaysAgo ?? null;
  const linked = seed.identitySubject !== undefined;
  const [row] = await tx
    .insert(clients)
    .values({
      salutationId: idOf(context.lookups.salutations, seed.salutation, 'salutation'),
      firstName: seed.firstName,
      lastName: seed.lastName,
      email: seed.email,
      mobilePhone: seed.mobilePhone,
      addressLine1: address.line1,
      addressLine2: address.line2,
      town: address.town,
      county: address.county,
      postcode: address.postcode,
      homePracticeId: practiceId,
      lastNameKey: lastNameKey(seed.lastName),
      postcodeKey: postcodeKey(address.postcode),
      emailKey: seed.email === null ? null : emailKey(seed.email),
      identityIssuer: linked ? context.embeddedIssuer : null,
      identitySubject: seed.identitySubject ?? null,
      linkedAt: linked ? context.now : null,
      contactPreferencesConfirmedAt:
        confirmedDaysAgo === null ? null : new Date(context.now.getTime() - confirmedDaysAgo * DAY_MS),
      onlineBookingAllowed: seed.onlineBookingAllowed ?? true,
    })
    .returning({ id: clients.id });
  if (!row) throw new Error(`client ${seed.lastName} not inserted`);
  return { clientId: row.id, practiceId };
}

/** Reminders by e-mail and text message on, marketing off unless asked for (it is opt-in). */
async function insertPreferences(tx: SeedTransaction, clientId: number, seed: ContactPreferencesSeed) {
  const channels = ['email', 'sms', 'phone', 'post'] as const;
  await tx.insert(contactPreferences).values([
    ...channels.map((channel) => ({
      clientId,
      purpose: 'reminders' as const,
      channel,
      optedIn: channel === 'email' || channel === 'sms',
    })),
    ...channels.map((channel) => ({
      clientId,
      purpose: 'marketing' as const,
      channel,
      optedIn: channel === 'email' && seed.marketingByEmail,
    })),
  ]);
}

/** 826 is the United Kingdom's ISO country code, which UK-issued microchip numbers begin with. */
export function microchipNumber(petNumber: number): string {
  return String(826_097_000_000_000 + petNumber * 7_919_113);
}

async function insertPet(
  tx: SeedTransaction,
  clientId: number,
  seed: PetSeed,
  petNumber: number,
  context: SeedContext,
): Promise<number> {
  const { lookups } = context;
  const [row] = await tx
    .insert(pets)
    .values({
      clientId,
      name: seed.name,
      speciesId: idOf(lookups.species, seed.species, 'species'),
      breedId: seed.breed === null ? null : idOf(lookups.breeds, `${seed.species}/${seed.breed}`, 'breed'),
      colourId:
        seed.colour === null ? null : idOf(lookups.colours, `${seed.species}/${seed.colour}`, 'colour'),
      sex: seed.sex,
      neutered: seed.neutered,
      dateOfBirth: addMonths(practiceDate(context.now), -seed.ageMonths),
      microchipNumber: seed.chipped ? microchipNumber(petNumber) : null,
      insurerId: seed.insurance ? idOf(lookups.insurers, seed.insurance.insurer, 'insurer') : null,
      policyNumber: seed.insurance?.policyNumber ?? null,
      awaitingInitialConsultation: seed.awaitingInitialConsultation ?? false,
      registeredOnline: seed.registeredOnline ?? false,
      status: seed.deceased ? 'Deceased' : 'Active',
    })
    .returning({ id: pets.id });
  if (!row) throw new Error(`pet ${seed.name} not inserted`);
  return row.id;
}
