import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Database } from '../connection.ts';
import {
  attachmentObjects,
  conversationMessages,
  conversations,
  messageAttachments,
} from '../schema/conversations.ts';

type ConversationValues = Partial<typeof conversations.$inferInsert> & {
  practiceId: number;
  clientId: number;
};

/** A conversation (open, about the account unless `petId`), as the owner's first message opens one. */
export async function createConversation(db: Database, values: ConversationValues) {
  const [row] = await db.insert(conversations).values(values).returning();
  if (!row) throw new Error('conversation not inserted');
  return row;
}

type MessageValues = Partial<typeof conversationMessages.$inferInsert> & {
  conversationId: number;
  author: 'client' | 'practice';
};

/** A message: the owner's carries its form's request id, the practice's its system's reference. */
export async function createConversationMessage(db: Database, values: MessageValues) {
  const [row] = await db
    .insert(conversationMessages)
    .values({
      body: values.author === 'client' ? 'Is this rash anything to worry about?' : 'Bring her in on Monday.',
      ...(values.author === 'client'
        ? { requestId: randomUUID() }
        : { pmsRef: `MSG-${randomUUID().slice(0, 8)}` }),
      ...values,
    })
    .returning();
  if (!row) throw new Error('message not inserted');
  return row;
}

type AttachmentValues = Partial<typeof messageAttachments.$inferInsert> & { clientId: number };

/**
 * An attachment with its bytes in the database's store (attachment_objects) under a random key: unsent
 * unless `messageId` (then at `position` 0 unless given). Returns the row and the bytes.
 */
export async function createMessageAttachment(db: Database, values: AttachmentValues) {
  const bytes = randomBytes(64);
  const storageKey = values.storageKey ?? randomBytes(16).toString('hex');
  await db.insert(attachmentObjects).values({ key: storageKey, bytes });
  const [row] = await db
    .insert(messageAttachments)
    .values({
      kind: 'photo',
      contentType: 'image/jpeg',
      byteSize: bytes.length,
      width: 640,
      height: 480,
      fileName: 'IMG_0001.jpg',
      sha256: createHash('sha256').update(bytes).digest('hex'),
      scanState: 'clean',
      position: values.messageId === undefined || values.messageId === null ? null : 0,
      ...values,
      storageKey,
    })
    .returning();
  if (!row) throw new Error('attachment not inserted');
  return { attachment: row, bytes };
}
