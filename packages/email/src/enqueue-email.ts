import type { Database } from '@vet/db/connection';
import { emailOutbox } from '@vet/db/schema/system';
import { sql } from 'drizzle-orm';
import { oneJobForInserted } from './batch-jobs.ts';
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

/**
 * Writes many e-mails to the outbox and one job that delivers them all (a batch job, decision 0089), in
 * one statement, as enqueueEmail does for one: a batch of reminders costs the database one round trip
 * and the queue one job, not one an e-mail. The job retries only those that fail. Returns the outbox ids
 * in the order of `emails`.
 */
export async function enqueueEmails(
  executor: EmailExecutor,
  emails: readonly OutgoingEmail[],
  options: EnqueueEmailOptions = {},
): Promise<number[]> {
  if (emails.length === 0) return [];
  const maxAttempts = options.maxAttempts ?? defaultMaxAttempts;
  const input = emails.map((email) => ({
    to: email.to,
    subject: email.subject,
    text: email.text,
    html: email.html,
    attachments: email.attachments ?? [],
  }));
  const result = await executor.execute<{ id: string | number }>(sql`
    with input as (
      select x.ord, x.e, nextval(pg_get_serial_sequence('email_outbox', 'id')) as id
      from jsonb_array_elements(${JSON.stringify(input)}::jsonb) with ordinality as x(e, ord)
    ),
    inserted as (
      insert into ${emailOutbox} (
        ${column(emailOutbox.id.name)},
        ${column(emailOutbox.toAddress.name)}, ${column(emailOutbox.subject.name)},
        ${column(emailOutbox.textBody.name)}, ${column(emailOutbox.htmlBody.name)},
        ${column(emailOutbox.attachments.name)}
      )
      select input.id, input.e->>'to', input.e->>'subject', input.e->>'text', input.e->>'html',
        input.e->'attachments'
      from input
      returning ${column(emailOutbox.id.name)} as id
    ),
    ${oneJobForInserted(sendEmailTask, 'outboxId', maxAttempts)}`);
  if (result.rows.length !== emails.length) throw new Error('The outbox did not return every new e-mail.');
  return result.rows.map((row) => Number(row.id));
}
