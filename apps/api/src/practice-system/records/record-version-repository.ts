import type { PracticeRecordKind } from '@vet/contracts/integration-records';
import type { Database } from '@vet/db/connection';
import { storedTables } from '@vet/practice-import/engine/import-files';
import { sql } from 'drizzle-orm';
import { apiRecordKinds } from './record-kinds.ts';

/** The stored record of this reference, its portal id and version (decision 0113); undefined: none. */
export async function storedVersion(
  db: Database,
  kind: PracticeRecordKind,
  ref: string,
): Promise<{ id: number; version: number } | undefined> {
  const table = storedTables[apiRecordKinds[kind].file]?.table;
  if (!table) throw new Error(`${kind} has no stored table`);
  const found = await db.execute<{ id: number; version: number }>(
    sql`select id, version from ${sql.identifier(table)} where pms_ref = ${ref}`,
  );
  return found.rows[0];
}
