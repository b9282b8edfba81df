import { apiErrorSchema } from '@vet/contracts/errors';
import { sentMessageSchema } from '@vet/contracts/messages';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useSignedInTestApp } from '../../testing/signed-in-app.ts';
import { insertAttachment, messagingScene } from '../testing/client-conversation-fixtures.ts';

/** Issue 66: the files on a message are the client's own unsent uploads, three photos or one video. */
const database = useTestDatabase();
const { context, signedInClient } = useSignedInTestApp(database);
const { db } = database;

const send = (authorization: string, petId: number, attachmentIds: number[]) =>
  context.app.inject({
    method: 'POST',
    url: '/v2/messages',
    headers: { authorization },
    payload: { petId, body: 'See the photos.', attachmentIds, requestId: crypto.randomUUID() },
  });

async function messagesOfClient(clientId: number) {
  const { rows } = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from conversation_messages m join conversations c on c.id = m.conversation_id
    where c.client_id = ${clientId}`);
  return rows[0]!.n;
}

describe('POST /v2/messages with files', () => {
  it('attaches the client’s unsent uploads in the order named', async () => {
    const scene = await messagingScene(db, signedInClient);
    const clientId = scene.client.id;
    const ids = [
      await insertAttachment(db, { clientId, fileName: 'paw.jpg' }),
      await insertAttachment(db, { clientId, fileName: 'leg.jpg', scanState: 'not_scanned' }),
      await insertAttachment(db, { clientId, fileName: 'ear.jpg' }),
    ];
    const named = [ids[2]!, ids[0]!, ids[1]!];
    const answer = await send(scene.authorization, scene.pet.id, named);
    expect(answer.statusCode).toBe(201);
    const { message } = sentMessageSchema.parse(answer.json());
    // The practice system's event lists the files, each with its signed link.
    const { rows: events } = await db.execute<{ ids: number[] }>(sql`
      select array(select (a->>'attachment_id')::int from jsonb_array_elements(data->'attachments') a) as ids
      from practice_events where record_kind = 'conversation' and type = 'message.sent'
        and (data->>'message_id')::int = ${message.id}`);
    expect(events).toEqual([{ ids: named }]);
    expect(message.attachments.map((file) => [file.id, file.fileName, file.kind])).toEqual([
      [named[0], 'ear.jpg', 'photo'],
      [named[1], 'paw.jpg', 'photo'],
      [named[2], 'leg.jpg', 'photo'],
    ]);
    // Sent once: the same file cannot go on a second message.
    const again = await send(scene.authorization, scene.pet.id, [ids[0]!]);
    expect(again.statusCode).toBe(422);
    expect(apiErrorSchema.parse(again.json()).code).toBe('attachment_unavailable');
  });

  it('takes one video', async () => {
    const scene = await messagingScene(db, signedInClient);
    const video = await insertAttachment(db, { clientId: scene.client.id, kind: 'video' });
    expect((await send(scene.authorization, scene.pet.id, [video])).statusCode).toBe(201);
  });

  it.each([
    ['another client’s upload', 'other', 'attachment_unavailable'],
    ['a missing upload', 'missing', 'attachment_unavailable'],
    ['the same upload twice', 'twice', 'attachment_unavailable'],
    ['an infected file', 'infected', 'infected'],
    ['a file still being scanned', 'pending', 'attachment_pending'],
    ['a photo and a video', 'mixed', 'too_many_files'],
    ['two videos', 'videos', 'too_many_files'],
  ])('refuses %s (422), storing nothing and attaching nothing', async (_name, kind, code) => {
    const scene = await messagingScene(db, signedInClient);
    const clientId = scene.client.id;
    const photo = await insertAttachment(db, { clientId });
    const ids: Record<string, () => Promise<number[]>> = {
      other: async () => [
        photo,
        await insertAttachment(db, { clientId: (await messagingScene(db, signedInClient)).client.id }),
      ],
      missing: () => Promise.resolve([photo, 2_000_000_000]),
      twice: () => Promise.resolve([photo, photo]),
      infected: async () => [photo, await insertAttachment(db, { clientId, scanState: 'infected' })],
      pending: async () => [photo, await insertAttachment(db, { clientId, scanState: 'pending' })],
      mixed: async () => [photo, await insertAttachment(db, { clientId, kind: 'video' })],
      videos: async () => [
        await insertAttachment(db, { clientId, kind: 'video' }),
        await insertAttachment(db, { clientId, kind: 'video' }),
      ],
    };
    const answer = await send(scene.authorization, scene.pet.id, await ids[kind]!());
    expect(answer.statusCode).toBe(422);
    const body = apiErrorSchema.parse(answer.json());
    expect(body.code).toBe(code);
    expect(body.message.length).toBeGreaterThan(10);
    expect(await messagesOfClient(clientId)).toBe(0);
    const { rows } = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from message_attachments where message_id is not null and client_id = ${clientId}`,
    );
    expect(rows[0]!.n).toBe(0);
  });

  it('refuses more than three files at the door (400)', async () => {
    const scene = await messagingScene(db, signedInClient);
    const clientId = scene.client.id;
    const ids = await Promise.all([1, 2, 3, 4].map(() => insertAttachment(db, { clientId })));
    expect((await send(scene.authorization, scene.pet.id, ids)).statusCode).toBe(400);
  });
});
