import { apiErrorSchema } from '@vet/contracts/errors';
import {
  conversationDetailSchema,
  conversationListSchema,
} from '@vet/contracts/integration-conversation-reads';
import { integrationPathPrefix } from '@vet/contracts/machine-access';
import {
  createConversation,
  createConversationMessage,
  createMessageAttachment,
} from '@vet/db/testing/conversation-factories';
import { createClient, createPet, createPractice, createReason } from '@vet/db/testing/factories';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { useSignedInTestApp } from '../../testing/signed-in-app.ts';

/**
 * The practice system's reads of its conversations (issue 66, decision 0169): the list newest first and
 * keyset-paged, one conversation oldest message first with signed links; another practice's conversation
 * answers 404; a practice not granted 403, a caller without the `messages` grant 403.
 */
const tag = randomUUID().slice(0, 8).toUpperCase();
const north = `PRAC-N-${tag}`;
const south = `PRAC-S-${tag}`;
const grants = [
  { client: 'pms-north', practices: [north], kinds: ['messages'] },
  { client: 'pms-events', practices: [north], kinds: ['events'] },
];
const database = useTestDatabase();
const { db } = database;
const { context, machineAuthorization } = useSignedInTestApp(database, {
  env: { INTEGRATION_CLIENT_GRANTS: JSON.stringify(grants), API_PUBLIC_URL: 'https://api.vets.example' },
});

const call = async (path: string, clientId?: string) =>
  context.app.inject({
    method: 'GET',
    url: `${integrationPathPrefix}${path}`,
    headers: { authorization: await machineAuthorization(clientId === undefined ? {} : { clientId }) },
  });
const refused = (response: { statusCode: number; json: () => unknown }) => ({
  status: response.statusCode,
  code: apiErrorSchema.parse(response.json()).code,
});

const at = (minutesAgo: number) => new Date(Date.UTC(2026, 10, 29, 12) - minutesAgo * 60_000);
const seeded = {} as {
  northId: number;
  ids: number[];
  southConversation: number;
  thread: number;
  petRef: string;
  reasonRef: string;
  attachments: { clean: number; infected: number };
};

beforeAll(async () => {
  const northPractice = await createPractice(db, { pmsRef: north });
  const southPractice = await createPractice(db, { pmsRef: south });
  seeded.northId = northPractice.id;
  const client = await createClient(db, { homePracticeId: northPractice.id, pmsRef: `C-${tag}` });
  seeded.petRef = `P-${tag}`;
  const pet = await createPet(db, { clientId: client.id, pmsRef: seeded.petRef, name: 'Bramble' });
  // Seven conversations of north: two share a time (the cursor must still part them), one closed.
  seeded.ids = [];
  for (const [i, minutesAgo] of [70, 60, 50, 50, 40, 30, 20].entries()) {
    const other = await createClient(db, { homePracticeId: northPractice.id });
    const conversation = await createConversation(db, {
      practiceId: northPractice.id,
      clientId: other.id,
      lastMessageAt: at(minutesAgo),
      ...(i === 1 ? { status: 'closed' as const, closedAt: at(55) } : {}),
    });
    seeded.ids.push(conversation.id);
  }
  const southClient = await createClient(db, { homePracticeId: southPractice.id });
  seeded.southConversation = (
    await createConversation(db, { practiceId: southPractice.id, clientId: southClient.id })
  ).id;

  // The newest: about Bramble, two owner's messages (one read), an answer suggesting a booking.
  seeded.reasonRef = `RSN-${tag}`;
  const reason = await createReason(db, { pmsRef: seeded.reasonRef });
  const thread = await createConversation(db, {
    practiceId: northPractice.id,
    clientId: client.id,
    petId: pet.id,
    lastMessageAt: at(10),
  });
  seeded.thread = thread.id;
  const first = await createConversationMessage(db, {
    conversationId: thread.id,
    author: 'client',
    body: 'Bramble has a sore paw.',
    readAt: at(15),
  });
  await createConversationMessage(db, {
    conversationId: thread.id,
    author: 'practice',
    authorName: 'Sam, veterinary nurse',
    body: 'Please book a consultation.',
    suggestedReasonId: reason.id,
  });
  await createConversationMessage(db, { conversationId: thread.id, author: 'client', body: 'Thank you.' });
  const clean = await createMessageAttachment(db, { clientId: client.id, messageId: first.id, position: 0 });
  const infected = await createMessageAttachment(db, {
    clientId: client.id,
    messageId: first.id,
    position: 1,
    scanState: 'infected',
  });
  seeded.attachments = { clean: clean.attachment.id, infected: infected.attachment.id };
});

const listPath = (query = '') => `/practices/${north}/conversations${query}`;

describe('GET /practices/{practice_ref}/conversations', () => {
  it('lists newest activity first in pages that together give each conversation once', async () => {
    const seen: number[] = [];
    let after: string | null = null;
    let pages = 0;
    do {
      const response = await call(listPath(`?limit=3${after ? `&after=${after}` : ''}`));
      expect(response.statusCode, response.body).toBe(200);
      const page = conversationListSchema.parse(response.json());
      expect(page.conversations.length).toBeLessThanOrEqual(3);
      seen.push(...page.conversations.map((c) => c.conversation_id));
      after = page.next_after;
      pages += 1;
    } while (after !== null && pages < 10);

    const sameTime = [seeded.ids[3]!, seeded.ids[2]!].sort((a, b) => b - a);
    expect(seen).toEqual([
      seeded.thread,
      seeded.ids[6],
      seeded.ids[5],
      seeded.ids[4],
      ...sameTime,
      seeded.ids[1],
      seeded.ids[0],
    ]);
    expect(pages).toBe(3);
  });

  it('gives each its client, pet, state and the owner’s messages not yet read; filters by status', async () => {
    const page = conversationListSchema.parse((await call(listPath('?limit=1'))).json());
    expect(page.conversations[0]).toMatchObject({
      conversation_id: seeded.thread,
      client_ref: `C-${tag}`,
      pet_ref: seeded.petRef,
      pet_name: 'Bramble',
      status: 'open',
      last_message_at: at(10).toISOString(),
      unread_client_messages: 1,
    });
    const closed = conversationListSchema.parse((await call(listPath('?status=closed'))).json());
    expect(closed.conversations.map((c) => [c.conversation_id, c.status, c.pet_id])).toEqual([
      [seeded.ids[1], 'closed', null],
    ]);
    expect(closed.next_after).toBeNull();
  });

  it('refuses a cursor, limit or status it did not give (400), never a 500', async () => {
    for (const query of [
      '?after=bm90LWEtY3Vyc29y',
      '?after=%21%21',
      '?limit=0',
      '?limit=201',
      '?status=lost',
    ])
      expect(refused(await call(listPath(query))), query).toMatchObject({ status: 400 });
  });
});

describe('GET /practices/{practice_ref}/conversations/{conversation_id}', () => {
  it('gives the messages oldest first, each clean file with a fresh signed link, an infected one with none', async () => {
    const response = await call(`/practices/${north}/conversations/${seeded.thread}`);
    expect(response.statusCode, response.body).toBe(200);
    const detail = conversationDetailSchema.parse(response.json());
    expect(detail.messages.map((m) => [m.author, m.body, m.read_at !== null])).toEqual([
      ['client', 'Bramble has a sore paw.', true],
      ['practice', 'Please book a consultation.', false],
      ['client', 'Thank you.', false],
    ]);
    expect(detail.messages[1]).toMatchObject({
      author_name: 'Sam, veterinary nurse',
      suggested_reason_ref: seeded.reasonRef,
    });
    const [clean, infected] = detail.messages[0]!.attachments;
    expect(clean).toMatchObject({ attachment_id: seeded.attachments.clean, scan_state: 'clean' });
    expect(clean!.url).toMatch(
      new RegExp(
        `^https://api\\.vets\\.example/attachments/${seeded.attachments.clean}\\?expires=\\d+&signature=`,
      ),
    );
    const expires = Number(new URL(clean!.url!).searchParams.get('expires'));
    expect(expires * 1000 - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    expect(new Date(clean!.url_expires_at!).getTime()).toBe(expires * 1000);
    expect(infected).toMatchObject({
      attachment_id: seeded.attachments.infected,
      url: null,
      url_expires_at: null,
    });
  });

  it('answers another practice’s conversation 404 as a missing one, and an ungranted practice 403', async () => {
    const theirs = await call(`/practices/${north}/conversations/${seeded.southConversation}`);
    const missing = await call(`/practices/${north}/conversations/2147483647`);
    expect(refused(theirs)).toEqual({ status: 404, code: 'not_found' });
    expect(theirs.json()).toEqual(missing.json());
    const notServed = [
      await call(`/practices/${south}/conversations`, 'pms-north'),
      await call(`/practices/${south}/conversations/${seeded.southConversation}`, 'pms-north'),
      await call(`/practices/PRAC-X-${tag}/conversations`, 'pms-north'),
    ];
    for (const response of notServed)
      expect(refused(response)).toMatchObject({ status: 403, code: 'practice_not_served' });
    expect((await call(listPath(), 'pms-north')).statusCode).toBe(200);
  });

  it('refuses a caller without the messages grant (403), whatever it asks', async () => {
    for (const path of [listPath(), `/practices/${north}/conversations/${seeded.thread}`])
      expect((await call(path, 'pms-events')).statusCode).toBe(403);
  });
});
