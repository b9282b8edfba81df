import {
  conversationCloseResultSchema,
  conversationReadResultSchema,
} from '@vet/contracts/integration-conversations';
import { integrationPathPrefix } from '@vet/contracts/machine-access';
import { createPractice } from '@vet/db/testing/factories';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createConversation,
  createMessagingClient,
  createOwnerMessage,
} from '../../conversations/testing/conversation-fixtures.ts';
import { useSignedInTestApp } from '../../testing/signed-in-app.ts';
import { conversationCalls, messagesOf, refused } from './testing/conversation-calls.ts';

/**
 * The practice marks the owner's messages read and closes a conversation (decision 0168); a caller not
 * granted the practice, or not granted messages, is refused, and a client's token never gets in.
 */
const tag = randomUUID().slice(0, 8).toUpperCase();
const north = `PR-N-${tag}`;
const south = `PR-S-${tag}`;
const database = useTestDatabase();
const app = useSignedInTestApp(database, {
  env: {
    INTEGRATION_CLIENT_GRANTS: JSON.stringify([
      { client: 'pms-north', practices: [north], kinds: ['messages'] },
      { client: 'pms-records', practices: [north], kinds: ['clients', 'pets'] },
    ]),
  },
});
const { answer, read, close } = conversationCalls(app);
const practiceIds = new Map<string, number>();
beforeAll(async () => {
  for (const pmsRef of [north, south])
    practiceIds.set(pmsRef, (await createPractice(database.db, { pmsRef, messageAnswerHours: 4 })).id);
});

async function conversationAt(practiceRef: string) {
  const { practiceId, client, pet } = await createMessagingClient(database.db, {
    practiceId: practiceIds.get(practiceRef)!,
  });
  const conversation = await createConversation(database.db, {
    practiceId,
    clientId: client.id,
    petId: pet.id,
  });
  const owners = [
    await createOwnerMessage(database.db, conversation.id, 'One'),
    await createOwnerMessage(database.db, conversation.id, 'Two'),
    await createOwnerMessage(database.db, conversation.id, 'Three'),
  ];
  return { client, conversation, owners };
}
const statusOf = async (conversationId: number) => {
  const { rows } = await database.db.execute<{ status: string }>(
    sql`select status from conversations where id = ${conversationId}`,
  );
  return rows[0]!.status;
};

describe('marking read', () => {
  it('marks the owner’s messages up to the one named, then nothing more the second time', async () => {
    const { conversation, owners } = await conversationAt(north);

    const first = await read(north, conversation.id, owners[1]!.id);
    const again = await read(north, conversation.id, owners[1]!.id);

    expect(first.statusCode, first.body).toBe(200);
    expect(conversationReadResultSchema.parse(first.json())).toEqual({
      conversation_id: conversation.id,
      marked_read: 2,
    });
    expect(again.json()).toEqual({ conversation_id: conversation.id, marked_read: 0 });
    expect((await messagesOf(database.db, conversation.id)).map((m) => m.read_at !== null)).toEqual([
      true,
      true,
      false,
    ]);
  });

  it('refuses a message of another conversation (422) and another practice’s conversation (404)', async () => {
    const mine = await conversationAt(north);
    const other = await conversationAt(north);
    const theirs = await conversationAt(south);

    expect(refused(await read(north, mine.conversation.id, other.owners[0]!.id))).toEqual({
      status: 422,
      code: 'references_refused',
      fields: ['up_to_message_id'],
    });
    expect(refused(await read(north, theirs.conversation.id, theirs.owners[0]!.id))).toMatchObject({
      status: 404,
      code: 'not_found',
    });
    expect((await messagesOf(database.db, other.conversation.id)).every((m) => m.read_at === null)).toBe(
      true,
    );
  });
});

describe('closing', () => {
  it('closes once (applied), then answers unchanged with the same time', async () => {
    const { conversation } = await conversationAt(north);

    const first = await close(north, conversation.id);
    const again = await close(north, conversation.id);

    expect(first.statusCode, first.body).toBe(200);
    const closed = conversationCloseResultSchema.parse(first.json());
    expect(closed).toMatchObject({ conversation_id: conversation.id, status: 'closed', outcome: 'applied' });
    expect(again.json()).toEqual({ ...closed, outcome: 'unchanged' });
    expect(await statusOf(conversation.id)).toBe('closed');
  });
});

describe('who may write', () => {
  it('refuses a practice the caller is not granted (403 practice_not_served), its own answered', async () => {
    const theirs = await conversationAt(south);
    const own = await conversationAt(north);
    const body = { message_ref: `M-${tag}`, body: 'Hello', author_name: 'Sam' };

    const attempts = [
      await answer(south, theirs.conversation.id, body, 'pms-north'),
      await read(south, theirs.conversation.id, theirs.owners[0]!.id, 'pms-north'),
      await close(south, theirs.conversation.id, 'pms-north'),
      // Whether another's practice exists never shows.
      await close(`PR-X-${tag}`, theirs.conversation.id, 'pms-north'),
    ];

    for (const response of attempts)
      expect(refused(response)).toMatchObject({ status: 403, code: 'practice_not_served' });
    expect(await statusOf(theirs.conversation.id)).toBe('open');
    expect((await messagesOf(database.db, theirs.conversation.id)).every((m) => m.read_at === null)).toBe(
      true,
    );
    expect((await answer(north, own.conversation.id, body, 'pms-north')).statusCode).toBe(201);
  });

  it('refuses a caller not granted messages (403 kind_not_allowed)', async () => {
    const { conversation } = await conversationAt(north);

    expect(refused(await close(north, conversation.id, 'pms-records'))).toMatchObject({
      status: 403,
      code: 'kind_not_allowed',
    });
    expect(await statusOf(conversation.id)).toBe('open');
  });

  it('never lets a client’s token in, nor a machine caller into a client’s routes', async () => {
    const { conversation } = await conversationAt(north);
    const { authorization } = await app.signedInClient();

    const asClient = await app.context.app.inject({
      method: 'POST',
      url: `${integrationPathPrefix}/practices/${north}/conversations/${conversation.id}/close`,
      headers: { authorization },
    });
    const asMachine = await app.context.app.inject({
      method: 'GET',
      url: '/client/contact-preferences',
      headers: { authorization: await app.machineAuthorization() },
    });

    expect(refused(asClient)).toMatchObject({ status: 403 });
    expect(refused(asMachine)).toMatchObject({ status: 403 });
    expect(await statusOf(conversation.id)).toBe('open');
  });
});
