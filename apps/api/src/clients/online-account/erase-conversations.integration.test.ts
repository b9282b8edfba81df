import {
  createConversation,
  createConversationMessage,
  createMessageAttachment,
} from '@vet/db/testing/conversation-factories';
import { createClient, createPet } from '@vet/db/testing/factories';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { describe, expect, it } from 'vitest';
import { deleteOnlineAccount } from './delete-online-account.ts';

/**
 * Issue 66 (decision 0169): deleting an online account erases the person's conversations with the
 * practice, every message both ways, and every file they uploaded, sent or not, with its bytes in the
 * attachment store before the deletion commits; another client's stay. A store that fails rolls it all back.
 */
const database = useTestDatabase();
const { db, pool } = database;
const issuer = 'https://id.example.test';

async function clientWhoWrote(label: string) {
  const subject = `subject-${crypto.randomUUID()}`;
  const client = await createClient(db, {
    identityIssuer: issuer,
    identitySubject: subject,
    linkedAt: new Date(),
  });
  const pet = await createPet(db, { clientId: client.id });
  const conversation = await createConversation(db, {
    practiceId: client.homePracticeId,
    clientId: client.id,
    petId: pet.id,
  });
  const message = await createConversationMessage(db, {
    conversationId: conversation.id,
    author: 'client',
    body: `${label} wrote this.`,
  });
  await createConversationMessage(db, { conversationId: conversation.id, author: 'practice' });
  const sent = await createMessageAttachment(db, { clientId: client.id, messageId: message.id });
  const unsent = await createMessageAttachment(db, { clientId: client.id });
  return {
    identity: { issuer, subject },
    client,
    conversation,
    keys: [sent.attachment.storageKey, unsent.attachment.storageKey].sort(),
  };
}

const left = async (clientId: number, keys: string[]) => {
  const count = async (query: string, values: unknown[]) =>
    Number((await pool.query<{ n: string }>(query, values)).rows[0]!.n);
  return {
    conversations: await count(`select count(*) as n from conversations where client_id = $1`, [clientId]),
    messages: await count(
      `select count(*) as n from conversation_messages m join conversations c on c.id = m.conversation_id
        where c.client_id = $1`,
      [clientId],
    ),
    attachments: await count(`select count(*) as n from message_attachments where client_id = $1`, [
      clientId,
    ]),
    bytes: await count(`select count(*) as n from attachment_objects where key = any($1)`, [keys]),
  };
};

describe('deleting an online account: conversations and files', () => {
  it('erases the person’s conversations, messages, files and bytes, and leaves another client’s', async () => {
    const mine = await clientWhoWrote('Mine');
    const theirs = await clientWhoWrote('Theirs');

    await deleteOnlineAccount({ db, embeddedIssuer: undefined }, mine.identity);

    expect(await left(mine.client.id, mine.keys)).toEqual({
      conversations: 0,
      messages: 0,
      attachments: 0,
      bytes: 0,
    });
    expect(await left(theirs.client.id, theirs.keys)).toEqual({
      conversations: 1,
      messages: 2,
      attachments: 2,
      bytes: 2,
    });
  });

  it('hands every key to the configured store; a store that fails leaves the account whole', async () => {
    const mine = await clientWhoWrote('Store');
    const failing = { delete: () => Promise.reject(new Error('store unavailable')) };

    await expect(
      deleteOnlineAccount({ db, embeddedIssuer: undefined, attachmentFiles: failing }, mine.identity),
    ).rejects.toThrow('store unavailable');
    expect(await left(mine.client.id, mine.keys)).toEqual({
      conversations: 1,
      messages: 2,
      attachments: 2,
      bytes: 2,
    });
    const linked = await pool.query(`select 1 from clients where id = $1 and identity_subject is not null`, [
      mine.client.id,
    ]);
    expect(linked.rowCount).toBe(1);

    const handed: string[][] = [];
    const recording = {
      delete: (keys: string[]) => {
        handed.push([...keys].sort());
        return Promise.resolve();
      },
    };
    await deleteOnlineAccount({ db, embeddedIssuer: undefined, attachmentFiles: recording }, mine.identity);
    expect(handed).toEqual([mine.keys]);
    expect(await left(mine.client.id, [])).toMatchObject({ conversations: 0, attachments: 0 });
  });
});
