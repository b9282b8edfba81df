import type { Database } from '@vet/db/connection';
import { attachmentObjects } from '@vet/db/schema/conversations';
import { eq, inArray } from 'drizzle-orm';
import { assertStorageKey, type AttachmentStore } from './attachment-store.ts';

/**
 * The bytes in PostgreSQL (attachment_objects): nothing to set up, backed up with the rest, and erased in
 * the same database. Right for a practice group's volume (three photos of ~500 KB a message once
 * re-encoded); object storage is for more.
 */
export function databaseAttachmentStore(db: Database): AttachmentStore {
  return {
    kind: 'database',
    async put(key, bytes) {
      assertStorageKey(key);
      await db.insert(attachmentObjects).values({ key, bytes });
    },
    async get(key) {
      const [row] = await db
        .select({ bytes: attachmentObjects.bytes })
        .from(attachmentObjects)
        .where(eq(attachmentObjects.key, key));
      return row?.bytes ?? null;
    },
    async delete(keys) {
      if (keys.length > 0)
        await db.delete(attachmentObjects).where(inArray(attachmentObjects.key, [...keys]));
    },
  };
}
