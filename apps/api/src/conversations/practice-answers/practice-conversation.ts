import type { Executor } from '@vet/db/connection';
import { sql } from 'drizzle-orm';
import { notFound } from '../../platform/index.ts';
import type { AnswerNoticeFacts } from './answer-notice.ts';

export const practiceConversationRefusals = {
  notFound: 'This practice has no conversation with that conversation_id.',
  closed: 'The practice closed this conversation: it takes no more answers.',
  unknownReason: 'No appointment reason has that reference.',
  notOwnersMessage: 'This is not one of the owner’s messages in this conversation.',
} as const;

export type LockedConversation = Omit<AnswerNoticeFacts, 'conversationId'> & {
  id: number;
  status: 'open' | 'closed';
  closedAt: Date | null;
};

/**
 * The conversation `conversationId` of the practice `practiceId`, locked for the write (one answer, read
 * or close of a conversation at a time, so a repeated answer finds the first), with what its notices
 * need. Another practice's conversation is not found, exactly like a missing one. The owner is told only
 * while they have an online account: the link is behind sign-in.
 */
export async function lockPracticeConversation(
  tx: Executor,
  practiceId: number,
  conversationId: number,
): Promise<LockedConversation> {
  const { rows } = await tx.execute<LockedConversation>(sql`
    select cv.id, cv.status, cv.closed_at as "closedAt",
      case when c.identity_subject is null then null else c.email end as email,
      c.mobile_phone as "mobilePhone", c.first_name as "firstName", pt.name as "petName",
      pr.name as "practiceName", pr.owner_name as "practiceOwnerName",
      c.identity_subject is not null and coalesce((select opted_in from contact_preferences
        where client_id = c.id and purpose = 'messages' and channel = 'email'), true) as "byEmail",
      c.identity_subject is not null and coalesce((select opted_in from contact_preferences
        where client_id = c.id and purpose = 'messages' and channel = 'sms'), false) as "bySms"
    from conversations cv
    join clients c on c.id = cv.client_id
    join practices pr on pr.id = cv.practice_id
    left join pets pt on pt.id = cv.pet_id
    where cv.id = ${conversationId} and cv.practice_id = ${practiceId}
    for update of cv`);
  const [conversation] = rows;
  if (!conversation) throw notFound(practiceConversationRefusals.notFound);
  return conversation;
}
