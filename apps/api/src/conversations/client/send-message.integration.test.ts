import { apiErrorSchema } from '@vet/contracts/errors';
import { maxMessageChars, messagesPerMinute, sentMessageSchema } from '@vet/contracts/messages';
import { createPet } from '@vet/db/testing/factories';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useSignedInTestApp } from '../../testing/signed-in-app.ts';
import { messagingScene } from '../testing/client-conversation-fixtures.ts';

/** Issue 66: the owner writes to the practice; each rule and each refusal of "Bad input" that is the send's. */
const database = useTestDatabase({ max: 10 });
const { context, signedInClient } = useSignedInTestApp(database);
const { db } = database;

const send = (authorization: string, body: object) =>
  context.app.inject({ method: 'POST', url: '/v2/messages', headers: { authorization }, payload: body });
const message = (petId: number | null, extra: object = {}) => ({
  petId,
  body: 'Bramble has a small cut on her paw.',
  requestId: crypto.randomUUID(),
  ...extra,
});

/** What the client has stored: conversations, messages and attached files. */
async function storedOf(clientId: number) {
  const { rows } = await db.execute<{ conversations: number; messages: number; attached: number }>(sql`
    select (select count(*)::int from conversations where client_id = ${clientId}) as conversations,
      (select count(*)::int from conversation_messages m join conversations c on c.id = m.conversation_id
        where c.client_id = ${clientId}) as messages,
      (select count(*)::int from message_attachments where client_id = ${clientId} and message_id is not null)
        as attached`);
  return rows[0]!;
}

/** The practice system's events of the client's conversations (`message.sent`, decision 0168), oldest first. */
async function sentEventsOf(clientId: number) {
  const { rows } = await db.execute<{ message_id: number; attachments: unknown[] }>(sql`
    select (e.data->>'message_id')::int as message_id, e.data->'attachments' as attachments
    from practice_events e join conversations c on c.id = e.record_id
    where e.record_kind = 'conversation' and e.type = 'message.sent' and c.client_id = ${clientId}
    order by e.id`);
  return rows;
}

const refusal = (response: { json: () => unknown }) => apiErrorSchema.parse(response.json());

describe('POST /v2/messages', () => {
  it('opens the pet’s conversation with the first message and writes the next ones into it', async () => {
    const scene = await messagingScene(db, signedInClient);
    const first = await send(scene.authorization, message(scene.pet.id));
    expect(first.statusCode).toBe(201);
    const sent = sentMessageSchema.parse(first.json());
    expect(sent.message).toMatchObject({
      author: 'client',
      authorName: null,
      body: 'Bramble has a small cut on her paw.',
      state: 'sent',
      attachments: [],
      suggestedBooking: null,
    });
    const second = sentMessageSchema.parse(
      (await send(scene.authorization, message(scene.pet.id, { body: '  And she is limping.  ' }))).json(),
    );
    expect(second.conversationId).toBe(sent.conversationId);
    expect(second.message.body).toBe('And she is limping.');
    // About the account: a conversation of its own.
    const account = sentMessageSchema.parse((await send(scene.authorization, message(null))).json());
    expect(account.conversationId).not.toBe(sent.conversationId);
    expect(await storedOf(scene.client.id)).toEqual({ conversations: 2, messages: 3, attached: 0 });
    // Each message's event is written with it.
    expect((await sentEventsOf(scene.client.id)).map((e) => e.message_id)).toEqual([
      sent.message.id,
      second.message.id,
      account.message.id,
    ]);
  });

  it('opens a new conversation once the practice has closed the last one', async () => {
    const scene = await messagingScene(db, signedInClient);
    const first = sentMessageSchema.parse((await send(scene.authorization, message(scene.pet.id))).json());
    await db.execute(
      sql`update conversations set status = 'closed', closed_at = now() where id = ${first.conversationId}`,
    );
    const next = sentMessageSchema.parse((await send(scene.authorization, message(scene.pet.id))).json());
    expect(next.conversationId).not.toBe(first.conversationId);
  });

  it('answers a repeated request id with the first message (200) and stores nothing more', async () => {
    const scene = await messagingScene(db, signedInClient);
    const body = message(scene.pet.id);
    const first = await send(scene.authorization, body);
    const again = await send(scene.authorization, { ...body, body: 'A different text' });
    expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
    expect(again.json()).toEqual(first.json());
    expect(await storedOf(scene.client.id)).toEqual({ conversations: 1, messages: 1, attached: 0 });
    // The practice system is told once, of the first.
    const sent = sentMessageSchema.parse(first.json());
    expect((await sentEventsOf(scene.client.id)).map((e) => e.message_id)).toEqual([sent.message.id]);
  });

  it('ends two first messages sent at once in one conversation', async () => {
    const scene = await messagingScene(db, signedInClient);
    const answers = await Promise.all([1, 2, 3].map(() => send(scene.authorization, message(scene.pet.id))));
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201]);
    const ids = new Set(answers.map((answer) => sentMessageSchema.parse(answer.json()).conversationId));
    expect(ids.size).toBe(1);
    expect(await storedOf(scene.client.id)).toEqual({ conversations: 1, messages: 3, attached: 0 });
  });

  it('refuses an empty message and a 20,000-character one with the reason, storing nothing', async () => {
    const scene = await messagingScene(db, signedInClient);
    const empty = await send(scene.authorization, message(scene.pet.id, { body: '   ' }));
    expect(empty.statusCode).toBe(400);
    expect(refusal(empty).issues?.[0]).toMatchObject({ path: 'body', message: 'Write your message.' });
    const long = await send(scene.authorization, message(scene.pet.id, { body: 'a'.repeat(20_000) }));
    expect(long.statusCode).toBe(400);
    expect(refusal(long).issues?.[0]?.message).toBe(
      `Your message is too long: at most ${maxMessageChars} characters.`,
    );
    expect(await storedOf(scene.client.id)).toEqual({ conversations: 0, messages: 0, attached: 0 });
  });

  it('refuses the eleventh message in a minute (429 with Retry-After), storing nothing', async () => {
    const scene = await messagingScene(db, signedInClient);
    for (let i = 0; i < messagesPerMinute; i += 1)
      expect((await send(scene.authorization, message(i % 2 ? scene.pet.id : null))).statusCode).toBe(201);
    const eleventh = await send(scene.authorization, message(scene.pet.id));
    expect(eleventh.statusCode).toBe(429);
    expect(Number(eleventh.headers['retry-after'])).toBeGreaterThan(0);
    expect(refusal(eleventh).message).toMatch(/wait a minute/);
    expect((await storedOf(scene.client.id)).messages).toBe(messagesPerMinute);
    // Another client is not held back by this one.
    const other = await messagingScene(db, signedInClient);
    expect((await send(other.authorization, message(other.pet.id))).statusCode).toBe(201);
  });

  it('answers another client’s pet exactly as a missing one (404 pet_not_found), storing nothing', async () => {
    const scene = await messagingScene(db, signedInClient);
    const other = await messagingScene(db, signedInClient);
    const theirs = await send(scene.authorization, message(other.pet.id));
    const missing = await send(scene.authorization, message(2_000_000_000));
    expect([theirs.statusCode, missing.statusCode]).toEqual([404, 404]);
    expect(theirs.json()).toEqual(missing.json());
    expect(refusal(theirs).code).toBe('pet_not_found');
    expect(await storedOf(scene.client.id)).toEqual({ conversations: 0, messages: 0, attached: 0 });
    expect(await storedOf(other.client.id)).toEqual({ conversations: 0, messages: 0, attached: 0 });
    expect(await sentEventsOf(scene.client.id)).toEqual([]);
  });

  it('refuses a pet no longer with the client (422 pet_gone)', async () => {
    const scene = await messagingScene(db, signedInClient);
    const gone = await createPet(db, { clientId: scene.client.id, status: 'Deceased' });
    const answer = await send(scene.authorization, message(gone.id));
    expect(answer.statusCode).toBe(422);
    expect(refusal(answer).code).toBe('pet_gone');
  });

  it('says to call when the practice takes no messages online (409 messages_off)', async () => {
    const scene = await messagingScene(db, signedInClient, { answerHours: null });
    const answer = await send(scene.authorization, message(scene.pet.id));
    expect(answer.statusCode).toBe(409);
    const body = refusal(answer);
    expect(body.code).toBe('messages_off');
    expect(body.message).toMatch(/call/);
    expect(await storedOf(scene.client.id)).toEqual({ conversations: 0, messages: 0, attached: 0 });
  });
});
