import type { SQL } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResult } from 'drizzle-orm/query-builders/select.types';
import type { Database } from '@vet/db/connection';
import { clients } from '@vet/db/schema/clients';

/** The columns read of one client's row, as Drizzle's select gives them. */
type ClientRow<T extends SelectedFields> = SelectResult<T, 'partial', { clients: 'not-null' }>;

/**
 * The client row `which` picks (by id, reference or identity), locked until the transaction ends: every
 * change to a client takes this lock first, so two changes of one client (and the practice events they
 * write) take turns. Reads the caller's own columns; undefined when no client matches.
 */
export async function lockClientRow<T extends SelectedFields>(
  tx: Pick<Database, 'select'>,
  which: SQL,
  columns: T,
): Promise<ClientRow<T> | undefined> {
  // Drizzle cannot work out the rows' type while the columns are a type parameter: it is its own
  // select's, stated once here.
  const rows = (await tx.select(columns).from(clients).where(which).for('update')) as ClientRow<T>[];
  return rows[0];
}
