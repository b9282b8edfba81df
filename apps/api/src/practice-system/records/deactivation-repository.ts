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
  | { table: string; removes: true };

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
};

export interface Deactivated {
  id: number;
  /** False when the record already was so (deactivating twice changes nothing the second time). */
  changed: boolean;
}

/**
 * Deactivates the record of this reference; undefined when there is none. `value` is what the switch
 * becomes (false, or a pet's status).
 */
export async function deactivateRecord(
  db: Database,
  kind: PracticeRecordKind,
  ref: string,
  value: boolean | string = false,
): Promise<Deactivated | undefined> {
  const deactivation = deactivations[kind];
  const table = sql.identifier(deactivation.table);
  if ('removes' in deactivation) {
    const removed = await db.execute<{ id: number }>(
      sql`delete from ${table} where pms_ref = ${ref} returning id`,
    );
    const [row] = removed.rows;
    return row && { id: row.id, changed: true };
  }
  const column = sql.identifier(deactivation.column);
  const touched = deactivation.touches ? sql`, updated_at = now()` : sql``;
  const typed = deactivation.type ? sql`${value}::${sql.raw(deactivation.type)}` : sql`${value}`;
  const changed = await db.execute<{ id: number }>(
    sql`update ${table} set ${column} = ${typed}${touched}
         where pms_ref = ${ref} and ${column} is distinct from ${typed} returning id`,
  );
  if (changed.rows[0]) return { id: changed.rows[0].id, changed: true };
  const found = await db.execute<{ id: number }>(sql`select id from ${table} where pms_ref = ${ref}`);
  return found.rows[0] && { id: found.rows[0].id, changed: false };
}
