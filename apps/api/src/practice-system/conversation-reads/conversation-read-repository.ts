import type { ConversationCursor } from '@vet/contracts/integration-conversation-reads';
import type { ConversationStatus } from '@vet/contracts/message-rules';
import type { Database } from '@vet/db/connection';
import { sql } from 'drizzle-orm';

/** A conversation as both reads give it: who it is with, about which pet, and where it stands. */
export type ConversationHeadRow = {
  id: number;
  pms_ref: string | null;
  client_id: number;
  client_ref: string | null;
  pet_id: number | null;
  pet_ref: string | null;
  pet_name: string | null;
  status: ConversationStatus;
  last_message_at: Date | string;
  closed_at: Date | string | null;
  created_at: Date | string;
};

export type ConversationListRow = ConversationHeadRow & {
  /** The activity time in microseconds since 1970, as text: the cursor's exact half (a Date keeps ms). */
  last_message_micros: string;
  unread_client_messages: number;
};

export type MessageRow = {
  id: number;
  pms_ref: string | null;
  author: 'client' | 'practice';
  author_name: string | null;
  body: string;
  created_at: Date | string;
  read_at: Date | string | null;
  suggested_reason_id: number | null;
  suggested_reason_ref: string | null;
};

export type AttachmentRow = {
  id: number;
  message_id: number;
  kind: 'photo' | 'video';
  content_type: string;
  byte_size: number;
  width: number | null;
  height: number | null;
  sha256: string;
  scan_state: 'pending' | 'clean' | 'infected' | 'not_scanned';
};

const head = sql`c.id, c.pms_ref, c.client_id, cl.pms_ref as client_ref, c.pet_id, pe.pms_ref as pet_ref,
  pe.name as pet_name, c.status, c.last_message_at, c.closed_at, c.created_at`;
const joined = sql`conversations c join clients cl on cl.id = c.client_id left join pets pe on pe.id = c.pet_id`;

export interface ListOptions {
  status?: ConversationStatus | undefined;
  after?: ConversationCursor | undefined;
  limit: number;
}

/**
 * A practice's conversations, newest activity first, keyset-paged on (last_message_at, id): the index
 * conversations_practice_idx read backwards, so page 200 costs what page 1 does. The unread count is the
 * owner's messages without `read_at`, counted per conversation on the page only.
 */
export async function listPracticeConversations(
  db: Database,
  practiceId: number,
  { status, after, limit }: ListOptions,
): Promise<ConversationListRow[]> {
  const afterCursor = after
    ? sql`and (c.last_message_at, c.id) <
          (timestamptz 'epoch' + ${after.lastMessageMicros.toString()}::bigint * interval '1 microsecond', ${after.id})`
    : sql``;
  const { rows } = await db.execute<ConversationListRow>(sql`
    select ${head},
           ((extract(epoch from c.last_message_at) * 1000000)::bigint)::text as last_message_micros,
           (select count(*) from conversation_messages m
             where m.conversation_id = c.id and m.author = 'client' and m.read_at is null)::int
             as unread_client_messages
      from ${joined}
     where c.practice_id = ${practiceId} ${status ? sql`and c.status = ${status}` : sql``} ${afterCursor}
     order by c.last_message_at desc, c.id desc
     limit ${limit}`);
  return rows;
}

/** One conversation of the practice, or undefined: another practice's answers as a missing one does. */
export async function findPracticeConversation(
  db: Database,
  practiceId: number,
  conversationId: number,
): Promise<
  { conversation: ConversationHeadRow; messages: MessageRow[]; attachments: AttachmentRow[] } | undefined
> {
  const found = await db.execute<ConversationHeadRow>(
    sql`select ${head} from ${joined} where c.id = ${conversationId} and c.practice_id = ${practiceId}`,
  );
  const [conversation] = found.rows;
  if (!conversation) return undefined;
  const messages = await db.execute<MessageRow>(sql`
    select m.id, m.pms_ref, m.author, m.author_name, m.body, m.created_at, m.read_at,
           m.suggested_reason_id, r.pms_ref as suggested_reason_ref
      from conversation_messages m left join appointment_reasons r on r.id = m.suggested_reason_id
     where m.conversation_id = ${conversationId}
     order by m.id`);
  const attachments = await db.execute<AttachmentRow>(sql`
    select a.id, a.message_id, a.kind, a.content_type, a.byte_size, a.width, a.height, a.sha256, a.scan_state
      from message_attachments a join conversation_messages m on m.id = a.message_id
     where m.conversation_id = ${conversationId}
     order by a.message_id, a.position`);
  return { conversation, messages: messages.rows, attachments: attachments.rows };
}

/** The practice's id by its reference, or undefined for a reference nobody has. */
export async function practiceIdOf(db: Database, practiceRef: string): Promise<number | undefined> {
  const { rows } = await db.execute<{ id: number }>(
    sql`select id from practices where pms_ref = ${practiceRef}`,
  );
  return rows[0]?.id;
}
