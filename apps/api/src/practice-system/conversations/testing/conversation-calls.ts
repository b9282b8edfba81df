import { apiErrorSchema } from '@vet/contracts/errors';
import { integrationPathPrefix } from '@vet/contracts/machine-access';
import type { Database } from '@vet/db/connection';
import { sql } from 'drizzle-orm';
import type { useSignedInTestApp } from '../../../testing/signed-in-app.ts';

type TestApp = ReturnType<typeof useSignedInTestApp>;

/** Calls of the conversation write routes as a machine client (the group's, or `clientId`'s own grant). */
export function conversationCalls({ context, machineAuthorization }: TestApp) {
  const post = async (path: string, body?: Record<string, unknown>, clientId?: string) =>
    context.app.inject({
      method: 'POST',
      url: `${integrationPathPrefix}${path}`,
      headers: { authorization: await machineAuthorization(clientId === undefined ? {} : { clientId }) },
      ...(body === undefined ? {} : { payload: body }),
    });
  const of = (practiceRef: string, conversationId: number) =>
    `/practices/${practiceRef}/conversations/${conversationId}`;
  return {
    post,
    answer: (practiceRef: string, conversationId: number, body: Record<string, unknown>, clientId?: string) =>
      post(`${of(practiceRef, conversationId)}/messages`, body, clientId),
    read: (practiceRef: string, conversationId: number, upTo: number, clientId?: string) =>
      post(`${of(practiceRef, conversationId)}/read`, { up_to_message_id: upTo }, clientId),
    close: (practiceRef: string, conversationId: number, clientId?: string) =>
      post(`${of(practiceRef, conversationId)}/close`, undefined, clientId),
  };
}

export const refused = (response: { statusCode: number; json: () => unknown }) => {
  const body = apiErrorSchema.parse(response.json());
  return { status: response.statusCode, code: body.code, fields: body.issues?.map((issue) => issue.path) };
};

/** A conversation's messages as stored, oldest first. */
export async function messagesOf(db: Database, conversationId: number) {
  const { rows } = await db.execute<{
    id: number;
    author: string;
    body: string;
    pms_ref: string | null;
    author_name: string | null;
    suggested_reason_id: number | null;
    read_at: string | null;
    notified_at: string | null;
  }>(sql`
    select id, author, body, pms_ref, author_name, suggested_reason_id, read_at, notified_at
    from conversation_messages where conversation_id = ${conversationId} order by id`);
  return rows;
}

/** What was queued to an address or number: subjects and bodies, to show what they (do not) say. */
export async function emailsTo(db: Database, address: string) {
  const { rows } = await db.execute<{ subject: string; text_body: string; html_body: string | null }>(
    sql`select subject, text_body, html_body from email_outbox where to_address = ${address} order by id`,
  );
  return rows;
}

/** The texts that link to this conversation (numbers are shared by the tests' made-up clients). */
export async function textsAbout(db: Database, conversationId: number) {
  const { rows } = await db.execute<{ to_number: string; body: string }>(
    sql`select to_number, body from sms_outbox where body like ${`%/messages/${conversationId}`} order by id`,
  );
  return rows;
}
