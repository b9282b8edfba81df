/** The largest value of a PostgreSQL serial (int4). */
export const maxSerialId = 2_147_483_647;

/**
 * A database serial id: a positive whole number within PostgreSQL's int4 range. The zod schemas of
 * `./ids.ts` hold the same rule; this one is for the browser, which loads no zod (decision 0032).
 */
export function isSerialId(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= maxSerialId;
}
