import type { Executor } from '@vet/db/connection';
import { sql } from 'drizzle-orm';

/**
 * Where an attachment's bytes are deleted by their storage keys (decision 0169): the attachment store
 * (database, disk or S3-compatible, decision 0165) behind the smallest interface a deletion needs, so
 * retention and erasure stand below the conversations domain that owns the store. Deleting a key already
 * gone must succeed: a batch retried after its commit failed deletes the same keys again.
 */
export interface StoredFileEraser {
  delete(keys: string[]): Promise<void>;
}

/**
 * The database store's own deletion (attachment_objects), in the caller's transaction: what is used until
 * the configured store is handed in, and all a deployment with the default store needs.
 */
export const databaseStoredFiles = (tx: Executor): StoredFileEraser => ({
  async delete(keys) {
    if (keys.length === 0) return;
    await tx.execute(
      sql`delete from attachment_objects where key in (select jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb))`,
    );
  },
});
