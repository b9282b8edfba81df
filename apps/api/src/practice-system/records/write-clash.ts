import type { IntegrationErrorCode } from '@vet/contracts/integration-errors';
import { databaseError } from '@vet/db/database-error';
import { conflict } from '../../platform/index.ts';

/**
 * SQLSTATEs of two transactions getting in each other's way (a deadlock, a serialization failure, or two
 * rows of one key written at once): nothing was stored, and the same request sent again is judged afresh.
 */
const clashes = new Set(['40P01', '40001', '23505']);

/** A failed write as the integration API answers it: a clash is a 409 retry_later, the rest as it is. */
export function clashAsRetry(error: unknown): unknown {
  const { code } = databaseError(error);
  if (code === undefined || !clashes.has(code)) return error;
  return conflict(
    'Another change to these records was being written at the same time: send it again.',
    'retry_later' satisfies IntegrationErrorCode,
  );
}
