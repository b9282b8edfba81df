/** SQLSTATE 40P01: PostgreSQL broke a deadlock by aborting this transaction; the same work may be retried. */
export const DEADLOCK_DETECTED = '40P01';

/** The SQLSTATE and constraint of a failed query, wherever the driver or drizzle put them (its causes). */
export function databaseError(error: unknown): { code?: string; constraint?: string } {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if ('code' in e && typeof e.code === 'string') {
      const constraint = 'constraint' in e && typeof e.constraint === 'string' ? e.constraint : undefined;
      return { code: e.code, constraint };
    }
  }
  return {};
}
