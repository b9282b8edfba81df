import { inArray, isNotNull } from 'drizzle-orm';
import type pg from 'pg';
import type { Database } from '../connection.ts';
import { postcodeKey } from '../normalise.ts';
import { loadReferenceLists } from '../reference/load-reference-lists.ts';
import { addresses, appointmentReasonSpecies, appointmentReasons, species } from '../schema/lookups.ts';
import { ADDRESSES } from './data/addresses.ts';
import { APPOINTMENT_REASONS } from './data/lookups.ts';
import { idOf, type SeedTransaction } from './seed-transaction.ts';

/**
 * The lists tests and benchmarks need without the demo group: the reference lists (decision 0096,
 * loaded as production loads them: `npm run lists`) and the demo's appointment reasons, which are the
 * practice system's and otherwise come in through its import. Idempotent: test files share a database.
 */
export async function seedLookups(handle: { db: Database; pool: pg.Pool }): Promise<{
  reasons: ReadonlyMap<string, number>;
}> {
  await loadReferenceLists(handle.pool);
  return { reasons: await handle.db.transaction((tx) => seedAppointmentReasons(tx)) };
}

const byName = (rows: readonly { id: number; name: string }[]) => new Map(rows.map((r) => [r.name, r.id]));

/** The demo's appointment reasons; existing rows of their names are kept and reused. */
async function seedAppointmentReasons(tx: SeedTransaction): Promise<ReadonlyMap<string, number>> {
  await tx
    .insert(appointmentReasons)
    .values(
      APPOINTMENT_REASONS.map((r, i) => ({
        name: r.name,
        durationMinutes: r.durationMinutes,
        clinicianType: r.clinicianType,
        isInitialConsultation: r.isInitialConsultation ?? false,
        isOnline: true,
        sortOrder: i + 1,
      })),
    )
    .onConflictDoNothing();
  const reasonIds = byName(
    await tx
      .select({ id: appointmentReasons.id, name: appointmentReasons.name })
      .from(appointmentReasons)
      .where(
        inArray(
          appointmentReasons.name,
          APPOINTMENT_REASONS.map((r) => r.name),
        ),
      ),
  );
  const speciesIds = byName(
    await tx.select({ id: species.id, name: species.name }).from(species).where(isNotNull(species.source)),
  );
  const limits = APPOINTMENT_REASONS.flatMap((r) =>
    (r.species ?? []).map((name) => ({
      reasonId: idOf(reasonIds, r.name, 'appointment reason'),
      speciesId: idOf(speciesIds, name, 'species'),
    })),
  );
  if (limits.length > 0) await tx.insert(appointmentReasonSpecies).values(limits).onConflictDoNothing();
  return reasonIds;
}

/** The embedded address lookup's rows; written once, with the rest of the demo data. */
export async function seedAddresses(tx: SeedTransaction): Promise<void> {
  await tx.insert(addresses).values(ADDRESSES.map((a) => ({ ...a, postcodeKey: postcodeKey(a.postcode) })));
}
