import { type SQL, sql } from 'drizzle-orm';

/**
 * graphile-worker's batch jobs (decision 0089): a job whose payload is a list, whose task returns a
 * promise for each item; the queue retries only the items whose promise rejected.
 */

/** The items of a job's payload: a batch's list, or the one item of a job queued alone. */
export function payloadItems<T>(payload: unknown, parse: (item: unknown) => T): T[] {
  return Array.isArray(payload) ? payload.map(parse) : [parse(payload)];
}

/** A failed item of a batch job: its rejection is marked handled, so Node does not report it unhandled. */
export function failedItem(error: Error): Promise<never> {
  const failed = Promise.reject(error);
  failed.catch(() => {});
  return failed;
}

/**
 * The end of a statement whose `input` CTE numbers the new rows (`ord`, `id`) and whose `inserted` CTE
 * returned their ids: one job of `task` for them all, its payload `[{ [idKey]: id }, …]`, and the ids in
 * the input's order.
 */
export function oneJobForInserted(task: string, idKey: string, maxAttempts: number): SQL {
  return sql`jobs as (
      select count(*) from graphile_worker.add_jobs(array[row(
        ${task}::text,
        (select json_agg(json_build_object(${idKey}::text, inserted.id) order by inserted.id) from inserted),
        null, null, ${maxAttempts}::int, null, null, null
      )::graphile_worker.job_spec])
    )
    select input.id from input, jobs order by input.ord`;
}
