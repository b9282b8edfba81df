import { z } from 'zod';

/** The API's one error shape, for every 4xx and 5xx. A 5xx never carries details. */
export const apiErrorSchema = z.object({
  statusCode: z.number().int(),
  error: z.string().describe('The HTTP status text, e.g. Bad Request'),
  message: z.string(),
  /** Field-level problems of a 400, keyed by dotted path. */
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  /**
   * What the client should do about it, when there is something: `reauthentication_required` (a 403:
   * sign in again at the provider, then retry; decision 0079); `address_lookup_unavailable` and
   * `address_lookup_off` (a 503 of the address lookup: type the address instead; decision 0098). Every
   * 4xx of the integration API has one, from `integration-errors.ts` (decision 0102).
   */
  code: z.string().optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
