import {
  createConversation,
  createConversationMessage,
  createMessageAttachment,
} from '@vet/db/testing/conversation-factories';
import { createClient } from '@vet/db/testing/factories';
import { useOwnDatabase } from '@vet/db/testing/own-database';
import { describe, expect, it } from 'vitest';
import { daysAgo, runRetention } from './testing/retention-test-kit.ts';

/**
 * Decision 0169: a file sent on a message goes a year after the message, its bytes from the attachment
 * store in the same batch; a conversation goes six years after its last message, with its messages, and
 * never while it still holds a file. An upload never sent is not this job's (a day, elsewhere).
 */
const database = useOwnDatabase('retention_conversations');
const sixYears = 6 * 365 + 1;

async function conversationAged(lastMessageDaysAgo: number, fileDaysAgo?: number) {
  const { db } = database.current;
  const client = await createClient(db);
  const conversation = await createConversation(db, {
    practiceId: client.homePracticeId,
    clientId: client.id,
    lastMessageAt: daysAgo(lastMessageDaysAgo),
  });
  const message = await createConversationMessage(db, {
    conversationId: conversation.id,
    author: 'client',
    createdAt: daysAgo(fileDaysAgo ?? lastMessageDaysAgo),
  });
  const file =
    fileDaysAgo === undefined
      ? undefined
      : (await createMessageAttachment(db, { clientId: client.id, messageId: message.id })).attachment;
  return { client, conversation, message, file };
}

const idsOf = async (table: string) =>
  (await database.current.pool.query<{ id: number }>(`select id from ${table} order by id`)).rows.map(
    (row) => row.id,
  );
const storedKeys = async () =>
  (await database.current.pool.query<{ key: string }>(`select key from attachment_objects`)).rows.map(
    (row) => row.key,
  );

describe('applyRetention: conversations and their files', () => {
  it('deletes files a year after their message with their bytes, keeps younger ones and unsent uploads', async () => {
    const { db } = database.current;
    const old = await conversationAged(400, 366);
    const young = await conversationAged(300, 300);
    const unsent = await createMessageAttachment(db, { clientId: old.client.id, createdAt: daysAgo(400) });

    const outcomes = await runRetention(db);

    expect(await idsOf('message_attachments')).toEqual(
      [young.file!.id, unsent.attachment.id].sort((a, b) => a - b),
    );
    expect((await storedKeys()).sort()).toEqual(
      [young.file!.storageKey, unsent.attachment.storageKey].sort(),
    );
    expect(outcomes.get('message-files')).toMatchObject({ rows: 1, days: 365 });
    // The messages stay: their text is kept longer than their files.
    expect(await idsOf('conversation_messages')).toEqual(
      expect.arrayContaining([old.message.id, young.message.id]),
    );
  });

  it('deletes a conversation six years after its last message, open or closed, with its messages', async () => {
    const { db, pool } = database.current;
    const gone = await conversationAged(sixYears + 10);
    await pool.query(`update conversations set status = 'closed', closed_at = $2 where id = $1`, [
      gone.conversation.id,
      daysAgo(sixYears + 10),
    ]);
    const idleOpen = await conversationAged(sixYears + 5);
    const kept = await conversationAged(sixYears - 10);

    const outcomes = await runRetention(db);

    const conversations = await idsOf('conversations');
    expect(conversations).toContain(kept.conversation.id);
    expect(conversations).not.toContain(gone.conversation.id);
    expect(conversations).not.toContain(idleOpen.conversation.id);
    expect(await idsOf('conversation_messages')).not.toContain(gone.message.id);
    expect(outcomes.get('conversations')).toMatchObject({ rows: 2 });
  });

  it('hands the keys to the configured store before commit; a store that fails leaves rows and conversation', async () => {
    const { db } = database.current;
    const aged = await conversationAged(sixYears + 30, sixYears + 30);

    await expect(
      runRetention(db, { files: { delete: () => Promise.reject(new Error('store unavailable')) } }),
    ).rejects.toThrow('store unavailable');
    expect(await idsOf('message_attachments')).toContain(aged.file!.id);
    expect(await idsOf('conversations')).toContain(aged.conversation.id);

    const deleted: string[][] = [];
    await runRetention(db, {
      files: {
        delete: (keys) => {
          deleted.push(keys);
          return Promise.resolve();
        },
      },
    });
    expect(deleted).toEqual([[aged.file!.storageKey]]);
    expect(await idsOf('message_attachments')).not.toContain(aged.file!.id);
    // Its file gone in the run, the six-year-old conversation went in the same run.
    expect(await idsOf('conversations')).not.toContain(aged.conversation.id);
  });
});
