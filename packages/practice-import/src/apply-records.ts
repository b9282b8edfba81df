import { practiceDate } from '@vet/contracts/practice-clock';
import type pg from 'pg';
import { applyFiles } from './engine/apply.ts';
import { groupPracticeSystem, setPracticeSystem } from './engine/apply/list-values.ts';
import { checkAcrossRows } from './engine/checks.ts';
import type { FileState } from './engine/cross-row-rules.ts';
import { stagingTable } from './engine/import-files.ts';
import { noteParseRefusals, type ImportRefusal } from './engine/refusals.ts';
import type { Session } from './engine/session.ts';
import { StagingWriter } from './engine/stage-file.ts';
import type { CellRow, KindFile, LookupLists, ParseContext, RecordKind } from './kinds/kind.ts';
import { recordKinds, recordKindsByFile } from './kinds/index.ts';
import { inStagingSession, lookupListsOf } from './records/pooled-session.ts';
import { stageCodes } from './records/record-codes.ts';
import { childKindOf } from './records/record-kinds.ts';
import { RecordLines } from './records/record-lines.ts';
import {
  staleVersionRefusal,
  type RecordRefusal,
  type RecordResult,
  type RecordRows,
  type RecordsRequest,
} from './records/record-types.ts';
import { storedRecords, type StoredRecord } from './records/stored-records.ts';

export type {
  ListValueCodes,
  RecordRefusal,
  RecordResult,
  RecordRows,
  RecordsRequest,
} from './records/record-types.ts';
export { staleVersionRefusal } from './records/record-types.ts';

/**
 * Records given in memory (the integration API, decision 0065) through the import's one path (decision
 * 0061): each row parsed by its kind and staged, the checks across rows and against the stored records,
 * and the apply, all on one pooled connection in one transaction. Each record is answered on its own:
 * applied, unchanged, or refused with its reasons; valid records are applied whatever the others are, as
 * the import applies a file's valid rows. A record and its child rows (a practice's opening hours, a
 * clinician's rota) are applied or refused together.
 */
export async function applyRecords(pool: pg.Pool, request: RecordsRequest): Promise<RecordResult[]> {
  const kind = recordKindsByFile.get(request.file);
  const refColumn = kind?.refColumn;
  if (!kind || !refColumn) throw new Error(`${request.file} has no records of their own reference`);
  const lookups = await lookupListsOf(pool);
  return inStagingSession(pool, request.records.length, (session) =>
    applyInTransaction(session, kind, refColumn, request, lookups),
  );
}

async function applyInTransaction(
  session: Session,
  kind: RecordKind,
  refColumn: string,
  request: RecordsRequest,
  lookups: LookupLists,
): Promise<RecordResult[]> {
  const childKind = childKindOf(kind.file);
  const refs = request.records.map((r) => r.cells[refColumn]?.trim() ?? '');
  await lockReferences(session, kind.file, refs);
  // Under the references' locks: no other write of these records comes between the check and the apply.
  const records = await refuseStaleVersions(session, kind.file, request.records, refs);
  const lines = new RecordLines(kind, childKind, records);
  const context: ParseContext = {
    lookups,
    today: request.today ?? practiceDate(new Date()),
  };
  const states = new Map<KindFile, FileState>(recordKinds.map((k) => [k.file, 'absent']));
  await stage(
    session,
    kind,
    context,
    records.map((r, i) => ({ line: lines.recordLine(i), cells: r.cells })),
  );
  await stageCodes(
    session,
    kind,
    records.map((r, i) => ({ line: lines.recordLine(i), codes: r.codes })),
  );
  states.set(kind.file, 'staged');
  const childRows = records.flatMap((r) => r.children ?? []);
  if (childKind && childRows.length > 0) {
    const childLines = lines.childLines();
    await stage(
      session,
      childKind,
      context,
      childRows.map((cells, i) => ({ line: childLines[i]!, cells })),
    );
    states.set(childKind.file, 'staged');
  }
  const refusedBefore = records.flatMap((r, i) =>
    (r.refusals?.length ?? 0) > 0 ? [lines.recordLine(i)] : [],
  );
  await markRefused(session, kind.file, refusedBefore);
  const staged = [...states].filter(([, state]) => state === 'staged').map(([file]) => file);
  for (const file of staged) await noteParseRefusals(session, file);
  await checkAcrossRows({ session, kinds: recordKindsByFile, states });
  const refused = await refuseWholeRecords(session, kind, childKind, lines);
  const valid = refs.filter((_, i) => !refused.has(i));
  const before = await storedRecords(session, kind.file, valid);
  await setPracticeSystem(session, request.practiceSystem ?? groupPracticeSystem);
  await applyFiles(session, new Set(staged));
  const after = await storedRecords(session, kind.file, valid);
  const refusals = await session.query<ImportRefusal>(
    `select file, line, column_name as column, reason from import_refusals order by id`,
  );
  await session.query(
    ['import_refusals', ...staged.map(stagingTable)].map((t) => `delete from ${t}`).join(';'),
  );
  return records.map((record, index) =>
    refused.has(index)
      ? { outcome: 'refused', refusals: refusalsOf(index, record.refusals ?? [], refusals, lines) }
      : outcomeOf(before.get(refs[index]!), after.get(refs[index]!)),
  );
}

/**
 * Writes of one reference take turns (a transaction-level advisory lock per kind and reference), in the
 * lock keys' order, so that two batches naming the same records in other orders wait instead of
 * deadlocking on their rows.
 */
async function lockReferences(session: Session, file: KindFile, refs: readonly string[]) {
  await session.query(
    `select count(pg_advisory_xact_lock(key)) from (
       select distinct hashtextextended($1 || r, 0) as key from unnest($2::text[]) r where r <> '' order by 1) k`,
    [`practice-record:${file}:`, refs],
  );
}

async function stage(
  session: Session,
  kind: RecordKind,
  context: ParseContext,
  rows: readonly { line: number; cells: CellRow }[],
) {
  const header = kind.columns.map((c) => c.name);
  const writer = new StagingWriter(session, kind, header, context);
  for (const { line, cells } of rows)
    writer.add(
      line,
      header.map((name) => cells[name] ?? ''),
    );
  await writer.end();
}

async function markRefused(session: Session, file: KindFile, lines: readonly number[]) {
  if (lines.length === 0) return;
  await session.query(`update ${stagingTable(file)} set refused = true where line = any($1::int[])`, [lines]);
}

/**
 * A record is applied whole or not at all: a record with a refused child row is refused, and so are the
 * child rows of a refused record (the import applies a practice and its hours as two files; here they are
 * one record). Returns the indexes of the refused records.
 */
async function refuseWholeRecords(
  session: Session,
  kind: RecordKind,
  childKind: RecordKind | undefined,
  lines: RecordLines,
): Promise<Set<number>> {
  const refusedLines = async (file: KindFile) =>
    (await session.query<{ line: number }>(`select line from ${stagingTable(file)} where refused`)).map(
      (r) => r.line,
    );
  const refused = new Set<number>();
  for (const line of await refusedLines(kind.file)) refused.add(lines.placeOf(kind.file, line)!.record);
  if (!childKind) return refused;
  for (const line of await refusedLines(childKind.file))
    refused.add(lines.placeOf(childKind.file, line)!.record);
  await markRefused(session, kind.file, [...refused].map(lines.recordLine));
  const childLines = lines
    .childLines()
    .filter((line) => refused.has(lines.placeOf(childKind.file, line)!.record));
  await markRefused(session, childKind.file, childLines);
  return refused;
}

function refusalsOf(
  index: number,
  given: readonly RecordRefusal[],
  refusals: readonly ImportRefusal[],
  lines: RecordLines,
): RecordRefusal[] {
  const own = refusals.flatMap((refusal) => {
    const place = lines.placeOf(refusal.file as KindFile, refusal.line);
    if (place?.record !== index) return [];
    return lines.refusalOf(refusal, place) ?? [];
  });
  const all = [...given, ...own];
  return all.length > 0 ? all : [{ field: null, reason: 'refused with another item of the batch' }];
}

function outcomeOf(before: StoredRecord | undefined, after: StoredRecord | undefined): RecordResult {
  if (!after) throw new Error('a record that was not refused is not stored');
  const applied = after.written || before?.beside !== after.beside;
  return {
    outcome: applied ? 'applied' : 'unchanged',
    id: after.id,
    created: before === undefined,
    version: after.version,
  };
}

/** The records, those expecting a version the stored record has not refused (decision 0113). */
async function refuseStaleVersions(
  session: Session,
  file: KindFile,
  records: readonly RecordRows[],
  refs: readonly string[],
): Promise<readonly RecordRows[]> {
  if (records.every((record) => record.expectedVersion === undefined)) return records;
  const stored = await storedRecords(session, file, refs);
  return records.map((record, index) => {
    const expected = record.expectedVersion;
    if (expected === undefined) return record;
    const current = stored.get(refs[index]!)?.version;
    const fresh = current !== undefined && (expected === 'any' || expected === current);
    return fresh ? record : { ...record, refusals: [...(record.refusals ?? []), staleVersionRefusal] };
  });
}
