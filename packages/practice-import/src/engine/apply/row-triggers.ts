import type { Session } from '../session.ts';

/**
 * Runs the bulk import's big inserts with the row triggers of foreign keys switched off, when the role may
 * (SET LOCAL session_replication_role = replica, as pg_restore --disable-triggers does): they were two
 * thirds of the time of writing appointments (seven checks a row). Safe here because every referencing
 * id is read by a join on its parent in this same transaction, and the portal deletes none of those
 * parents (practices, clinicians, clients, pets, reasons); the one key change that could strand rows (a
 * pet moving to another client while its appointments stay) is refused by the import's checks. Cascades
 * fire from triggers too, so nothing run this way may delete a row others reference. Decision 0061.
 */
export async function withoutRowTriggers<T>(session: Session, write: () => Promise<T>): Promise<T> {
  if (!session.skipsRowTriggers) return write();
  await session.query('set local session_replication_role = replica');
  const result = await write();
  await session.query('set local session_replication_role = origin');
  return result;
}
