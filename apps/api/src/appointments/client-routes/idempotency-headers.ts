import { z } from 'zod';

/** A retried booking sends the same key; other headers pass through untouched. */
export const idempotencyHeadersSchema = z.looseObject({
  'idempotency-key': z.string().min(1).max(200).optional(),
});
