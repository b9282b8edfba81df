import { and, eq, inArray, isNull } from 'drizzle-orm';
import { appointments } from '@vet/db/schema/appointments';
import { clients, pets } from '@vet/db/schema/clients';
import { cancellationReasons } from '@vet/db/schema/lookups';
import { practices } from '@vet/db/schema/practices';
import { DEMO_PRACTICES } from '@vet/db/seed/data/practices';
import { wantedAppointments } from '@vet/db/seed/seed-appointments';
import { seedContactPreferences, seedDemoIdentities } from '@vet/db/seed/seed-clients';
import { seedDemoInvitations } from '@vet/db/seed/seed-invitations';
import { seedAddresses } from '@vet/db/seed/seed-lookups';
import type { SeedTransaction } from '@vet/db/seed/seed-transaction';
import { seedDemoBookingPayments } from './demo-booking-payments.ts';
import { seedDemoMessages } from './demo-messages.ts';
import { numberedPets } from './demo-client-tables.ts';
import { DEMO_CLIENT_SEEDS } from './demo-export.ts';
import { demoRef } from './demo-references.ts';

const DAY_MS = 86_400_000;

/** The id of each stored record of `refs`, by reference; a missing one is a failed import. */
async function idsByRef(
  tx: SeedTransaction,
  table: typeof clients | typeof pets | typeof practices | typeof appointments,
  refs: string[],
): Promise<Map<string, number>> {
  if (refs.length === 0) return new Map();
  const rows = await tx
    .select({ id: table.id, ref: table.pmsRef })
    .from(table)
    .where(inArray(table.pmsRef, refs));
  const ids = new Map(rows.map((r) => [r.ref ?? '', r.id]));
  const missing = refs.filter((ref) => !ids.has(ref));
  if (missing.length > 0) throw new Error(`The demo import left out ${missing.join(', ')}`);
  return ids;
}

const idOf = (ids: ReadonlyMap<string, number>, ref: string) => ids.get(ref) ?? 0;

/**
 * The demo's records the portal owns, over the imported group (practice-systems.md, "Who owns what"):
 * the address lookup's data set, the demo sign-in accounts linked to their client records, contact
 * preferences, the pets registered online, why a client cancelled, a practice's online registration
 * (R4.15), the first practice's deposit and card hold at booking, its answer time for messages and a
 * conversation about Bramble, and the demo invitations. One transaction of the loader's (load-demo-group.ts).
 */
export async function seedDemoPortalRecords(
  tx: SeedTransaction,
  options: { embeddedIssuer: string; now: Date },
): Promise<void> {
  const { now } = options;
  await seedAddresses(tx);
  await seedDemoIdentities(tx);

  const clientIds = await idsByRef(
    tx,
    clients,
    DEMO_CLIENT_SEEDS.map((_, i) => demoRef.client(i + 1)),
  );
  for (const [i, seed] of DEMO_CLIENT_SEEDS.entries()) {
    const clientId = idOf(clientIds, demoRef.client(i + 1));
    if (seed.identitySubject !== undefined) {
      await tx
        .update(clients)
        .set({ identityIssuer: options.embeddedIssuer, identitySubject: seed.identitySubject, linkedAt: now })
        .where(eq(clients.id, clientId));
    }
    if (seed.preferences) {
      await seedContactPreferences(tx, clientId, seed.preferences);
      const { confirmedDaysAgo } = seed.preferences;
      await tx
        .update(clients)
        .set({
          contactPreferencesConfirmedAt:
            confirmedDaysAgo === null ? null : new Date(now.getTime() - confirmedDaysAgo * DAY_MS),
        })
        .where(eq(clients.id, clientId));
    }
  }

  const onlinePets = numberedPets(DEMO_CLIENT_SEEDS)
    .filter((p) => p.pet.registeredOnline)
    .map((p) => demoRef.pet(p.petNumber));
  if (onlinePets.length > 0)
    await tx.update(pets).set({ registeredOnline: true }).where(inArray(pets.pmsRef, onlinePets));

  await recordCancellationReasons(tx, now);

  const unavailable = DEMO_PRACTICES.flatMap((p, i) =>
    p.onlineRegistrationAvailable ? [] : [demoRef.practice(i + 1)],
  );
  if (unavailable.length > 0) {
    await tx
      .update(practices)
      .set({ onlineRegistrationAvailable: false })
      .where(inArray(practices.pmsRef, unavailable));
  }
  await seedDemoBookingPayments(tx);
  // Clapham answers messages; Bramble's owner has an answer waiting (issue 66).
  await seedDemoMessages(tx, now);
  await seedDemoInvitations(tx, now);
}

/** A cancellation the client made online keeps its reason (a lookup of the portal's) and a day's age. */
async function recordCancellationReasons(tx: SeedTransaction, now: Date): Promise<void> {
  const reasons = new Map(
    (
      await tx
        .select({ id: cancellationReasons.id, name: cancellationReasons.description })
        .from(cancellationReasons)
    ).map((r) => [r.name, r.id]),
  );
  const cancelled = wantedAppointments(DEMO_CLIENT_SEEDS).flatMap((w, i) =>
    w.appointment.cancelledBecause === undefined
      ? []
      : [{ ref: demoRef.appointment(i + 1), because: w.appointment.cancelledBecause }],
  );
  const ids = await idsByRef(
    tx,
    appointments,
    cancelled.map((c) => c.ref),
  );
  for (const { ref, because } of cancelled) {
    const reasonId = reasons.get(because);
    if (reasonId === undefined)
      throw new Error(`The demo data names an unknown cancellation reason: ${because}`);
    await tx
      .update(appointments)
      .set({ cancellationReasonId: reasonId, cancelledAt: new Date(now.getTime() - DAY_MS) })
      .where(and(eq(appointments.id, idOf(ids, ref)), isNull(appointments.cancellationReasonId)));
  }
}
