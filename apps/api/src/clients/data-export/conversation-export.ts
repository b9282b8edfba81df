import type { DataExport } from '@vet/contracts/data-export';
import type { Executor } from '@vet/db/connection';
import { sql } from 'drizzle-orm';

type ClientPart = NonNullable<DataExport['client']>;
type ExportedAttachment = ClientPart['unsentAttachments'][number];

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

interface AttachmentRow extends Record<string, unknown> {
  id: number;
  message_id: number | null;
  kind: ExportedAttachment['kind'];
  content_type: string;
  byte_size: number;
  file_name: string;
  created_at: Date | string;
}

const attachmentOf = (row: AttachmentRow): ExportedAttachment => ({
  id: row.id,
  kind: row.kind,
  contentType: row.content_type,
  byteSize: row.byte_size,
  fileName: row.file_name,
  uploadedAt: iso(row.created_at),
  // The owner's own way to the bytes: the portal's proxy, checked against their rows (decision 0165).
  download: `/bff/v2/attachments/${row.id}`,
});

/**
 * The client's conversations with their practice and their uploads (issue 66, decision 0169), in the
 * export's snapshot: every message both ways, each file as what it is and the owner's path to it, never
 * the bytes (the export is one JSON document). Scoped to the client by `client_id` on every row.
 */
export async function conversationsForExport(
  tx: Executor,
  clientId: number,
): Promise<Pick<ClientPart, 'conversations' | 'unsentAttachments'>> {
  const conversations = await tx.execute<{
    id: number;
    pet_id: number | null;
    pet_name: string | null;
    practice: string;
    status: ClientPart['conversations'][number]['status'];
    created_at: Date | string;
    closed_at: Date | string | null;
  }>(sql`select c.id, c.pet_id, pe.name as pet_name, p.name as practice, c.status, c.created_at, c.closed_at
           from conversations c join practices p on p.id = c.practice_id left join pets pe on pe.id = c.pet_id
          where c.client_id = ${clientId} order by c.last_message_at desc, c.id desc`);
  const messages = await tx.execute<{
    id: number;
    conversation_id: number;
    author: 'client' | 'practice';
    author_name: string | null;
    body: string;
    created_at: Date | string;
    read_at: Date | string | null;
  }>(sql`select m.id, m.conversation_id, m.author, m.author_name, m.body, m.created_at, m.read_at
           from conversation_messages m join conversations c on c.id = m.conversation_id
          where c.client_id = ${clientId} order by m.id`);
  const attachments = await tx.execute<AttachmentRow>(
    sql`select id, message_id, kind, content_type, byte_size, file_name, created_at from message_attachments
         where client_id = ${clientId} order by message_id nulls first, position, id`,
  );
  return {
    conversations: conversations.rows.map((row) => ({
      id: row.id,
      petId: row.pet_id,
      petName: row.pet_name,
      practice: row.practice,
      status: row.status,
      createdAt: iso(row.created_at),
      closedAt: isoOrNull(row.closed_at),
      messages: messages.rows
        .filter((message) => message.conversation_id === row.id)
        .map((message) => ({
          id: message.id,
          author: message.author,
          authorName: message.author_name,
          body: message.body,
          sentAt: iso(message.created_at),
          readAt: isoOrNull(message.read_at),
          attachments: attachments.rows.filter((a) => a.message_id === message.id).map(attachmentOf),
        })),
    })),
    unsentAttachments: attachments.rows.filter((a) => a.message_id === null).map(attachmentOf),
  };
}
