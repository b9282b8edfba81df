import type { AttachmentStore } from '@vet/attachments/attachment-store';
import { unsentAttachmentHours } from '@vet/contracts/message-rules';
import type { Database } from '@vet/db/connection';
import type { EmailLogger } from '@vet/email/email-logger';
import type { TaskList } from 'graphile-worker';
import { deleteUnsentBefore } from './attachment-rows.ts';

/** The recurring job that deletes uploads never sent on a message (an abandoned draft's files). */
export const deleteUnsentAttachmentsTask = 'delete-unsent-attachments';
/** Every hour, at 17 past (off the hour's other jobs): an upload lives at most unsentAttachmentHours + 1. */
export const unsentAttachmentCrontab = `17 * * * * ${deleteUnsentAttachmentsTask}`;
export const unsentSweepBatchSize = 500;

/**
 * Deletes every upload older than unsentAttachmentHours that no message names: the rows first (a batch a
 * statement, so a crash leaves at worst bytes without a row, never a row without bytes), then their bytes.
 */
export async function deleteUnsentAttachments(
  db: Database,
  store: AttachmentStore,
  now: Date,
  batchSize = unsentSweepBatchSize,
): Promise<number> {
  const before = new Date(now.getTime() - unsentAttachmentHours * 3_600_000);
  let deleted = 0;
  for (;;) {
    const keys = await deleteUnsentBefore(db, before, batchSize);
    await store.delete(keys);
    deleted += keys.length;
    if (keys.length < batchSize) return deleted;
  }
}

/** The sweep's task for the API's queue (the e-mail worker runs it, as the plan notices'). */
export function unsentAttachmentTasks(options: {
  store: (db: Database) => AttachmentStore;
  logger: EmailLogger;
  now?: () => Date;
}) {
  const now = options.now ?? (() => new Date());
  return (db: Database): TaskList => ({
    [deleteUnsentAttachmentsTask]: async () => {
      const deleted = await deleteUnsentAttachments(db, options.store(db), now());
      if (deleted > 0) options.logger.info({ deleted }, 'unsent attachments deleted');
    },
  });
}
