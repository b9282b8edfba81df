import type { Database } from '@vet/db/connection';
import { emailOutbox } from '@vet/db/schema/system';
import { sql } from 'drizzle-orm';
import type { OutgoingEmail } from './outgoing-email.ts';
import { defaultMaxAttempts, jobKeyPrefix, sendEmailTask } from './send-email-job.ts';

/** The caller's transaction (or the database itself): both have `execute`. */
export type EmailExecutor = Pick<Database, 'execute'>;

export interface EnqueueEmailOptions {
  /** How many times the queue tries before the e-mail is marked failed (default: about a day of tries). */
  maxAttempts?: number;
}

const column = (name: string) => sql.identifier(name);

/**
 * Writes an e-mail to the outbox and adds the job that delivers it, with the caller's executor: pass the
 * transaction of the change that causes the e-mail, so the change, the e-mail and its job all commit or
 * none does. One statement, so even a call outside a transaction never leaves a row without its job.
 * The worker (email-worker.ts) delivers it; nothing is lost while the mail server is down.
 */
export async function enqueueEmail(
  executor: EmailExecutor,
  email: OutgoingEmail,
  options: EnqueueEmailOptions = {},
): Promise<number> {
  const maxAttempts = options.maxAttempts ?? defaultMaxAttempts;
  const result = await executor.execute<{ id: string | number }>(sql`
    with inserted as (
      insert into ${emailOutbox} (
        ${column(emailOutbox.toAddress.name)}, ${column(emailOutbox.subject.name)},
        ${column(emailOutbox.textBody.name)}, ${column(emailOutbox.htmlBody.name)},
        ${column(emailOutbox.attachments.name)}
      )
      values (${email.to}, ${email.subject}, ${email.text}, ${email.html},
        ${JSON.stringify(email.attachments ?? [])}::jsonb)
      returning ${column(emailOutbox.id.name)} as id
    )
    select inserted.id
    from inserted
    cross join lateral graphile_worker.add_job(
      ${sendEmailTask}::text,
      json_build_object('outboxId', inserted.id),
      max_attempts => ${maxAttempts}::int,
      job_key => ${jobKeyPrefix}::text || inserted.id
    ) as job`);
  const row = result.rows[0];
  if (!row) throw new Error('The outbox did not return the new e-mail.');
  return Number(row.id);
}
