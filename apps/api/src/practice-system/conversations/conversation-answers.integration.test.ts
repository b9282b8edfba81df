import { conversationAnswerResultSchema } from '@vet/contracts/integration-conversations';
import { maxAnswerChars } from '@vet/contracts/message-rules';
import { contactPreferences } from '@vet/db/schema/clients';
import { createReason } from '@vet/db/testing/factories';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  createConversation,
  createMessagingClient,
  createOwnerMessage,
} from '../../conversations/testing/conversation-fixtures.ts';
import { useSignedInTestApp } from '../../testing/signed-in-app.ts';
import {
  conversationCalls,
  emailsTo,
  messagesOf,
  refused,
  textsAbout,
} from './testing/conversation-calls.ts';

/**
 * The practice's answer to an owner's conversation (issue 66, decision 0168): stored once per message_ref,
 * the owner's messages read, the owner told by e-mail (and text where chosen) with nothing of the answer.
 */
const database = useTestDatabase();
const app = useSignedInTestApp(database);
const { answer, close } = conversationCalls(app);
const secret = 'Her stitches look fine; keep the cone on';

async function conversationAbout(options: { pet?: boolean; sms?: boolean; email?: boolean } = {}) {
  const practiceRef = `PR-${randomUUID().slice(0, 8)}`;
  const { practiceId, client, pet } = await createMessagingClient(database.db, { practiceRef });
  const choices = [
    ...(options.sms === undefined ? [] : [{ channel: 'sms' as const, optedIn: options.sms }]),
    ...(options.email === undefined ? [] : [{ channel: 'email' as const, optedIn: options.email }]),
  ];
  for (const { channel, optedIn } of choices)
    await database.db
      .insert(contactPreferences)
      .values({ clientId: client.id, purpose: 'messages', channel, optedIn });
  const conversation = await createConversation(database.db, {
    practiceId,
    clientId: client.id,
    petId: options.pet === false ? null : pet.id,
  });
  const first = await createOwnerMessage(database.db, conversation.id);
  const second = await createOwnerMessage(database.db, conversation.id, 'And she is off her food.');
  return { practiceRef, client, pet, conversation, owners: [first, second] };
}

const an = (overrides: Record<string, unknown> = {}) => ({
  message_ref: `MSG-${randomUUID()}`,
  body: `${secret}. Book a check in a week.`,
  author_name: 'Sam, veterinary nurse',
  ...overrides,
});

describe('the practice’s answer', () => {
  it('is stored with its signature and reason, reads the owner’s messages, and e-mails the owner nothing of it', async () => {
    const { practiceRef, client, pet, conversation } = await conversationAbout();
    const reason = await createReason(database.db, { pmsRef: `RSN-${randomUUID()}` });

    const response = await answer(practiceRef, conversation.id, an({ suggested_reason_ref: reason.pmsRef }));

    expect(response.statusCode, response.body).toBe(201);
    const result = conversationAnswerResultSchema.parse(response.json());
    expect(result).toMatchObject({ conversation_id: conversation.id, outcome: 'applied' });
    const [first, second, stored] = await messagesOf(database.db, conversation.id);
    expect(stored).toMatchObject({
      id: result.message_id,
      author: 'practice',
      author_name: 'Sam, veterinary nurse',
      suggested_reason_id: reason.id,
      read_at: null,
    });
    expect(stored!.notified_at).not.toBeNull();
    expect([first!.read_at, second!.read_at].every((at) => at !== null)).toBe(true);
    const { rows } = await database.db.execute<{ last_message_at: string }>(
      sql`select last_message_at from conversations where id = ${conversation.id}`,
    );
    expect(new Date(rows[0]!.last_message_at).toISOString()).toBe(result.sent_at);

    const emails = await emailsTo(database.db, client.email!);
    expect(emails).toHaveLength(1);
    const [email] = emails;
    expect(email!.subject).toContain(`answered your message about ${pet.name}`);
    expect(email!.text_body).toMatch(new RegExp(`/messages/${conversation.id}\\b`));
    for (const part of [email!.subject, email!.text_body, email!.html_body ?? ''])
      expect(part).not.toContain(secret);
    // No text: the owner never chose texts for answers.
    expect(await textsAbout(database.db, conversation.id)).toEqual([]);
  });

  it('again with the same message_ref changes nothing, sends nothing and answers the first', async () => {
    const { practiceRef, client, conversation } = await conversationAbout({ pet: false });
    const body = an();

    const first = await answer(practiceRef, conversation.id, body);
    const again = await answer(practiceRef, conversation.id, { ...body, body: 'Another text' });

    expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
    expect(again.json()).toEqual({ ...first.json<object>(), outcome: 'unchanged' });
    expect(
      (await messagesOf(database.db, conversation.id)).filter((m) => m.author === 'practice'),
    ).toHaveLength(1);
    const emails = await emailsTo(database.db, client.email!);
    expect(emails.map((e) => e.subject)).toEqual([expect.stringContaining('about your account')]);
  });

  it('texts the owner who chose texts for answers, and e-mails nobody who switched e-mail off', async () => {
    const { practiceRef, client, pet, conversation } = await conversationAbout({ sms: true, email: false });

    expect((await answer(practiceRef, conversation.id, an())).statusCode).toBe(201);

    const texts = await textsAbout(database.db, conversation.id);
    expect(texts).toHaveLength(1);
    expect(texts[0]!.to_number).toBe('+447400123456');
    expect(texts[0]!.body).toContain(pet.name);
    expect(texts[0]!.body).not.toContain(secret);
    expect(await emailsTo(database.db, client.email!)).toEqual([]);
  });

  it('refuses a closed conversation (409), but answers a repeat of what it stored before closing', async () => {
    const { practiceRef, conversation } = await conversationAbout();
    const before = an();
    await answer(practiceRef, conversation.id, before);
    expect((await close(practiceRef, conversation.id)).statusCode).toBe(200);

    const late = await answer(practiceRef, conversation.id, an());
    const repeat = await answer(practiceRef, conversation.id, before);

    expect(refused(late)).toMatchObject({ status: 409, code: 'conversation_closed' });
    expect([repeat.statusCode, repeat.json<{ outcome: string }>().outcome]).toEqual([200, 'unchanged']);
    expect(
      (await messagesOf(database.db, conversation.id)).filter((m) => m.author === 'practice'),
    ).toHaveLength(1);
  });

  it('refuses an unknown reason (422), an empty or too long answer (400), storing nothing', async () => {
    const { practiceRef, client, conversation } = await conversationAbout();

    const attempts = [
      [
        await answer(practiceRef, conversation.id, an({ suggested_reason_ref: `RSN-X-${randomUUID()}` })),
        422,
      ],
      [await answer(practiceRef, conversation.id, an({ body: '   ' })), 400],
      [await answer(practiceRef, conversation.id, an({ body: 'x'.repeat(maxAnswerChars + 1) })), 400],
      [await answer(practiceRef, conversation.id, an({ author_name: '' })), 400],
      [await answer(practiceRef, conversation.id, an({ sent_by: 'someone' })), 400],
    ] as const;

    expect(attempts.map(([response]) => refused(response))).toEqual([
      { status: 422, code: 'references_refused', fields: ['suggested_reason_ref'] },
      { status: 400, code: 'invalid_request', fields: ['body'] },
      { status: 400, code: 'invalid_request', fields: ['body'] },
      { status: 400, code: 'invalid_request', fields: ['author_name'] },
      expect.objectContaining({ status: 400, code: 'invalid_request' }),
    ]);
    expect((await messagesOf(database.db, conversation.id)).map((m) => m.author)).toEqual([
      'client',
      'client',
    ]);
    expect(await emailsTo(database.db, client.email!)).toEqual([]);
  });

  it('answers 404 for a conversation of another practice, like a missing one', async () => {
    const mine = await conversationAbout();
    const theirs = await conversationAbout();

    const other = await answer(mine.practiceRef, theirs.conversation.id, an());
    const missing = await answer(mine.practiceRef, 2_000_000_000, an());

    expect(refused(other)).toEqual(refused(missing));
    expect(refused(other)).toMatchObject({ status: 404, code: 'not_found' });
    expect((await messagesOf(database.db, theirs.conversation.id)).map((m) => m.author)).toEqual([
      'client',
      'client',
    ]);
  });
});
