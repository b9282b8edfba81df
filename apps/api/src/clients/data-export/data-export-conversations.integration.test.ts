import { dataExportSchema } from '@vet/contracts/data-export';
import {
  createConversation,
  createConversationMessage,
  createMessageAttachment,
} from '@vet/db/testing/conversation-factories';
import { createPet } from '@vet/db/testing/factories';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { describe, expect, it } from 'vitest';
import { useSignedInTestApp } from '../../testing/signed-in-app.ts';

/**
 * "Download my data" holds the person's conversations with their practice (issue 66, decision 0169):
 * every message both ways, each file as what it is with the owner's path to it, the uploads not yet sent;
 * never another client's.
 */
const database = useTestDatabase();
const { db } = database;
const { context, signedInClient } = useSignedInTestApp(database);

async function clientWithConversation(label: string) {
  const { client } = await signedInClient();
  const authorization = await recentBearer(client.identitySubject!);
  const pet = await createPet(db, { clientId: client.id, name: `${label}pet` });
  const conversation = await createConversation(db, {
    practiceId: client.homePracticeId,
    clientId: client.id,
    petId: pet.id,
  });
  const question = await createConversationMessage(db, {
    conversationId: conversation.id,
    author: 'client',
    body: `${label}: her ear is red.`,
    readAt: new Date(),
  });
  const answer = await createConversationMessage(db, {
    conversationId: conversation.id,
    author: 'practice',
    authorName: 'Sam, veterinary nurse',
    body: `${label}: bring her in tomorrow.`,
  });
  const photo = await createMessageAttachment(db, {
    clientId: client.id,
    messageId: question.id,
    fileName: `${label}-ear.jpg`,
  });
  const unsent = await createMessageAttachment(db, { clientId: client.id, fileName: `${label}-draft.jpg` });
  return { client, authorization, pet, conversation, question, answer, photo, unsent };
}

/** Signed in a moment ago: the export needs a recent sign-in (decision 0079). */
const recentBearer = async (subject: string) =>
  `Bearer ${await context.provider.sign({ claims: { sub: subject, auth_time: Math.floor(Date.now() / 1000) - 5 } })}`;

const exportOf = (authorization: string) =>
  context.app.inject({ url: '/client/data-export', headers: { authorization } });

describe('GET /client/data-export: conversations', () => {
  it('holds the person’s conversations, messages and files, and nothing of another client', async () => {
    const mine = await clientWithConversation('Mine');
    const theirs = await clientWithConversation('Theirs');

    const response = await exportOf(mine.authorization);
    expect(response.statusCode, response.body).toBe(200);
    const part = dataExportSchema.parse(response.json()).client!;

    expect(part.conversations).toEqual([
      {
        id: mine.conversation.id,
        petId: mine.pet.id,
        petName: 'Minepet',
        practice: part.profile.homePractice,
        status: 'open',
        createdAt: mine.conversation.createdAt.toISOString(),
        closedAt: null,
        messages: [
          {
            id: mine.question.id,
            author: 'client',
            authorName: null,
            body: 'Mine: her ear is red.',
            sentAt: mine.question.createdAt.toISOString(),
            readAt: mine.question.readAt!.toISOString(),
            attachments: [
              {
                id: mine.photo.attachment.id,
                kind: 'photo',
                contentType: 'image/jpeg',
                byteSize: 64,
                fileName: 'Mine-ear.jpg',
                uploadedAt: mine.photo.attachment.createdAt.toISOString(),
                download: `/bff/v2/attachments/${mine.photo.attachment.id}`,
              },
            ],
          },
          expect.objectContaining({
            id: mine.answer.id,
            author: 'practice',
            authorName: 'Sam, veterinary nurse',
            body: 'Mine: bring her in tomorrow.',
            attachments: [],
          }),
        ],
      },
    ]);
    expect(part.unsentAttachments).toEqual([
      expect.objectContaining({ id: mine.unsent.attachment.id, fileName: 'Mine-draft.jpg' }),
    ]);
    expect(response.body).not.toContain('Theirs');
    expect(part.conversations.map((c) => c.id)).not.toContain(theirs.conversation.id);
  });

  it('gives a client who never wrote empty lists', async () => {
    const { client } = await signedInClient();
    const response = await exportOf(await recentBearer(client.identitySubject!));
    const part = dataExportSchema.parse(response.json()).client!;
    expect([part.conversations, part.unsentAttachments]).toEqual([[], []]);
  });
});
