import { eq } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './connection.ts';

/** A table whose rows are known by an integer `id` (a serial primary key). */
export type TableWithId = PgTable & { id: AnyPgColumn<{ data: number }> };

/**
 * Whether the table has a row with this id: the check a form's choice from a list (a salutation, a
 * species, a practice, a reason) passes before it is written, so that an unknown id answers 400 on its
 * field rather than failing on the foreign key. One primary-key probe, in the executor's transaction.
 */
export async function rowExists(executor: Executor, table: TableWithId, id: number): Promise<boolean> {
  const rows = await executor.select({ id: table.id }).from(table).where(eq(table.id, id)).limit(1);
  return rows.length > 0;
}
