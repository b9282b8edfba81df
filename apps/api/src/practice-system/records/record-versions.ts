import { versionOfIfMatch } from '@vet/contracts/integration-writes';
import type { RecordRefusal } from '@vet/practice-import/apply-records';

/**
 * The version a write expects of its record (decision 0113): `If-Match` on a PUT or a deactivation, or a
 * `version` field in the body (a batch item's only way). Neither: undefined, last write wins as before.
 */
export interface ExpectedVersion {
  expected?: number | 'any';
  /** A `version` that is no version, or one that disagrees with If-Match: the record is refused. */
  refusal?: RecordRefusal;
}

const versionField = 'version';

/** A body without its `version` field, and that field (the import's files have no such column). */
export function withoutVersion(body: Readonly<Record<string, unknown>>) {
  const { [versionField]: version, ...rest } = body;
  return { rest, version };
}

function bodyVersion(value: unknown): number | undefined | 'invalid' {
  if (value === undefined || value === null || value === '') return undefined;
  const number = typeof value === 'string' && /^\d{1,10}$/.test(value.trim()) ? Number(value) : value;
  return typeof number === 'number' && Number.isSafeInteger(number) && number >= 1 ? number : 'invalid';
}

export function expectedVersionOf(ifMatch: string | undefined, version: unknown): ExpectedVersion {
  const fromHeader = ifMatch === undefined ? undefined : versionOfIfMatch(ifMatch);
  const fromBody = bodyVersion(version);
  if (fromBody === 'invalid')
    return { refusal: { field: versionField, reason: 'not a version: a whole number from 1' } };
  if (fromHeader !== undefined && fromBody !== undefined && fromHeader !== fromBody)
    return { refusal: { field: versionField, reason: 'not the version If-Match names' } };
  const expected = fromHeader ?? fromBody;
  return expected === undefined ? {} : { expected };
}
