import {
  maxPhotosPerMessage,
  maxVideosPerMessage,
  messagesPerMinute,
  type SentMessage,
} from '@vet/contracts/messages';
import type { Database, Executor } from '@vet/db/connection';
import { sql } from 'drizzle-orm';
import { ApiProblem, conflict, tooManyRequests, unprocessable } from '../../platform/index.ts';
import { recordMessageSentEvent, type AttachmentLinkSettings } from '../events/index.ts';
import { messagesOf } from './conversation-reads.ts';

/** What the owner reads when a send is refused: each says what to do next. */
export const sendRefusals = {
  petNotFound: 'We could not find that pet.',
  petGone:
    'This pet is no longer with you, so you cannot write about it here. Write about your account instead.',
  messagesOff: 'Your practice does not take messages online. Please call the practice.',
  tooMany: 'You have sent a lot of messages in the last minute. Please wait a minute and send again.',
  attachmentUnavailable: 'One of your files is no longer available. Remove it and attach it again.',
  attachmentInfected: 'One of your files failed the safety check. Remove it to send your message.',
  attachmentPending: 'One of your files is still being checked. Please try again in a moment.',
  tooManyFiles: `Attach up to ${maxPhotosPerMessage} photos or one video, not both.`,
} as const;

/** The send's inputs, as validated by the contract (`sendMessageBodySchema`'s output). */
export interface SendMessageInput {
  petId: number | null;
  body: string;
  attachmentIds: number[];
  requestId: string;
}

type Sent = SentMessage & { created: boolean };

/** The owner's earlier message of this request id (a double click, a retry after a lost answer). */
async function repeatOf(tx: Executor, clientId: number, requestId: string) {
  const { rows } = await tx.execute<{ id: number; conversation_id: number; pet_id: number | null }>(sql`
    select m.id, m.conversation_id, c.pet_id from conversation_messages m
    join conversations c on c.id = m.conversation_id
    where c.client_id = ${clientId} and m.request_id = ${requestId}`);
  return rows[0];
}

async function checkPet(tx: Executor, clientId: number, petId: number) {
  const { rows } = await tx.execute<{ status: string }>(sql`
    select status from pets where id = ${petId} and client_id = ${clientId}`);
  const pet = rows[0];
  // Another client's pet answers exactly as a missing one.
  if (!pet) throw new ApiProblem('notFound', sendRefusals.petNotFound, undefined, undefined, 'pet_not_found');
  if (pet.status !== 'Active') throw unprocessable(sendRefusals.petGone, undefined, 'pet_gone');
}

/** The client's messages of the last minute, every conversation together (counted under the client's lock). */
async function checkRate(tx: Executor, clientId: number) {
  const { rows } = await tx.execute<{ sent: number; retry_after: number | null }>(sql`
    select count(*)::int as sent,
      ceil(extract(epoch from (min(m.created_at) + interval '1 minute' - now())))::int as retry_after
    from conversation_messages m join conversations c on c.id = m.conversation_id
    where c.client_id = ${clientId} and m.author = 'client' and m.created_at > now() - interval '1 minute'`);
  const row = rows[0];
  if (row && row.sent >= messagesPerMinute)
    throw tooManyRequests(sendRefusals.tooMany, Math.max(1, row.retry_after ?? 60));
}

/**
 * The files named on the message, locked: the client's own (another's reads as missing), not yet on a
 * message, scanned clean (or where no scanner runs), and up to three photos or one video, never both.
 */
async function checkAttachments(tx: Executor, clientId: number, ids: number[]) {
  if (ids.length === 0) return;
  if (new Set(ids).size !== ids.length)
    throw unprocessable(sendRefusals.attachmentUnavailable, undefined, 'attachment_unavailable');
  const { rows } = await tx.execute<{ kind: string; scan_state: string; message_id: number | null }>(sql`
    select kind, scan_state, message_id from message_attachments
    where client_id = ${clientId} and id = any(${`{${ids.join(',')}}`}::int[])
    order by id for update`);
  if (rows.length !== ids.length || rows.some((row) => row.message_id !== null))
    throw unprocessable(sendRefusals.attachmentUnavailable, undefined, 'attachment_unavailable');
  if (rows.some((row) => row.scan_state === 'infected'))
    throw unprocessable(sendRefusals.attachmentInfected, undefined, 'infected');
  if (rows.some((row) => row.scan_state === 'pending'))
    throw unprocessable(sendRefusals.attachmentPending, undefined, 'attachment_pending');
  const photos = rows.filter((row) => row.kind === 'photo').length;
  const videos = rows.length - photos;
  if (photos > maxPhotosPerMessage || videos > maxVideosPerMessage || (photos > 0 && videos > 0))
    throw unprocessable(sendRefusals.tooManyFiles, undefined, 'too_many_files');
}

/**
 * POST /v2/messages (issue 66, decisions 0165, 0167), in one transaction: the client's row is locked first, so
 * one client's sends are decided one at a time (the minute's count, a repeated request id). The open
 * conversation of the pet is found or opened by the partial unique index `conversations_open_uq`, the
 * message written, its files attached in the order named, and the practice system's event recorded with
 * it. `created` is false for a repeat, which stores nothing.
 */
export async function sendMessage(
  db: Database,
  client: { clientId: number; homePracticeId: number },
  input: SendMessageInput,
  links: AttachmentLinkSettings,
): Promise<Sent> {
  const { clientId } = client;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select id from clients where id = ${clientId} for update`);
    const repeat = await repeatOf(tx, clientId, input.requestId);
    if (repeat) {
      const [message] = await messagesOf(tx, repeat.conversation_id, repeat.pet_id, { messageId: repeat.id });
      if (!message) throw new Error('repeated message not read back');
      return { created: false, conversationId: repeat.conversation_id, message };
    }
    if (input.petId !== null) await checkPet(tx, clientId, input.petId);
    const { rows: practice } = await tx.execute<{ message_answer_hours: number | null }>(sql`
      select message_answer_hours from practices where id = ${client.homePracticeId}`);
    if (practice[0]?.message_answer_hours == null) throw conflict(sendRefusals.messagesOff, 'messages_off');
    await checkRate(tx, clientId);
    await checkAttachments(tx, clientId, input.attachmentIds);

    const { rows: conversation } = await tx.execute<{ id: number }>(sql`
      insert into conversations (practice_id, client_id, pet_id)
      values (${client.homePracticeId}, ${clientId}, ${input.petId})
      on conflict (client_id, practice_id, coalesce(pet_id, 0)) where status = 'open'
      do update set last_message_at = now()
      returning id`);
    const conversationId = conversation[0]!.id;
    const { rows: inserted } = await tx.execute<{ id: number }>(sql`
      insert into conversation_messages (conversation_id, author, body, request_id)
      values (${conversationId}, 'client', ${input.body}, ${input.requestId})
      returning id`);
    const messageId = inserted[0]!.id;
    if (input.attachmentIds.length > 0)
      await tx.execute(sql`
        update message_attachments f set message_id = ${messageId}, position = named.position
        from unnest(${`{${input.attachmentIds.join(',')}}`}::int[]) with ordinality as named(id, position)
        where f.id = named.id and f.client_id = ${clientId}`);
    // The practice system's event, with the files' signed links: written with the message or not at all.
    await recordMessageSentEvent(tx, messageId, links);

    const [message] = await messagesOf(tx, conversationId, input.petId, { messageId });
    if (!message) throw new Error('sent message not read back');
    return { created: true, conversationId, message };
  });
}
