import type {
  ConversationList,
  ConversationMessage,
  ConversationSummary,
  ConversationThread,
} from '@vet/contracts/messages';
import type { Executor } from '@vet/db/connection';
import { sql } from 'drizzle-orm';
import { notFound } from '../../platform/index.ts';
import { messagingPractice } from './messaging-practice.ts';

export const conversationMessages = {
  conversationNotFound: 'We could not find that conversation.',
  practiceNotFound: 'We could not find your practice.',
} as const;

/** How much of the latest message the list shows: its first words, whole words where it can. */
const previewChars = 120;

export function previewOf(body: string): string {
  const flat = body.replace(/\s+/g, ' ').trim();
  if (flat.length <= previewChars) return flat;
  const cut = flat.slice(0, previewChars);
  const space = cut.lastIndexOf(' ');
  return `${(space > previewChars / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

type SummaryRow = Omit<ConversationSummary, 'lastMessagePreview' | 'lastMessageAt'> & {
  lastMessageAt: Date | string;
  lastMessageBody: string;
};

const instant = (value: Date | string) => new Date(value).toISOString();

/** The client's conversations (every practice's), newest first: each with its latest message and unread answers. */
async function summariesOf(db: Executor, clientId: number): Promise<ConversationSummary[]> {
  const { rows } = await db.execute<SummaryRow>(sql`
    select c.id, c.pet_id as "petId", p.name as "petName", c.status, c.last_message_at as "lastMessageAt",
      last.body as "lastMessageBody", last.author as "lastMessageAuthor",
      (select count(*)::int from conversation_messages u
        where u.conversation_id = c.id and u.author = 'practice' and u.read_at is null) as "unreadAnswers"
    from conversations c
    left join pets p on p.id = c.pet_id
    cross join lateral (select m.body, m.author from conversation_messages m
      where m.conversation_id = c.id order by m.id desc limit 1) last
    where c.client_id = ${clientId}
    order by c.last_message_at desc, c.id desc`);
  return rows.map(({ lastMessageBody, lastMessageAt, ...row }) => ({
    ...row,
    lastMessageAt: instant(lastMessageAt),
    lastMessagePreview: previewOf(lastMessageBody),
  }));
}

/** GET /v2/conversations: the home practice's messaging facts and the client's conversations. */
export async function listConversations(
  db: Executor,
  client: { clientId: number; homePracticeId: number },
  now: Date,
): Promise<ConversationList> {
  const practice = await messagingPractice(db, client.homePracticeId, now);
  if (!practice) throw notFound(conversationMessages.practiceNotFound);
  return { practice, conversations: await summariesOf(db, client.clientId) };
}

type MessageRow = Omit<ConversationMessage, 'sentAt' | 'suggestedBooking'> & {
  sentAt: Date | string;
  reasonId: number | null;
  reasonName: string | null;
};

/**
 * A conversation's messages, oldest first. An owner's message reads as answered once the practice wrote
 * after it, else read once the practice system marked it read, else sent (decision 0165: from the rows).
 */
export async function messagesOf(
  db: Executor,
  conversationId: number,
  petId: number | null,
  only?: { messageId: number },
): Promise<ConversationMessage[]> {
  const { rows } = await db.execute<MessageRow>(sql`
    select m.id, m.author, m.author_name as "authorName", m.body, m.created_at as "sentAt",
      case when m.author = 'practice' then null
        when exists (select 1 from conversation_messages a where a.conversation_id = m.conversation_id
          and a.author = 'practice' and a.id > m.id) then 'answered'
        when m.read_at is not null then 'read' else 'sent' end as state,
      coalesce((select json_agg(json_build_object('id', f.id, 'kind', f.kind, 'contentType', f.content_type,
          'byteSize', f.byte_size, 'width', f.width, 'height', f.height, 'fileName', f.file_name)
          order by f.position)
        from message_attachments f where f.message_id = m.id), '[]'::json) as attachments,
      r.id as "reasonId", r.name as "reasonName"
    from conversation_messages m
    left join appointment_reasons r on r.id = m.suggested_reason_id
    where m.conversation_id = ${conversationId}
      ${only ? sql`and m.id = ${only.messageId}` : sql``}
    order by m.id`);
  return rows.map(({ reasonId, reasonName, sentAt, ...row }) => ({
    ...row,
    sentAt: instant(sentAt),
    suggestedBooking: reasonId !== null && reasonName !== null ? { reasonId, reasonName, petId } : null,
  }));
}

type ConversationRow = {
  id: number;
  petId: number | null;
  petName: string | null;
  practiceId: number;
  status: ConversationThread['status'];
  lastMessageAt: Date | string;
};

/**
 * GET /v2/conversations/{id}: one of the client's conversations (another client's is not found, as a
 * missing one). Opening it marks the practice's answers read by the owner first, so the unread count the
 * navigation shows next is already down.
 */
export async function openConversation(
  db: Executor,
  clientId: number,
  conversationId: number,
  now: Date,
): Promise<ConversationThread> {
  const { rows } = await db.execute<ConversationRow>(sql`
    select c.id, c.pet_id as "petId", p.name as "petName", c.practice_id as "practiceId", c.status,
      c.last_message_at as "lastMessageAt"
    from conversations c left join pets p on p.id = c.pet_id
    where c.id = ${conversationId} and c.client_id = ${clientId}`);
  const conversation = rows[0];
  if (!conversation) throw notFound(conversationMessages.conversationNotFound);
  await db.execute(sql`
    update conversation_messages set read_at = ${now.toISOString()}
    where conversation_id = ${conversation.id} and author = 'practice' and read_at is null`);
  const practice = await messagingPractice(db, conversation.practiceId, now);
  if (!practice) throw notFound(conversationMessages.practiceNotFound);
  const { practiceId: _practiceId, lastMessageAt, ...summary } = conversation;
  return {
    ...summary,
    lastMessageAt: instant(lastMessageAt),
    practice,
    messages: await messagesOf(db, conversation.id, conversation.petId),
  };
}
