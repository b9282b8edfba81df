import { useTestDatabase } from '@vet/db/testing/test-database';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createConversation, createMessagingClient } from '../testing/conversation-fixtures.ts';
import { queueAnswerNotices } from './answer-notice.ts';

/** A text telling of an answer keeps the reminders' quiet hours (20:00 to 08:00 UK time). */
const database = useTestDatabase();
const settings = { portalUrl: 'https://portal.test', brandName: 'Willowbrook Vets' };

async function answeredConversation() {
  const { practiceId, client, pet } = await createMessagingClient(database.db);
  const conversation = await createConversation(database.db, {
    practiceId,
    clientId: client.id,
    petId: pet.id,
  });
  const { rows } = await database.db.execute<{ id: number }>(sql`
    insert into conversation_messages (conversation_id, author, author_name, body, pms_ref)
    values (${conversation.id}, 'practice', 'Sam', 'An answer', 'M-1') returning id`);
  const facts = {
    conversationId: conversation.id,
    email: client.email,
    mobilePhone: client.mobilePhone,
    firstName: client.firstName,
    petName: pet.name,
    practiceName: 'Clapham',
    practiceOwnerName: null,
    byEmail: true,
    bySms: true,
  };
  return { messageId: rows[0]!.id, conversationId: conversation.id, facts };
}

const textRunAt = async (conversationId: number) => {
  const { rows } = await database.db.execute<{ run_at: string }>(sql`
    select j.run_at from sms_outbox s join graphile_worker.jobs j on j.key = 'sms-outbox-' || s.id
    where s.body like ${`%/messages/${conversationId}`}`);
  return rows.map((row) => new Date(row.run_at).toISOString());
};

describe('the answer’s text', () => {
  it('waits for 08:00 when the answer comes in quiet hours, and goes at once otherwise', async () => {
    const late = await answeredConversation();
    const day = await answeredConversation();

    await database.db.transaction((tx) =>
      queueAnswerNotices(tx, settings, late.messageId, late.facts, new Date('2026-12-01T22:30:00Z')),
    );
    await database.db.transaction((tx) =>
      queueAnswerNotices(tx, settings, day.messageId, day.facts, new Date('2026-12-01T11:00:00Z')),
    );

    // December: UK time is GMT, so 08:00 is 08:00Z the next morning.
    expect(await textRunAt(late.conversationId)).toEqual(['2026-12-02T08:00:00.000Z']);
    expect(await textRunAt(day.conversationId)).toEqual(['2026-12-01T11:00:00.000Z']);
    const { rows } = await database.db.execute<{ notified: boolean }>(sql`
      select notified_at is not null as notified from conversation_messages where id = ${late.messageId}`);
    expect(rows).toEqual([{ notified: true }]);
  });
});
