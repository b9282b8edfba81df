import type { Database } from '@vet/db/connection';
import { sql } from 'drizzle-orm';
import { unprocessable } from '../../platform/index.ts';
import { lockPracticeConversation, practiceConversationRefusals } from './practice-conversation.ts';

/**
 * The practice system read the owner's messages up to `upToMessageId` (one of the owner's in this
 * conversation): those not yet read are marked read now. Returns how many; 0 when they already were.
 */
export async function markConversationRead(
  db: Database,
  input: { practiceId: number; conversationId: number; upToMessageId: number },
): Promise<number> {
  return db.transaction(async (tx) => {
    const conversation = await lockPracticeConversation(tx, input.practiceId, input.conversationId);
    const { rows: named } = await tx.execute(sql`
      select 1 from conversation_messages
      where id = ${input.upToMessageId} and conversation_id = ${conversation.id} and author = 'client'`);
    if (named.length === 0)
      throw unprocessable(
        practiceConversationRefusals.notOwnersMessage,
        [{ path: 'up_to_message_id', message: practiceConversationRefusals.notOwnersMessage }],
        'references_refused',
      );
    const { rows } = await tx.execute(sql`
      update conversation_messages set read_at = now()
      where conversation_id = ${conversation.id} and author = 'client' and read_at is null
        and id <= ${input.upToMessageId}
      returning id`);
    return rows.length;
  });
}

/**
 * The practice closed the conversation: it takes no more answers, and the owner's next message about the
 * same pet opens a new one (decision 0165). Closing a closed one changes nothing.
 */
export async function closeConversation(
  db: Database,
  input: { practiceId: number; conversationId: number },
): Promise<{ outcome: 'applied' | 'unchanged'; closedAt: Date }> {
  return db.transaction(async (tx) => {
    const conversation = await lockPracticeConversation(tx, input.practiceId, input.conversationId);
    if (conversation.status === 'closed')
      return { outcome: 'unchanged', closedAt: new Date(conversation.closedAt!) };
    const { rows } = await tx.execute<{ closed_at: string }>(sql`
      update conversations set status = 'closed', closed_at = now()
      where id = ${conversation.id} returning closed_at`);
    return { outcome: 'applied', closedAt: new Date(rows[0]!.closed_at) };
  });
}
