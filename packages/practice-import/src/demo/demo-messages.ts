import { conversationMessages, conversations } from '@vet/db/schema/conversations';
import { clients, pets } from '@vet/db/schema/clients';
import { appointmentReasons } from '@vet/db/schema/lookups';
import { practices } from '@vet/db/schema/practices';
import type { SeedTransaction } from '@vet/db/seed/seed-transaction';
import { and, eq } from 'drizzle-orm';
import { demoRef, reasonRef } from './demo-references.ts';

const HOUR_MS = 3_600_000;

/**
 * Messages with the practice in the demo (issue 66, decision 0169): the first practice, Clapham, answers
 * within four opening hours; the first demo account wrote about Bramble yesterday and the practice
 * answered, suggesting a consultation, so `npm start` shows an answer waiting to be read and the booking
 * it suggests. The other practices take no messages: their pages say to call. Idempotent.
 */
export const DEMO_MESSAGES = {
  answerWithinHours: 4,
  pet: 'Bramble',
  question:
    'Bramble has been licking her front left paw since last night and it looks a little pink between the ' +
    'toes. She is eating and walking normally. Should I bring her in?',
  answer:
    'Thank you for letting us know. Keep the paw clean and dry and stop her licking it if you can (a sock ' +
    'over it for short spells helps). If it is no better in two days, or she starts to limp, please book a ' +
    'consultation so a vet can look between her toes.',
  answeredBy: 'Megan, veterinary nurse',
  suggestedReason: 'General consultation',
} as const;

export async function seedDemoMessages(tx: SeedTransaction, now: Date): Promise<void> {
  const [practice] = await tx
    .update(practices)
    .set({ messageAnswerHours: DEMO_MESSAGES.answerWithinHours })
    .where(eq(practices.pmsRef, demoRef.practice(1)))
    .returning({ id: practices.id });
  const [pet] = await tx
    .select({ id: pets.id, clientId: pets.clientId })
    .from(pets)
    .innerJoin(clients, eq(clients.id, pets.clientId))
    .where(and(eq(clients.pmsRef, demoRef.client(1)), eq(pets.name, DEMO_MESSAGES.pet)));
  const [reason] = await tx
    .select({ id: appointmentReasons.id })
    .from(appointmentReasons)
    .where(eq(appointmentReasons.pmsRef, reasonRef(DEMO_MESSAGES.suggestedReason)));
  if (!practice || !pet || !reason)
    throw new Error('The demo import left out Clapham, Bramble or the reason the demo answer suggests');
  const [existing] = await tx
    .select({ id: conversations.id })
    .from(conversations)
    .where(eq(conversations.petId, pet.id));
  if (existing) return;

  const askedAt = new Date(now.getTime() - 26 * HOUR_MS);
  const answeredAt = new Date(now.getTime() - 23 * HOUR_MS);
  const [conversation] = await tx
    .insert(conversations)
    .values({
      practiceId: practice.id,
      clientId: pet.clientId,
      petId: pet.id,
      lastMessageAt: answeredAt,
      createdAt: askedAt,
    })
    .returning({ id: conversations.id });
  if (!conversation) throw new Error('The demo conversation was not stored');
  await tx.insert(conversationMessages).values([
    {
      conversationId: conversation.id,
      author: 'client',
      body: DEMO_MESSAGES.question,
      // The form's own id of the demo's message: fixed, as a repeated send would carry it.
      requestId: '6d3f5a8e-1b2c-4d7e-9f10-a1b2c3d4e5f6',
      readAt: new Date(askedAt.getTime() + 2 * HOUR_MS),
      createdAt: askedAt,
    },
    {
      conversationId: conversation.id,
      author: 'practice',
      authorName: DEMO_MESSAGES.answeredBy,
      body: DEMO_MESSAGES.answer,
      pmsRef: 'MSG-000001',
      suggestedReasonId: reason.id,
      createdAt: answeredAt,
    },
  ]);
}
