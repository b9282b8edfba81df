import { newStorageKey } from '@vet/attachments/attachment-store';
import { databaseAttachmentStore } from '@vet/attachments/database-store';
import { unsentAttachmentHours } from '@vet/contracts/message-rules';
import { messageAttachments } from '@vet/db/schema/conversations';
import { createClient } from '@vet/db/testing/factories';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { describe, expect, it } from 'vitest';
import { sendOnMessage, attachmentRow, storedBytes } from './testing/attachment-scene.ts';
import {
  deleteUnsentAttachments,
  deleteUnsentAttachmentsTask,
  unsentAttachmentCrontab,
  unsentAttachmentTasks,
} from './unsent-sweep.ts';

const { db } = useTestDatabase();
const store = databaseAttachmentStore(db);
const hours = (n: number) => new Date(Date.now() - n * 3_600_000);

async function upload(clientId: number, createdAt: Date) {
  const storageKey = newStorageKey();
  await store.put(storageKey, Buffer.from('photo bytes'), 'image/jpeg');
  const [row] = await db
    .insert(messageAttachments)
    .values({
      clientId,
      kind: 'photo',
      contentType: 'image/jpeg',
      byteSize: 11,
      fileName: 'photo.jpg',
      sha256: '0'.repeat(64),
      storageKey,
      scanState: 'clean',
      createdAt,
    })
    .returning();
  return row!;
}

describe('the sweep of unsent uploads', () => {
  it('deletes the rows and bytes of uploads unsent after unsentAttachmentHours, and nothing else', async () => {
    const client = await createClient(db);
    const abandoned = await upload(client.id, hours(unsentAttachmentHours + 1));
    const alsoAbandoned = await upload(client.id, hours(unsentAttachmentHours + 30));
    const recent = await upload(client.id, hours(unsentAttachmentHours - 1));
    const sentLongAgo = await upload(client.id, hours(unsentAttachmentHours + 5));
    await sendOnMessage(db, client.id, [sentLongAgo.id]);

    // A batch of one, so the sweep must loop to reach both.
    expect(await deleteUnsentAttachments(db, store, new Date(), 1)).toBeGreaterThanOrEqual(2);
    for (const gone of [abandoned, alsoAbandoned]) {
      expect(await attachmentRow(db, gone.id)).toBeUndefined();
      expect(await storedBytes(db, gone.storageKey)).toBeUndefined();
    }
    for (const kept of [recent, sentLongAgo]) {
      expect(await attachmentRow(db, kept.id)).toBeDefined();
      expect(await storedBytes(db, kept.storageKey)).toBeDefined();
    }
  });

  it('runs as the queue’s hourly task, logging a count and no more', async () => {
    const client = await createClient(db);
    const abandoned = await upload(client.id, hours(unsentAttachmentHours + 2));
    const lines: object[] = [];
    const logger = { info: (fields: object) => lines.push(fields), warn: () => {}, error: () => {} };
    const tasks = unsentAttachmentTasks({ store: () => store, logger: logger as never })(db);
    expect(unsentAttachmentCrontab).toBe(`17 * * * * ${deleteUnsentAttachmentsTask}`);
    await tasks[deleteUnsentAttachmentsTask]!({}, {} as never);
    expect(await attachmentRow(db, abandoned.id)).toBeUndefined();
    expect(lines).toEqual([{ deleted: expect.any(Number) as number }]);
  });
});
