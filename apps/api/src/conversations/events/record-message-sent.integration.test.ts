import { attachmentLinkDays } from '@vet/contracts/message-rules';
import { practiceEventDataSchemas } from '@vet/contracts/practice-events';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { attachmentLinkKey, isAttachmentLinkValid } from '../attachment-links/index.ts';
import {
  createAttachment,
  createConversation,
  createMessagingClient,
  createOwnerMessage,
} from '../testing/conversation-fixtures.ts';
import { recordMessageSentEvent } from './record-message-sent.ts';

/** `message.sent` (decision 0168) from rows written here: what the practice system is told of a message. */
const database = useTestDatabase();
const links = {
  apiPublicUrl: 'https://api.portal.test/',
  key: attachmentLinkKey(randomUUID() + randomUUID()),
};
const now = new Date('2026-12-02T08:41:17.580Z');

const eventsOf = async (conversationId: number) => {
  const { rows } = await database.db.execute<{ type: string; data: Record<string, unknown> }>(sql`
    select type, data from practice_events
    where record_kind = 'conversation' and record_id = ${conversationId} order by id`);
  return rows;
};

async function messageWithFiles(petAbout: boolean) {
  const practiceRef = `PR-${randomUUID().slice(0, 8)}`;
  const { practiceId, client, pet } = await createMessagingClient(database.db, { practiceRef });
  const conversation = await createConversation(database.db, {
    practiceId,
    clientId: client.id,
    petId: petAbout ? pet.id : null,
  });
  const message = await createOwnerMessage(database.db, conversation.id, 'She keeps licking it.');
  return { practiceRef, practiceId, client, pet, conversation, message };
}

describe('message.sent', () => {
  it('names the conversation, pet, client and practice, the text and each clean file with a signed link', async () => {
    const { practiceRef, practiceId, client, pet, conversation, message } = await messageWithFiles(true);
    const second = await createAttachment(database.db, {
      clientId: client.id,
      messageId: message.id,
      position: 1,
    });
    const first = await createAttachment(database.db, {
      clientId: client.id,
      messageId: message.id,
      position: 0,
    });
    await createAttachment(database.db, {
      clientId: client.id,
      messageId: message.id,
      position: 2,
      scanState: 'infected',
    });

    await database.db.transaction((tx) => recordMessageSentEvent(tx, message.id, links, now));

    const [event] = await eventsOf(conversation.id);
    expect(event?.type).toBe('message.sent');
    const data = practiceEventDataSchemas['message.sent'].strict().parse(event!.data);
    expect(data).toMatchObject({
      conversation_id: conversation.id,
      conversation_ref: null,
      message_id: message.id,
      practice_id: practiceId,
      practice_ref: practiceRef,
      client_id: client.id,
      client_ref: client.pmsRef,
      pet_id: pet.id,
      pet_ref: pet.pmsRef,
      body: 'She keeps licking it.',
      sent_at: message.createdAt.toISOString(),
    });
    // The infected file is not listed; the others in their order on the message.
    expect(data.attachments.map((a) => [a.attachment_id, a.sha256, a.byte_size])).toEqual([
      [first.id, first.sha256, first.byteSize],
      [second.id, second.sha256, second.byteSize],
    ]);
    // The link's expiry in whole seconds, attachmentLinkDays from now.
    const expires = new Date(Math.floor(now.getTime() / 1000) * 1000 + attachmentLinkDays * 86_400_000);
    for (const attachment of data.attachments) {
      expect(attachment.link_expires_at).toBe(expires.toISOString());
      const url = new URL(attachment.url);
      expect(url.origin + url.pathname).toBe(
        `https://api.portal.test/attachments/${attachment.attachment_id}`,
      );
      const [expiresParam, signature] = [
        url.searchParams.get('expires')!,
        url.searchParams.get('signature')!,
      ];
      expect(Number(expiresParam) * 1000).toBe(expires.getTime());
      expect(isAttachmentLinkValid(links.key, attachment.attachment_id, expiresParam, signature, now)).toBe(
        true,
      );
      expect(
        isAttachmentLinkValid(links.key, attachment.attachment_id, expiresParam, signature, expires),
      ).toBe(false);
    }
  });

  it('about the account: no pet, no files', async () => {
    const { conversation, message } = await messageWithFiles(false);

    await database.db.transaction((tx) => recordMessageSentEvent(tx, message.id, links, now));

    const [event] = await eventsOf(conversation.id);
    expect(event?.data).toMatchObject({ pet_id: null, pet_ref: null, attachments: [] });
  });

  it('commits with the send or not at all', async () => {
    const { conversation, message } = await messageWithFiles(true);

    await expect(
      database.db.transaction(async (tx) => {
        await recordMessageSentEvent(tx, message.id, links, now);
        throw new Error('the send failed after its event');
      }),
    ).rejects.toThrow('the send failed');

    expect(await eventsOf(conversation.id)).toEqual([]);
  });

  it('refuses a message that is not an owner’s', async () => {
    await expect(
      database.db.transaction((tx) => recordMessageSentEvent(tx, 2_000_000_000, links, now)),
    ).rejects.toThrow('no owner');
  });
});
