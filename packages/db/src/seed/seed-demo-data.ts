import { eq, sql } from 'drizzle-orm';
import type { Database } from '../connection.ts';
import { practices } from '../schema/practices.ts';
import { planClosures } from './closures.ts';
import { DEMO_CLIENTS } from './data/demo-clients.ts';
import { OTHER_CLIENTS } from './data/other-clients.ts';
import { DEMO_PRACTICES, FIRST_DEMO_PRACTICE_NAME } from './data/practices.ts';
import { seedAppointments } from './seed-appointments.ts';
import { seedClients, seedDemoIdentities } from './seed-clients.ts';
import { seedDemoInvitations } from './seed-invitations.ts';
import { seedAddresses, seedLookups } from './seed-lookups.ts';
import { seedPractices } from './seed-practices.ts';

/** An arbitrary constant (next to the migrations' lock): serialises concurrent seeders. */
const SEED_LOCK_ID = 7_354_120_002;

export interface SeedDemoDataOptions {
  /** The embedded identity provider's issuer: the demo accounts' identities are linked under it. */
  embeddedIssuer: string;
  /** What "today" is for the appointments, closures and ages; defaults to the current time. */
  now?: Date;
}

/**
 * Fills a database with the Willowbrook demo group: practices, clinicians and rotas, lookups, addresses,
 * clients, pets, appointments, the demo sign-in accounts (see demo-accounts.ts) and the demo invitations
 * (demo-onboarding.ts).
 *
 * Idempotent and safe to run from several processes at once: one transaction, serialised by an advisory
 * lock, writes everything or nothing, and does nothing if the first demo practice already exists.
 */
export async function seedDemoData(db: Database, options: SeedDemoDataOptions): Promise<{ seeded: boolean }> {
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`);
    const present = await tx
      .select({ id: practices.id })
      .from(practices)
      .where(eq(practices.name, FIRST_DEMO_PRACTICE_NAME))
      .limit(1);
    if (present.length > 0) {
      // A database seeded before the invitations existed gets them; otherwise this writes nothing.
      await seedDemoInvitations(tx, now);
      return { seeded: false };
    }

    const lookups = await seedLookups(tx);
    await seedAddresses(tx);
    const closures = planClosures(DEMO_PRACTICES, now);
    const practiceIds = await seedPractices(tx, closures);
    await seedDemoIdentities(tx);
    const context = { lookups, practiceIds, embeddedIssuer: options.embeddedIssuer, now };
    const clientSeeds = [...DEMO_CLIENTS, ...OTHER_CLIENTS];
    const seededClients = await seedClients(tx, clientSeeds, context);
    await seedAppointments(tx, clientSeeds, seededClients, closures, context);
    await seedDemoInvitations(tx, now);
    return { seeded: true };
  });
}
