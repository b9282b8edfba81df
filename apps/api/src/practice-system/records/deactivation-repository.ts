import type { PracticeRecordKind } from '@vet/contracts/integration-records';
import type { Database } from '@vet/db/connection';
import { sql } from 'drizzle-orm';

/**
 * What deactivating each kind of record writes (decision 0065): a switch turned off, or the record
 * removed. The values are those an upsert would write for the same change (listed_online false, …), so a
 * later import or upsert of the record from the practice system sets it as the system says.
 */
type Deactivation =
  | { table: string; column: string; type?: 'pet_status'; touches?: boolean }
  | { table: string; removes: true }
  /** A membership: ended as the practice system ends one (plan_memberships_ended_ck), its record kept. */
  | { table: string; ends: true };

const deactivations: Record<PracticeRecordKind, Deactivation> = {
  practices: { table: 'practices', column: 'is_online' },
  clinicians: { table: 'clinicians', column: 'active' },
  'appointment-reasons': { table: 'appointment_reasons', column: 'is_online' },
  clients: { table: 'clients', column: 'online_booking_allowed', touches: true },
  pets: { table: 'pets', column: 'status', type: 'pet_status', touches: true },
  closures: { table: 'closures', removes: true },
  vaccinations: { table: 'vaccinations', removes: true },
  prices: { table: 'practice_prices', removes: true },
  medications: { table: 'pet_medications', removes: true },
  estimates: { table: 'practice_estimates', removes: true },
  invoices: { table: 'practice_invoices', removes: true },
  'health-plans': { table: 'health_plans', column: 'offered_online' },
  'plan-memberships': { table: 'plan_memberships', ends: true },
};

export interface Deactivated {
  id: number;
  /** False when the record already was so (deactivating twice changes nothing the second time). */
  changed: boolean;
  /** Its version after the deactivation; of a record removed, the one it had (decision 0113). */
  version: number;
}

/**
 * Deactivates the record of this reference; undefined when there is none, 'stale' when a version was
 * expected and the record has another, or none (decision 0113). `value` is what the switch becomes (false,
 * or a pet's status). The row is locked between the check of its version and the write.
 */
export async function deactivateRecord(
  db: Database,
  kind: PracticeRecordKind,
  ref: string,
  value: boolean | string = false,
  expected?: number | 'any',
): Promise<Deactivated | 'stale' | undefined> {
  const deactivation = deactivations[kind];
  const table = sql.identifier(deactivation.table);
  return db.transaction(async (tx) => {
    const found = await tx.execute<{ id: number; version: number }>(
      sql`select id, version from ${table} where pms_ref = ${ref} for update`,
    );
    const [row] = found.rows;
    if (expected !== undefined && (row === undefined || (expected !== 'any' && expected !== row.version)))
      return 'stale';
    if (row === undefined) return undefined;
    if ('removes' in deactivation) {
      await tx.execute(sql`delete from ${table} where id = ${row.id}`);
      return { ...row, changed: true };
    }
    if ('ends' in deactivation) {
      const ended = await tx.execute<{ version: number }>(
        sql`update ${table} set status = 'ended', ended_at = now(), ended_by = 'practice', end_reason = 'practice',
                   updated_at = now()
             where id = ${row.id} and status in ('pending', 'active') returning version`,
      );
      const [after] = ended.rows;
      return after ? { id: row.id, changed: true, version: after.version } : { ...row, changed: false };
    }
    const column = sql.identifier(deactivation.column);
    const touched = deactivation.touches ? sql`, updated_at = now()` : sql``;
    const typed = deactivation.type ? sql`${value}::${sql.raw(deactivation.type)}` : sql`${value}`;
    const changed = await tx.execute<{ version: number }>(
      sql`update ${table} set ${column} = ${typed}${touched}
           where id = ${row.id} and ${column} is distinct from ${typed} returning version`,
    );
    const [after] = changed.rows;
    return after ? { id: row.id, changed: true, version: after.version } : { ...row, changed: false };
  });
}
