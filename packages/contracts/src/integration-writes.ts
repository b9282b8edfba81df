import { z } from 'zod';

/**
 * What every write of the integration API takes besides its body (decision 0113): an Idempotency-Key, and
 * on a record's writes the version it was read at.
 */

/** An `Idempotency-Key`: any text a caller chooses per intended write, e.g. a UUID. */
export const idempotencyKeySchema = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .describe(
    'Optional. The same key with the same request (method, path, If-Match, body) within a day is answered as the first time, without writing again (`Idempotent-Replayed: true`); with another request it is refused (422 idempotency_key_reused). Keys are per machine client.',
  );

export const idempotencyHeadersSchema = z.object({ 'idempotency-key': idempotencyKeySchema.optional() });

/** The header a replayed answer carries. */
export const idempotentReplayedHeader = 'idempotent-replayed';

/**
 * A record's version as `If-Match` takes it: the ETag of its last answer (`"3"`), a bare number, or `*`
 * (any version, but the record must exist). Weak ETags (`W/"3"`) are taken as the same.
 */
export const ifMatchSchema = z
  .string()
  .trim()
  .regex(/^(\*|(W\/)?"?[1-9]\d{0,9}"?)$/, 'an ETag of this record ("3"), or *')
  .describe(
    'Optional. The record’s version as last read (its ETag, e.g. "3"): the write is refused with 409 stale_version when the record has changed since, or does not exist. Without it the write is last-write-wins.',
  );

export const recordWriteHeadersSchema = idempotencyHeadersSchema.extend({
  'if-match': ifMatchSchema.optional(),
});

/** The version an `If-Match` value names; 'any' for `*`. */
export function versionOfIfMatch(value: string): number | 'any' {
  const trimmed = value.trim();
  return trimmed === '*' ? 'any' : Number(trimmed.replace(/^W\//, '').replaceAll('"', ''));
}

/** A version as an ETag: `"3"`. */
export const etagOf = (version: number) => `"${version}"`;
