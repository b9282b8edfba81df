import {
  createConversation,
  createConversationMessage,
  createMessageAttachment,
} from '@vet/db/testing/conversation-factories';
import { createClient, createPet } from '@vet/db/testing/factories';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { describe, expect, it } from 'vitest';
import { useSignedInTestApp } from '../../testing/signed-in-app.ts';
import { mergeRequest } from './testing/merge-request.ts';

/**
 * Issue 66 on a merge (decision 0169): a client's conversations and uploads, and a pet's conversations,
 * move with them; where both records have one open with the practice about the same pet, the duplicate's
 * is closed so that one stays open (the database allows one), and both stay readable.
 */
const database = useTestDatabase();
const { db, pool } = database;
const app = useSignedInTestApp(database);
const { signedInClient } = app;
const unique = () => crypto.randomUUID().slice(0, 8);

const merge = mergeRequest(app);

const conversationRows = async (ids: number[]) =>
  (
    await pool.query<{ id: number; client_id: number; pet_id: number | null; status: string }>(
      `select id, client_id, pet_id, status from conversations where id = any($1) order by id`,
      [ids],
    )
  ).rows;

describe('a merge and conversations', () => {
  it('moves the duplicate client’s conversations and uploads to the record born online', async () => {
    const { client } = await signedInClient();
    const practiceId = client.homePracticeId;
    const duplicate = await createClient(db, { pmsRef: `C-${unique()}`, homePracticeId: practiceId });
    const pet = await createPet(db, { clientId: duplicate.id, pmsRef: `P-${unique()}` });
    // A duplicate with conversations is rare (they need a sign-in); the rows must move all the same.
    const aboutPet = await createConversation(db, { practiceId, clientId: duplicate.id, petId: pet.id });
    const message = await createConversationMessage(db, { conversationId: aboutPet.id, author: 'client' });
    const { attachment } = await createMessageAttachment(db, {
      clientId: duplicate.id,
      messageId: message.id,
    });
    const unsent = await createMessageAttachment(db, { clientId: duplicate.id });
    // Both have an open conversation about the account: the duplicate's is closed, the online one's stays.
    const onlineAccount = await createConversation(db, { practiceId, clientId: client.id });
    const duplicateAccount = await createConversation(db, { practiceId, clientId: duplicate.id });

    const response = await merge('clients', client.id, duplicate.pmsRef!);
    expect(response.statusCode, response.body).toBe(200);

    expect(await conversationRows([aboutPet.id, onlineAccount.id, duplicateAccount.id])).toEqual([
      { id: aboutPet.id, client_id: client.id, pet_id: pet.id, status: 'open' },
      { id: onlineAccount.id, client_id: client.id, pet_id: null, status: 'open' },
      { id: duplicateAccount.id, client_id: client.id, pet_id: null, status: 'closed' },
    ]);
    const { rows } = await pool.query<{ client_id: number }>(
      `select client_id from message_attachments where id = any($1)`,
      [[attachment.id, unsent.attachment.id]],
    );
    expect(rows).toEqual([{ client_id: client.id }, { client_id: client.id }]);
  });

  it('moves the duplicate pet’s conversations, closing its open one beside the online pet’s', async () => {
    const { client } = await signedInClient();
    const practiceId = client.homePracticeId;
    const onlinePet = await createPet(db, { clientId: client.id, registeredOnline: true });
    const practicePet = await createPet(db, { clientId: client.id, pmsRef: `P-${unique()}` });
    const kept = await createConversation(db, { practiceId, clientId: client.id, petId: onlinePet.id });
    const clashing = await createConversation(db, { practiceId, clientId: client.id, petId: practicePet.id });
    const closedBefore = await createConversation(db, {
      practiceId,
      clientId: client.id,
      petId: practicePet.id,
      status: 'closed',
      closedAt: new Date('2026-10-01T10:00:00Z'),
    });

    const response = await merge('pets', onlinePet.id, practicePet.pmsRef!);
    expect(response.statusCode, response.body).toBe(200);

    expect(await conversationRows([kept.id, clashing.id, closedBefore.id])).toEqual([
      { id: kept.id, client_id: client.id, pet_id: onlinePet.id, status: 'open' },
      { id: clashing.id, client_id: client.id, pet_id: onlinePet.id, status: 'closed' },
      { id: closedBefore.id, client_id: client.id, pet_id: onlinePet.id, status: 'closed' },
    ]);
  });
});
