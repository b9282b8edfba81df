import { smsOutbox } from '@vet/db/schema/reminders';
import { sql } from 'drizzle-orm';
import { oneJobForInserted } from './batch-jobs.ts';
import type { EmailExecutor } from './enqueue-email.ts';
import { defaultMaxAttempts } from './send-email-job.ts';
import { sendSmsTask, smsJobKeyPrefix } from './send-sms-job.ts';

const column = (name: string) => sql.identifier(name);

/**
 * Writes a text message to the SMS outbox and adds the job that sends it, in one statement with the
 * caller's executor, as enqueueEmail does: the change, the message and its job commit together or not at
 * all. `to` must already be E.164 (the caller skips numbers it cannot normalise). `runAt` holds the
 * job until then (a quiet-hours rule, say).
 */
export async function enqueueSms(
  executor: EmailExecutor,
  sms: { to: string; body: string },
  options: { maxAttempts?: number; runAt?: Date } = {},
): Promise<number> {
  const maxAttempts = options.maxAttempts ?? defaultMaxAttempts;
  const runAt = options.runAt ?? null;
  const result = await executor.execute<{ id: string | number }>(sql`
    with inserted as (
      insert into ${smsOutbox} (${column(smsOutbox.toNumber.name)}, ${column(smsOutbox.body.name)})
      values (${sms.to}, ${sms.body})
      returning ${column(smsOutbox.id.name)} as id
    )
    select inserted.id
    from inserted
    cross join lateral graphile_worker.add_job(
      ${sendSmsTask}::text,
      json_build_object('smsId', inserted.id),
      run_at => coalesce(${runAt}::timestamptz, now()),
      max_attempts => ${maxAttempts}::int,
      job_key => ${smsJobKeyPrefix}::text || inserted.id
    ) as job`);
  const row = result.rows[0];
  if (!row) throw new Error('The SMS outbox did not return the new message.');
  return Number(row.id);
}

/**
 * Writes many text messages to the SMS outbox and one job that sends them all, in one statement (as
 * enqueueEmails does); returns their ids in the order of `messages`.
 */
export async function enqueueSmsMessages(
  executor: EmailExecutor,
  messages: readonly { to: string; body: string }[],
  options: { maxAttempts?: number } = {},
): Promise<number[]> {
  if (messages.length === 0) return [];
  const maxAttempts = options.maxAttempts ?? defaultMaxAttempts;
  const result = await executor.execute<{ id: string | number }>(sql`
    with input as (
      select x.ord, x.m, nextval(pg_get_serial_sequence('sms_outbox', 'id')) as id
      from jsonb_array_elements(${JSON.stringify(messages.map(({ to, body }) => ({ to, body })))}::jsonb)
        with ordinality as x(m, ord)
    ),
    inserted as (
      insert into ${smsOutbox} (
        ${column(smsOutbox.id.name)}, ${column(smsOutbox.toNumber.name)}, ${column(smsOutbox.body.name)}
      )
      select input.id, input.m->>'to', input.m->>'body' from input
      returning ${column(smsOutbox.id.name)} as id
    ),
    ${oneJobForInserted(sendSmsTask, 'smsId', maxAttempts)}`);
  if (result.rows.length !== messages.length) throw new Error('The SMS outbox did not return every message.');
  return result.rows.map((row) => Number(row.id));
}
