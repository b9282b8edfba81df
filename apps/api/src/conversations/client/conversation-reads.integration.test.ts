import { apiErrorSchema } from '@vet/contracts/errors';
import { conversationListSchema, conversationThreadSchema, sentMessageSchema } from '@vet/contracts/messages';
import { createReason } from '@vet/db/testing/factories';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useSignedInTestApp } from '../../testing/signed-in-app.ts';
import { insertAnswer, insertAttachment, messagingScene } from '../testing/client-conversation-fixtures.ts';

/** Issue 66: the owner reads their conversations and each message's state, their own only. */
const database = useTestDatabase();
const { context, signedInClient } = useSignedInTestApp(database);
const { db } = database;

const get = (url: string, authorization: string) =>
  context.app.inject({ method: 'GET', url, headers: { authorization } });
const send = async (
  authorization: string,
  petId: number | null,
  body: string,
  attachmentIds: number[] = [],
) =>
  sentMessageSchema.parse(
    (
      await context.app.inject({
        method: 'POST',
        url: '/v2/messages',
        headers: { authorization },
        payload: { petId, body, attachmentIds, requestId: crypto.randomUUID() },
      })
    ).json(),
  );

describe('GET /v2/conversations', () => {
  it('tells how the practice answers, and lists the conversations newest first with unread answers', async () => {
    const scene = await messagingScene(db, signedInClient);
    const empty = conversationListSchema.parse((await get('/v2/conversations', scene.authorization)).json());
    expect(empty.conversations).toEqual([]);
    expect(empty.practice).toMatchObject({
      id: scene.practice.id,
      name: 'Harbour Vets Clapham',
      phone: '020 7946 0000',
      answerWithinHours: 4,
    });
    expect(empty.practice.openingHours).toEqual(
      [1, 2, 3, 4, 5].map((dayOfWeek) => ({ dayOfWeek, opensAt: '08:00', closesAt: '18:00' })),
    );

    const aboutPet = await send(scene.authorization, scene.pet.id, 'Bramble has a cut.');
    const aboutAccount = await send(scene.authorization, null, 'Please update my address. '.repeat(10));
    await insertAnswer(db, aboutPet.conversationId, { body: 'Please send us a photo of it.' });
    await insertAnswer(db, aboutPet.conversationId, { body: 'Or come in tomorrow.' });

    const list = conversationListSchema.parse((await get('/v2/conversations', scene.authorization)).json());
    expect(list.conversations).toHaveLength(2);
    expect(list.conversations[0]).toMatchObject({
      id: aboutPet.conversationId,
      petId: scene.pet.id,
      petName: 'Bramble',
      status: 'open',
      lastMessagePreview: 'Or come in tomorrow.',
      lastMessageAuthor: 'practice',
      unreadAnswers: 2,
    });
    const account = list.conversations[1]!;
    expect(account).toMatchObject({ id: aboutAccount.conversationId, petId: null, petName: null });
    expect(account.lastMessagePreview.length).toBeLessThanOrEqual(121);
    expect(account.lastMessagePreview.endsWith('…')).toBe(true);

    // Another client sees none of them.
    const other = await messagingScene(db, signedInClient);
    const theirs = conversationListSchema.parse((await get('/v2/conversations', other.authorization)).json());
    expect(theirs.conversations).toEqual([]);
  });
});

describe('GET /v2/conversations/:conversationId', () => {
  it('shows the messages oldest first with their state and files, and marks the answers read', async () => {
    const scene = await messagingScene(db, signedInClient);
    const reason = await createReason(db, { name: `Wound check ${crypto.randomUUID().slice(0, 6)}` });
    const photo = await insertAttachment(db, { clientId: scene.client.id, fileName: 'paw.jpg' });
    const first = await send(scene.authorization, scene.pet.id, 'Bramble has a cut.', [photo]);
    const { conversationId } = first;
    await insertAnswer(db, conversationId, {
      body: 'Please book a wound check.',
      suggestedReasonId: reason.id,
    });
    const second = await send(scene.authorization, scene.pet.id, 'Thank you, I will.');
    const third = await send(scene.authorization, scene.pet.id, 'One more thing.');
    // The practice system marked the second read (part C's route does this).
    await db.execute(sql`update conversation_messages set read_at = now() where id = ${second.message.id}`);

    const response = await get(`/v2/conversations/${conversationId}`, scene.authorization);
    expect(response.statusCode).toBe(200);
    const thread = conversationThreadSchema.parse(response.json());
    expect(thread).toMatchObject({
      id: conversationId,
      petId: scene.pet.id,
      petName: 'Bramble',
      status: 'open',
    });
    expect(thread.practice.answerWithinHours).toBe(4);
    expect(thread.messages.map((m) => [m.author, m.state, m.body])).toEqual([
      ['client', 'answered', 'Bramble has a cut.'],
      ['practice', null, 'Please book a wound check.'],
      ['client', 'read', 'Thank you, I will.'],
      ['client', 'sent', 'One more thing.'],
    ]);
    expect(thread.messages[0]!.attachments).toEqual([
      {
        id: photo,
        kind: 'photo',
        contentType: 'image/jpeg',
        byteSize: 1234,
        width: 800,
        height: 600,
        fileName: 'paw.jpg',
      },
    ]);
    expect(thread.messages[1]).toMatchObject({
      authorName: 'Sam, veterinary nurse',
      suggestedBooking: { reasonId: reason.id, reasonName: reason.name, petId: scene.pet.id },
    });
    expect(third.message.state).toBe('sent');

    // Opened: the answer is read; the list counts none unread.
    const { rows } = await db.execute<{ read: boolean }>(sql`
      select read_at is not null as read from conversation_messages
      where conversation_id = ${conversationId} and author = 'practice'`);
    expect(rows).toEqual([{ read: true }]);
    const list = conversationListSchema.parse((await get('/v2/conversations', scene.authorization)).json());
    expect(list.conversations[0]!.unreadAnswers).toBe(0);
  });

  it('answers another client’s conversation exactly as a missing one, and marks nothing read', async () => {
    const scene = await messagingScene(db, signedInClient);
    const other = await messagingScene(db, signedInClient);
    const theirs = await send(other.authorization, other.pet.id, 'Private.');
    await insertAnswer(db, theirs.conversationId);
    const reached = await get(`/v2/conversations/${theirs.conversationId}`, scene.authorization);
    const missing = await get('/v2/conversations/2000000000', scene.authorization);
    expect([reached.statusCode, missing.statusCode]).toEqual([404, 404]);
    expect(apiErrorSchema.parse(reached.json())).toEqual(apiErrorSchema.parse(missing.json()));
    const list = conversationListSchema.parse((await get('/v2/conversations', other.authorization)).json());
    expect(list.conversations[0]!.unreadAnswers).toBe(1);
  });
});
