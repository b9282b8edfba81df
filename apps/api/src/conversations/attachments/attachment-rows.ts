import type { MessageAttachment } from '@vet/contracts/messages';
import type { Executor } from '@vet/db/connection';
import { messageAttachments } from '@vet/db/schema/conversations';
import { and, eq, inArray, isNotNull, isNull, lt } from 'drizzle-orm';

/** What the owner sees of an attachment (messageAttachmentSchema), and what serving it needs. */
const columns = {
  id: messageAttachments.id,
  kind: messageAttachments.kind,
  contentType: messageAttachments.contentType,
  byteSize: messageAttachments.byteSize,
  width: messageAttachments.width,
  height: messageAttachments.height,
  fileName: messageAttachments.fileName,
  storageKey: messageAttachments.storageKey,
  messageId: messageAttachments.messageId,
  scanState: messageAttachments.scanState,
};

export type AttachmentRow = MessageAttachment & {
  storageKey: string;
  messageId: number | null;
  scanState: (typeof messageAttachments.$inferSelect)['scanState'];
};

/** The client's own attachment, or undefined: another client's answers exactly like a missing one. */
export async function ownAttachment(
  db: Executor,
  clientId: number,
  id: number,
): Promise<AttachmentRow | undefined> {
  const [row] = await db
    .select(columns)
    .from(messageAttachments)
    .where(and(eq(messageAttachments.id, id), eq(messageAttachments.clientId, clientId)));
  return row;
}

/** An attachment on a sent message, for the practice's signed link; unsent drafts are nobody's business. */
export async function sentAttachment(db: Executor, id: number): Promise<AttachmentRow | undefined> {
  const [row] = await db
    .select(columns)
    .from(messageAttachments)
    .where(and(eq(messageAttachments.id, id), isNotNull(messageAttachments.messageId)));
  return row;
}

export async function insertUnsentAttachment(
  db: Executor,
  values: Omit<typeof messageAttachments.$inferInsert, 'id' | 'messageId' | 'position' | 'createdAt'>,
): Promise<AttachmentRow> {
  const [row] = await db.insert(messageAttachments).values(values).returning(columns);
  if (!row) throw new Error('attachment row not inserted');
  return row;
}

/** Deletes the client's unsent attachment; its storage key, or undefined where there was none to delete. */
export async function deleteUnsentAttachment(
  db: Executor,
  clientId: number,
  id: number,
): Promise<string | undefined> {
  const [row] = await db
    .delete(messageAttachments)
    .where(
      and(
        eq(messageAttachments.id, id),
        eq(messageAttachments.clientId, clientId),
        isNull(messageAttachments.messageId),
      ),
    )
    .returning({ storageKey: messageAttachments.storageKey });
  return row?.storageKey;
}

/**
 * Unsent uploads created before `before`, oldest first, deleted in one statement: the storage keys whose
 * bytes the caller deletes next. `for update skip locked` keeps two sweeps (two processes) off the same
 * rows, and a send (which locks the rows it attaches) from losing its files to the sweep.
 */
export async function deleteUnsentBefore(db: Executor, before: Date, limit: number): Promise<string[]> {
  const doomed = db
    .select({ id: messageAttachments.id })
    .from(messageAttachments)
    .where(and(isNull(messageAttachments.messageId), lt(messageAttachments.createdAt, before)))
    .orderBy(messageAttachments.createdAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .delete(messageAttachments)
    .where(and(inArray(messageAttachments.id, doomed), isNull(messageAttachments.messageId)))
    .returning({ storageKey: messageAttachments.storageKey });
  return rows.map((row) => row.storageKey);
}
