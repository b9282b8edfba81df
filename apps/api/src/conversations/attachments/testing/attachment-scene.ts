import type { Database } from '@vet/db/connection';
import { conversationMessages, conversations, messageAttachments } from '@vet/db/schema/conversations';
import { attachmentObjects } from '@vet/db/schema/conversations';
import { createPractice } from '@vet/db/testing/factories';
import { eq, sql } from 'drizzle-orm';

/** The attachment's row as stored (what the API decided), or undefined. */
export async function attachmentRow(db: Database, id: number) {
  const [row] = await db.select().from(messageAttachments).where(eq(messageAttachments.id, id));
  return row;
}

/** The bytes the database store holds under a key: what the practice would receive. */
export async function storedBytes(db: Database, key: string) {
  const [row] = await db
    .select({ bytes: attachmentObjects.bytes })
    .from(attachmentObjects)
    .where(eq(attachmentObjects.key, key));
  return row?.bytes;
}

/** How many attachments a client has, and how many objects the database store holds in all. */
export async function countsOf(db: Database, clientId: number) {
  const { rows } = await db.execute<{ attachments: number; objects: number }>(sql`
    select (select count(*)::int from message_attachments where client_id = ${clientId}) as attachments,
      (select count(*)::int from attachment_objects) as objects`);
  return rows[0]!;
}

/**
 * Puts attachments on a message the client sent, as POST /v2/messages does (helper B's part): a
 * conversation with a practice, one message, the files in order.
 */
export async function sendOnMessage(db: Database, clientId: number, attachmentIds: number[]) {
  const practice = await createPractice(db);
  const [conversation] = await db
    .insert(conversations)
    .values({ practiceId: practice.id, clientId })
    .returning();
  const [message] = await db
    .insert(conversationMessages)
    .values({
      conversationId: conversation!.id,
      author: 'client',
      body: 'Bramble’s paw',
      requestId: crypto.randomUUID(),
    })
    .returning();
  for (const [position, id] of attachmentIds.entries()) {
    await db
      .update(messageAttachments)
      .set({ messageId: message!.id, position })
      .where(eq(messageAttachments.id, id));
  }
  return message!.id;
}
