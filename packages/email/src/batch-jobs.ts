/**
 * graphile-worker's batch jobs (decision 0089): a job whose payload is a list, whose task returns a
 * promise for each item; the queue retries only the items whose promise rejected.
 */

/** A failed item of a batch job: its rejection is marked handled, so Node does not report it unhandled. */
export function failedItem(error: Error): Promise<never> {
  const failed = Promise.reject(error);
  failed.catch(() => {});
  return failed;
}
