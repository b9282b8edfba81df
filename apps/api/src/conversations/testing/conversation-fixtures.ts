import type { AttachmentKind, AttachmentScanState } from '@vet/contracts/message-rules';
import type { Database } from '@vet/db/connection';
import { conversationMessages, conversations, messageAttachments } from '@vet/db/schema/conversations';
import { createClient, createPet, createPractice } from '@vet/db/testing/factories';
import { createHash, randomUUID } from 'node:crypto';

/**
 * Rows of messages with the practice, written directly (not through the owner's send, another part's
 * route), for the tests of what the practice system receives and answers. Each call builds its own.
 */
export async function createMessagingClient(
  db: Database,
  options: { practiceRef?: string; practiceId?: number; mobilePhone?: string | null } = {},
) {
  const practiceId =
    options.practiceId ??
    (await createPractice(db, { pmsRef: options.practiceRef ?? null, messageAnswerHours: 4 })).id;
  const client = await createClient(db, {
    homePracticeId: practiceId,
    identitySubject: `subject-${randomUUID()}`,
    pmsRef: `C-${randomUUID().slice(0, 8)}`,
    mobilePhone: options.mobilePhone === undefined ? '07400 123456' : options.mobilePhone,
  });
  const pet = await createPet(db, { clientId: client.id, pmsRef: `P-${randomUUID().slice(0, 8)}` });
  return { practiceId, client, pet };
}

export async function createConversation(
  db: Database,
  values: { practiceId: number; clientId: number; petId: number | null; closed?: boolean },
) {
  const [row] = await db
    .insert(conversations)
    .values({
      practiceId: values.practiceId,
      clientId: values.clientId,
      petId: values.petId,
      ...(values.closed ? { status: 'closed' as const, closedAt: new Date() } : {}),
    })
    .returning();
  return row!;
}

export async function createOwnerMessage(
  db: Database,
  conversationId: number,
  body = 'A red patch on her belly.',
) {
  const [row] = await db
    .insert(conversationMessages)
    .values({ conversationId, author: 'client', body, requestId: randomUUID() })
    .returning();
  return row!;
}

export async function createAttachment(
  db: Database,
  values: {
    clientId: number;
    messageId: number;
    position: number;
    kind?: AttachmentKind;
    scanState?: AttachmentScanState;
    bytes?: Buffer;
  },
) {
  const bytes = values.bytes ?? Buffer.from(`photo ${randomUUID()}`);
  const kind = values.kind ?? 'photo';
  const [row] = await db
    .insert(messageAttachments)
    .values({
      clientId: values.clientId,
      messageId: values.messageId,
      position: values.position,
      kind,
      contentType: kind === 'photo' ? 'image/jpeg' : 'video/mp4',
      byteSize: bytes.length,
      fileName: 'IMG_0042.HEIC',
      sha256: createHash('sha256').update(bytes).digest('hex'),
      storageKey: randomUUID(),
      scanState: values.scanState ?? 'clean',
    })
    .returning();
  return row!;
}
