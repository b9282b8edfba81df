import { ukMobileNumber } from '@vet/contracts/uk-contact-details';
import type { Executor } from '@vet/db/connection';
import { brandedEmail } from '@vet/email/branded-email';
import { enqueueEmail } from '@vet/email/enqueue-email';
import { enqueueSms } from '@vet/email/enqueue-sms';
import type { OutgoingEmail } from '@vet/email/outgoing-email';
import { endOfQuietHours } from '@vet/email/quiet-hours';
import { sql } from 'drizzle-orm';

/** What the answer notices need of the app's config. */
export interface AnswerNoticeSettings {
  /** The portal's public address without a trailing slash: the link to the conversation. */
  portalUrl: string;
  brandName: string;
}

/** Whom to tell and what about: never the answer's text, never the pet's health (decision 0168). */
export interface AnswerNoticeFacts {
  conversationId: number;
  email: string | null;
  mobilePhone: string | null;
  firstName: string;
  /** Null: the conversation is about the account. */
  petName: string | null;
  practiceName: string;
  practiceOwnerName: string | null;
  /** The owner's choices for the `messages` purpose: e-mail unless switched off, text only if chosen. */
  byEmail: boolean;
  bySms: boolean;
}

export const conversationUrl = (settings: AnswerNoticeSettings, conversationId: number) =>
  `${settings.portalUrl}/messages/${conversationId}`;

const about = (facts: Pick<AnswerNoticeFacts, 'petName'>) => facts.petName ?? 'your account';

export const answerNoticeSubject = (facts: Pick<AnswerNoticeFacts, 'petName' | 'practiceName'>) =>
  `${facts.practiceName} has answered your message about ${about(facts)}`;

/**
 * The e-mail: who answered and about what, and the link to read it after signing in. An e-mail can be read
 * by anyone with the mailbox, so it carries nothing of the conversation (issue 66).
 */
export function answerNoticeEmail(
  settings: AnswerNoticeSettings,
  facts: AnswerNoticeFacts & { email: string },
): OutgoingEmail {
  return {
    to: facts.email,
    ...brandedEmail({
      brandName: settings.brandName,
      subject: answerNoticeSubject(facts),
      greeting: `Hello ${facts.firstName},`,
      paragraphs: [
        `${facts.practiceName} has answered your message about ${about(facts)}.`,
        'To read it, sign in to the portal and open the conversation.',
      ],
      action: { label: 'Read the answer', url: conversationUrl(settings, facts.conversationId) },
      footer:
        'You get these e-mails because you wrote to your practice. You can choose how you are told of ' +
        'answers in your contact preferences (“Answers to your messages”).',
      sender: {
        portalUrl: settings.portalUrl,
        practice: { name: facts.practiceName, ownerName: facts.practiceOwnerName },
      },
    }),
  };
}

/** The text message: as short, and as empty of the conversation, as the e-mail. */
export const answerNoticeSms = (settings: AnswerNoticeSettings, facts: AnswerNoticeFacts) =>
  `${settings.brandName}: ${facts.practiceName} has answered your message about ${about(facts)}. ` +
  `Sign in to read it: ${conversationUrl(settings, facts.conversationId)}`;

/**
 * Queues the owner's notices of the answer `messageId` and marks it notified, in the answer's transaction:
 * the e-mail (unless the owner switched it off for this purpose), and a text where they chose texts for
 * it and their mobile number is a UK one, held until 08:00 in quiet hours. Marked even when nothing could
 * be sent, so it is never retried. Returns what was queued (for the caller's log: no address, no name).
 */
export async function queueAnswerNotices(
  tx: Executor,
  settings: AnswerNoticeSettings,
  messageId: number,
  facts: AnswerNoticeFacts,
  now: Date = new Date(),
): Promise<{ email: boolean; sms: boolean }> {
  const email = facts.byEmail && facts.email !== null;
  if (email) await enqueueEmail(tx, answerNoticeEmail(settings, { ...facts, email: facts.email! }));
  const to = facts.bySms && facts.mobilePhone ? ukMobileNumber(facts.mobilePhone) : null;
  // A text waits for the morning, as reminders do (decision 0085); an e-mail waits in its inbox anyway.
  if (to)
    await enqueueSms(tx, { to, body: answerNoticeSms(settings, facts) }, { runAt: endOfQuietHours(now) });
  await tx.execute(sql`update conversation_messages set notified_at = now() where id = ${messageId}`);
  return { email, sms: to !== null };
}
