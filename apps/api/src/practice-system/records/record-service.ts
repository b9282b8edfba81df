import type { IntegrationErrorCode } from '@vet/contracts/integration-errors';
import { clashAsRetry } from './write-clash.ts';
import {
  practiceRecordRefFields,
  type PracticeRecordBatchResult,
  type PracticeRecordKind,
  type PracticeRecordVersion,
  type PracticeRecordWrite,
} from '@vet/contracts/integration-records';
import type { Database } from '@vet/db/connection';
import { versionOfIfMatch } from '@vet/contracts/integration-writes';
import {
  applyRecords,
  staleVersionRefusal,
  type ListValueCodes,
  type RecordRefusal,
  type RecordRows,
} from '@vet/practice-import/apply-records';
import { recordKindsByFile } from '@vet/practice-import/kinds/index';
import { recordFromJson } from '@vet/practice-import/records/json-record';
import type pg from 'pg';
import {
  conflict,
  forbidden,
  notFound,
  unprocessable,
  type Issue,
  type MachineGrant,
} from '../../platform/index.ts';
import { practicesNotServed, storedRecordServed } from './record-practices.ts';
import { deactivateRecord } from './deactivation-repository.ts';
import { apiRecordKinds } from './record-kinds.ts';
import { expectedVersionOf, withoutVersion } from './record-versions.ts';
import { storedVersion } from './record-version-repository.ts';

export interface PracticeRecordDeps {
  db: Database;
  /** The records go through the import's engine on one connection of it (staging tables are per session). */
  pool: pg.Pool;
}

type Body = Readonly<Record<string, unknown>>;

const kindOf = (kind: PracticeRecordKind) => {
  const recordKind = recordKindsByFile.get(apiRecordKinds[kind].file);
  if (!recordKind) throw new Error(`no record kind for ${kind}`);
  return recordKind;
};

/** A refusal as an issue of the API's error shape; a refusal of the record as a whole names `whole`. */
const issuesOf = (refusals: readonly RecordRefusal[], whole: string): Issue[] =>
  refusals.map((r) => ({ path: r.field ?? whole, message: r.reason }));

const isStale = (refusal: RecordRefusal) =>
  refusal.field === staleVersionRefusal.field && refusal.reason === staleVersionRefusal.reason;

/** The answer to a write whose version is not the record's (decision 0113), quoting neither. */
export const staleVersion = () =>
  conflict(
    'The record has changed since the version sent, or does not exist: read it again, then decide.',
    'stale_version' satisfies IntegrationErrorCode,
  );

/**
 * PUT /{kind}/{ref}: the record as the practice system has it now, by the import's rules (decision 0065).
 * The body may leave its reference out; one that differs from the path's is refused. With If-Match (or a
 * `version` field) it is written only over that version of the record (decision 0113).
 */
export async function upsertRecord(
  deps: PracticeRecordDeps,
  grant: MachineGrant,
  kind: PracticeRecordKind,
  ref: string,
  fullBody: Body,
  ifMatch?: string,
): Promise<{ created: boolean; write: PracticeRecordWrite }> {
  const { rest: body, version } = withoutVersion(fullBody);
  const { expected, refusal } = expectedVersionOf(ifMatch, version);
  const [notServed] = await practicesNotServed(deps.db, grant, kind, [{ ref, fields: body }]);
  if (notServed)
    throw forbidden(
      `This practice system is not granted the practice this ${apiRecordKinds[kind].noun} is of (${notServed.field}).`,
      'practice_not_served' satisfies IntegrationErrorCode,
    );
  const refField = practiceRecordRefFields[kind];
  const given = body[refField];
  const record = recordFromJson(kindOf(kind), { ...body, [refField]: ref });
  // Left out or empty: the path's. Any other value must be the path's (as text, a number is its digits).
  const same = (typeof given === 'string' || typeof given === 'number') && String(given).trim() === ref;
  const differs = given !== undefined && given !== null && given !== '' && !same;
  const refusals = [
    ...(record.refusals ?? []),
    ...(differs ? [{ field: refField, reason: 'not the reference in the path' }] : []),
    ...(refusal ? [refusal] : []),
  ];
  const [result] = await apply(
    deps,
    kind,
    [{ ...record, refusals, expectedVersion: expected }],
    practiceSystemOf(grant),
  );
  if (!result) throw new Error('applyRecords answered no result');
  if (result.outcome === 'refused') {
    if (result.refusals.some(isStale)) throw staleVersion();
    throw unprocessable(
      `The ${apiRecordKinds[kind].noun} was refused: each issue names a field and why.`,
      issuesOf(result.refusals, 'body'),
    );
  }
  const { outcome, id, created } = result;
  return { created, write: { outcome, id, version: result.version } };
}

/**
 * POST /{kind}/batch: every item answered on its own, in order; the valid ones applied together. A
 * connector gives its system's codes of each item's list values beside it (`codes`, by index).
 */
export async function upsertBatch(
  deps: PracticeRecordDeps,
  grant: MachineGrant,
  kind: PracticeRecordKind,
  items: readonly Body[],
  codes: readonly (ListValueCodes | undefined)[] = [],
): Promise<PracticeRecordBatchResult> {
  const recordKind = kindOf(kind);
  const refField = practiceRecordRefFields[kind];
  // Per item, its own `version` (decision 0113).
  const parsed = items.map((item, index) => {
    const { rest, version } = withoutVersion(item);
    const { expected, refusal } = expectedVersionOf(undefined, version);
    const record = recordFromJson(recordKind, rest);
    return {
      ...record,
      refusals: [...(record.refusals ?? []), ...(refusal ? [refusal] : [])],
      expectedVersion: expected,
      codes: codes[index],
    };
  });
  const notServed = await practicesNotServed(
    deps.db,
    grant,
    kind,
    parsed.map((record, index) => ({
      ref: record.cells[refField]?.trim() ?? '',
      fields: items[index] ?? {},
    })),
  );
  // Per item: one naming a practice the client is not granted is refused, the others applied.
  const records = parsed.map((record, index) => {
    const refused = notServed[index];
    return refused
      ? {
          ...record,
          refusals: [...(record.refusals ?? []), { field: refused.field, reason: notServedReason }],
        }
      : record;
  });
  const results = await apply(deps, kind, records, practiceSystemOf(grant));
  return {
    results: results.map((result, index) => {
      const ref = records[index]?.cells[refField]?.trim() || null;
      return result.outcome === 'refused'
        ? { index, ref, outcome: 'refused', issues: issuesOf(result.refusals, 'item') }
        : { index, ref, outcome: result.outcome, id: result.id, version: result.version };
    }),
  };
}

/** The records through the import's engine; a clash with a concurrent writer answers 409, send again. */
async function apply(
  deps: PracticeRecordDeps,
  kind: PracticeRecordKind,
  records: RecordRows[],
  practiceSystem: string,
) {
  try {
    return await applyRecords(deps.pool, { file: apiRecordKinds[kind].file, records, practiceSystem });
  } catch (error) {
    throw clashAsRetry(error);
  }
}

/**
 * Whose words a record's list values are (decision 0131): a connector's own (its grant's client id is
 * `connector:<name>`), or the group's practice system for every other machine caller.
 */
export const practiceSystemOf = (grant: MachineGrant) =>
  grant.clientId.startsWith('connector:') ? grant.clientId : 'group';

/** A batch item's issue when it names a practice the caller is not granted (decision 0105). */
export const notServedReason = 'a practice this practice system is not granted (practice_not_served)';

/**
 * POST /{kind}/{ref}/deactivate (decision 0065: what it means for each kind). A record of a practice the
 * caller is not granted answers as a missing one (decision 0105), so its existence does not leak.
 */
export async function deactivate(
  deps: PracticeRecordDeps,
  grant: MachineGrant,
  kind: PracticeRecordKind,
  ref: string,
  value?: string,
  ifMatch?: string,
): Promise<PracticeRecordWrite> {
  const missing = () => notFound(`There is no ${apiRecordKinds[kind].noun} with this reference.`);
  const expected = ifMatch === undefined ? undefined : versionOfIfMatch(ifMatch);
  // Another practice's record answers as a missing one: with If-Match, as stale (decision 0113).
  if (!(await storedRecordServed(deps.db, grant, kind, ref)))
    throw expected === undefined ? missing() : staleVersion();
  const deactivated = await deactivateRecord(deps.db, kind, ref, value, expected);
  if (deactivated === 'stale') throw staleVersion();
  if (!deactivated) throw missing();
  const { changed, id, version } = deactivated;
  return { outcome: changed ? 'applied' : 'unchanged', id, version };
}

/**
 * GET /{kind}/{ref}: the record's portal id and version (decision 0113), to read again after a
 * stale_version. Another practice's record answers as a missing one (decision 0105).
 */
export async function recordVersion(
  deps: PracticeRecordDeps,
  grant: MachineGrant,
  kind: PracticeRecordKind,
  ref: string,
): Promise<PracticeRecordVersion> {
  const stored = (await storedRecordServed(deps.db, grant, kind, ref))
    ? await storedVersion(deps.db, kind, ref)
    : undefined;
  if (!stored) throw notFound(`There is no ${apiRecordKinds[kind].noun} with this reference.`);
  return { ref, ...stored };
}
