import type { Database } from '@vet/db/connection';
import { clients } from '@vet/db/schema/clients';
import { practices } from '@vet/db/schema/practices';
import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { CandidateKeys, MatchInput } from './match-client.ts';

/** A client record a check may match: its keys for matching, and what a code e-mail needs. */
export interface Candidate extends CandidateKeys {
  clientId: number;
  firstName: string;
  /** The address on file, as written; codes go here and nowhere else. */
  email: string | null;
}

/** The practice a check or a new client names: whether it is online, and what a refusal tells of it. */
export interface CheckPractice {
  id: number;
  name: string;
  phone: string;
  isOnline: boolean;
  onlineRegistrationAvailable: boolean;
}

export async function findOnboardingPractice(
  db: Database,
  practiceId: number,
): Promise<CheckPractice | undefined> {
  const [row] = await db
    .select({
      id: practices.id,
      name: practices.name,
      phone: practices.phone,
      isOnline: practices.isOnline,
      onlineRegistrationAvailable: practices.onlineRegistrationAvailable,
    })
    .from(practices)
    .where(eq(practices.id, practiceId))
    .limit(1);
  return row;
}

/** More than one candidate already answers ContactPractice, so a few rows say all there is to say. */
const CANDIDATE_LIMIT = 3;

export function createCandidatesRepository(db: Database) {
  return {
    findPractice: (practiceId: number) => findOnboardingPractice(db, practiceId),

    /**
     * The group's records whose last name matches and whose postcode or e-mail matches (R4.16), across
     * every practice: a client registered at one practice is the same person at another. One indexed
     * query whatever the inputs, so a match costs the same as a miss.
     */
    findCandidates(input: MatchInput): Promise<Candidate[]> {
      const postcodeOrEmail =
        input.postcodeKey === null
          ? eq(clients.emailKey, input.emailKey)
          : or(eq(clients.postcodeKey, input.postcodeKey), eq(clients.emailKey, input.emailKey));
      return db
        .select({
          clientId: clients.id,
          firstName: clients.firstName,
          email: clients.email,
          lastNameKey: clients.lastNameKey,
          postcodeKey: clients.postcodeKey,
          emailKey: clients.emailKey,
          linked: sql<boolean>`${clients.identitySubject} is not null`,
        })
        .from(clients)
        .where(and(eq(clients.lastNameKey, input.lastNameKey), postcodeOrEmail))
        .orderBy(asc(clients.id))
        .limit(CANDIDATE_LIMIT);
    },
  };
}

export type CandidatesRepository = ReturnType<typeof createCandidatesRepository>;
