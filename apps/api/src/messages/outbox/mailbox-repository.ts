import type { DevMailboxMessage, DevMailboxMessageSummary, DevSms } from '@vet/contracts/dev-mailbox';
import type { Database } from '@vet/db/connection';
import { smsOutbox } from '@vet/db/schema/reminders';
import { emailOutbox } from '@vet/db/schema/system';
import { codeInText } from '@vet/email/branded-email';
import { desc, eq } from 'drizzle-orm';

const summaryColumns = {
  id: emailOutbox.id,
  to: emailOutbox.toAddress,
  subject: emailOutbox.subject,
  status: emailOutbox.status,
  createdAt: emailOutbox.createdAt,
  sentAt: emailOutbox.sentAt,
  text: emailOutbox.textBody,
};

interface SummaryRow extends Omit<DevMailboxMessageSummary, 'createdAt' | 'sentAt' | 'code'> {
  createdAt: Date;
  sentAt: Date | null;
  text: string;
}

function toSummary({ text, createdAt, sentAt, ...row }: SummaryRow): DevMailboxMessageSummary {
  return {
    ...row,
    createdAt: createdAt.toISOString(),
    sentAt: sentAt?.toISOString() ?? null,
    code: codeInText(text),
  };
}

/** The outbox read as a mailbox: development only (see the routes). */
export function createMailboxRepository(db: Database) {
  return {
    /** The newest text messages of the SMS outbox (decision 0085). */
    async listNewestSms(limit: number): Promise<DevSms[]> {
      const rows = await db
        .select({
          id: smsOutbox.id,
          to: smsOutbox.toNumber,
          body: smsOutbox.body,
          status: smsOutbox.status,
          createdAt: smsOutbox.createdAt,
          sentAt: smsOutbox.sentAt,
          lastError: smsOutbox.lastError,
        })
        .from(smsOutbox)
        .orderBy(desc(smsOutbox.createdAt), desc(smsOutbox.id))
        .limit(limit);
      return rows.map((row) => ({
        ...row,
        createdAt: row.createdAt.toISOString(),
        sentAt: row.sentAt?.toISOString() ?? null,
      }));
    },

    async listNewest(limit: number): Promise<DevMailboxMessageSummary[]> {
      const rows = await db
        .select(summaryColumns)
        .from(emailOutbox)
        .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
        .limit(limit);
      return rows.map(toSummary);
    },

    async findMessage(id: number): Promise<DevMailboxMessage | undefined> {
      const [row] = await db
        .select({
          ...summaryColumns,
          html: emailOutbox.htmlBody,
          attachments: emailOutbox.attachments,
          attempts: emailOutbox.attempts,
          lastError: emailOutbox.lastError,
        })
        .from(emailOutbox)
        .where(eq(emailOutbox.id, id));
      if (!row) return undefined;
      const { html, attachments, attempts, lastError, ...summary } = row;
      return {
        ...toSummary(summary),
        text: summary.text,
        html,
        attachments: attachments.map(({ filename, contentType }) => ({ filename, contentType })),
        attempts,
        lastError,
      };
    },
  };
}

export type MailboxRepository = ReturnType<typeof createMailboxRepository>;
