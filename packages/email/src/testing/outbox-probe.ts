import type { DatabaseHandle } from '@vet/db/connection';
import { jobKeyPrefix } from '../send-email-job.ts';

export interface OutboxRowState {
  id: number;
  status: string;
  attempts: number;
  last_error: string | null;
}

/** The outbox rows with these ids, in id order. */
export async function outboxRows(database: DatabaseHandle, ids: number[]): Promise<OutboxRowState[]> {
  const { rows } = await database.pool.query<OutboxRowState>(
    'select id::int as id, status, attempts, last_error from email_outbox where id = any($1::bigint[]) order by id',
    [ids],
  );
  return rows;
}

/** How many queue jobs (waiting, running or failed for good) still exist for these outbox ids. */
export async function jobsLeft(database: DatabaseHandle, ids: number[]): Promise<number> {
  const { rows } = await database.pool.query<{ count: number }>(
    'select count(*)::int as count from graphile_worker.jobs where key = any($1::text[])',
    [ids.map((id) => `${jobKeyPrefix}${id}`)],
  );
  return rows[0]?.count ?? 0;
}
