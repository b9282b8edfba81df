import type { Database } from '@vet/db/connection';
import { sql } from 'drizzle-orm';
import { conflict, unprocessable } from '../../platform/index.ts';
import { queueAnswerNotices, type AnswerNoticeSettings } from './answer-notice.ts';
import { lockPracticeConversation, practiceConversationRefusals } from './practice-conversation.ts';

export interface PracticeAnswer {
  practiceId: number;
  conversationId: number;
  /** The practice system's own id of the answer: the same one again stores nothing. */
  messageRef: string;
  body: string;
  authorName: string;
  suggestedReasonRef?: string | undefined;
}

export interface StoredAnswer {
  outcome: 'applied' | 'unchanged';
  messageId: number;
  sentAt: Date;
  /** What the owner was sent: counts only, for the log. */
  notices: { email: boolean; sms: boolean } | null;
}

/**
 * The practice's answer to an owner's conversation (issue 66, decision 0168), in one transaction: the
 * answer, the owner's earlier messages marked read, the conversation's latest time, and the owner's
 * notices (e-mail, text by choice) marked on the answer. The same `messageRef` again changes nothing and
 * answers the first, even once the conversation is closed; a new answer to a closed one is refused.
 */
export async function answerConversation(
  db: Database,
  settings: AnswerNoticeSettings,
  answer: PracticeAnswer,
): Promise<StoredAnswer> {
  return db.transaction(async (tx) => {
    const conversation = await lockPracticeConversation(tx, answer.practiceId, answer.conversationId);
    const { rows: stored } = await tx.execute<{ id: number; created_at: string }>(sql`
      select id, created_at from conversation_messages
      where conversation_id = ${conversation.id} and pms_ref = ${answer.messageRef}`);
    const [before] = stored;
    if (before)
      return {
        outcome: 'unchanged',
        messageId: before.id,
        sentAt: new Date(before.created_at),
        notices: null,
      };
    if (conversation.status === 'closed')
      throw conflict(practiceConversationRefusals.closed, 'conversation_closed');
    const reasonId =
      answer.suggestedReasonRef === undefined ? null : await reasonIdOf(tx, answer.suggestedReasonRef);
    const { rows } = await tx.execute<{ id: number; created_at: string }>(sql`
      insert into conversation_messages (conversation_id, author, author_name, body, pms_ref, suggested_reason_id)
      values (${conversation.id}, 'practice', ${answer.authorName}, ${answer.body}, ${answer.messageRef}, ${reasonId})
      returning id, created_at`);
    const message = rows[0]!;
    // Answering is reading: the owner's messages before it are read by the practice.
    await tx.execute(sql`
      update conversation_messages set read_at = ${message.created_at}
      where conversation_id = ${conversation.id} and author = 'client' and read_at is null
        and id < ${message.id}`);
    await tx.execute(sql`
      update conversations set last_message_at = ${message.created_at} where id = ${conversation.id}`);
    const notices = await queueAnswerNotices(tx, settings, message.id, {
      ...conversation,
      conversationId: conversation.id,
    });
    return { outcome: 'applied', messageId: message.id, sentAt: new Date(message.created_at), notices };
  });
}

/** The appointment reason named by the practice system's reference (reasons are the group's). */
async function reasonIdOf(tx: Pick<Database, 'execute'>, reasonRef: string): Promise<number> {
  const { rows } = await tx.execute<{ id: number }>(
    sql`select id from appointment_reasons where pms_ref = ${reasonRef}`,
  );
  const [reason] = rows;
  if (!reason)
    throw unprocessable(
      practiceConversationRefusals.unknownReason,
      [{ path: 'suggested_reason_ref', message: practiceConversationRefusals.unknownReason }],
      'references_refused',
    );
  return reason.id;
}
