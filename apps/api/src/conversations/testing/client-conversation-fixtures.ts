import type { Database } from '@vet/db/connection';
import { practiceOpeningHours } from '@vet/db/schema/practices';
import { createPet, createPractice, type createClient } from '@vet/db/testing/factories';
import { sql } from 'drizzle-orm';

type SignedInClient = (
  overrides?: Parameters<typeof createClient>[1],
) => Promise<{ client: Awaited<ReturnType<typeof createClient>>; authorization: string }>;

/**
 * A practice that answers messages within 4 opening hours (open 08:00–18:00 on weekdays), and a
 * signed-in client of it with a dog: what the messages pages read and write.
 */
export async function messagingScene(
  db: Database,
  signedInClient: SignedInClient,
  options: { answerHours?: number | null } = {},
) {
  const practice = await createPractice(db, {
    name: 'Harbour Vets Clapham',
    phone: '020 7946 0000',
    messageAnswerHours: options.answerHours === undefined ? 4 : options.answerHours,
  });
  await db.insert(practiceOpeningHours).values(
    [1, 2, 3, 4, 5].map((dayOfWeek) => ({
      practiceId: practice.id,
      dayOfWeek,
      opensAt: '08:00',
      closesAt: '18:00',
    })),
  );
  const { client, authorization } = await signedInClient({ homePracticeId: practice.id });
  const pet = await createPet(db, { clientId: client.id, name: 'Bramble' });
  return { practice, client, authorization, pet };
}

/** An upload as the attachments module stores it (part A's route writes these rows). */
export async function insertAttachment(
  db: Database,
  values: {
    clientId: number;
    kind?: 'photo' | 'video';
    scanState?: 'pending' | 'clean' | 'infected' | 'not_scanned';
    fileName?: string;
  },
): Promise<number> {
  const kind = values.kind ?? 'photo';
  const { rows } = await db.execute<{ id: number }>(sql`
    insert into message_attachments (client_id, kind, content_type, byte_size, width, height, file_name,
      sha256, storage_key, scan_state)
    values (${values.clientId}, ${kind}, ${kind === 'photo' ? 'image/jpeg' : 'video/mp4'}, 1234,
      ${kind === 'photo' ? 800 : null}, ${kind === 'photo' ? 600 : null}, ${values.fileName ?? 'IMG_0001.jpg'},
      ${'0'.repeat(64)}, ${crypto.randomUUID()}, ${values.scanState ?? 'clean'})
    returning id`);
  return rows[0]!.id;
}

/** The practice system's answer, as part C's integration route writes it. */
export async function insertAnswer(
  db: Database,
  conversationId: number,
  values: { body?: string; authorName?: string; suggestedReasonId?: number | null } = {},
): Promise<number> {
  const { rows } = await db.execute<{ id: number }>(sql`
    insert into conversation_messages (conversation_id, author, author_name, body, pms_ref, suggested_reason_id)
    values (${conversationId}, 'practice', ${values.authorName ?? 'Sam, veterinary nurse'},
      ${values.body ?? 'Thank you, we have had a look.'}, ${crypto.randomUUID()},
      ${values.suggestedReasonId ?? null})
    returning id`);
  await db.execute(sql`update conversations set last_message_at = now() where id = ${conversationId}`);
  return rows[0]!.id;
}
