import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { practiceDate } from '@vet/contracts/practice-clock';
import { connectDatabase } from '@vet/db/connection';
import { applyStaged } from './engine/apply.ts';
import { checkAcrossRows } from './engine/checks.ts';
import type { FileState } from './engine/cross-row-rules.ts';
import { ImportCannotRun, readExportDirectory, type ExportDirectory } from './engine/directory.ts';
import { importListEntries } from './engine/list-entries-file.ts';
import { barProgress, lineProgress, type ImportProgress } from './engine/progress.ts';
import {
  createRefusalsTable,
  noteParseRefusals,
  noteRefusals,
  readRefusals,
  refusedRowsByFile,
} from './engine/refusals.ts';
import { describeRefusal, summaryTable, writeReport, type FileCounts } from './engine/report.ts';
import { fingerprintContext, fingerprintedFiles } from './engine/fingerprints.ts';
import type { PhaseTimes } from './engine/phase-times.ts';
import { DatabaseUnavailable, errorCode, openSession, type Session } from './engine/session.ts';
import { unmappedInStage, type UnmappedCount } from './engine/apply/list-values.ts';
import { stageFile, type FileFingerprints } from './engine/stage-file.ts';
import { loadStoredFingerprints } from './engine/stored-fingerprints.ts';
import { createStagingTable, indexStagingTable } from './engine/staging-tables.ts';
import type { KindFile, ParseContext, RecordKind } from './kinds/kind.ts';
import { recordKinds, recordKindsByFile } from './kinds/index.ts';
import { listEntriesFile } from './kinds/list-entries.ts';
import { loadLookupLists } from './kinds/lookup-lists.ts';

export interface ImportOptions {
  directory: string;
  databaseUrl: string;
  /** Read files the directory holds as links to others (refused unless set). */
  followLinks?: boolean;
  /** Check and count everything, write nothing (the apply runs and is rolled back). */
  dryRun?: boolean;
  /** Also write the counts and every refusal as JSON to this file. */
  reportFile?: string;
  /** 'auto': bars on a terminal, a line per file in a pipe; 'none': lines only. */
  progress?: 'auto' | 'none';
  /** Today in the practices' clock (YYYY-MM-DD), for dates of birth; default: today. */
  today?: string;
  /** Where the progress and the summary go (default: process.stdout), and the reason it could not run. */
  stdout?: NodeJS.WritableStream;
  stderr?: NodeJS.WritableStream;
  /** Where the time went, by file and phase (the benchmark's; never printed). */
  times?: PhaseTimes;
}

export interface ImportResult {
  /** 0: every row applied or unchanged; 1: some refused; 2: the import could not run (nothing written). */
  exitCode: 0 | 1 | 2;
  files: { file: string; applied: number; unchanged: number; refused: number; seconds: number }[];
  /** In file and line order; at most `refusalsKept` of them (the report file has every one). */
  refusals: { file: string; line: number; column: string | null; reason: string }[];
  /** The values no list entry matched, kept as written and unmapped (decision 0131), most rows first. */
  unmapped: UnmappedCount[];
  /**
   * Refused rows of appointments.csv that may be desk bookings still to come: times the portal may offer
   * online until they are put right and imported again.
   */
  refusedDeskBookings: number;
  peakRssBytes: number;
}

export const refusalsKept = 10_000;
/** Refusals printed after the summary; the report file has them all. */
const refusalsShown = 20;

const peakRssBytes = () => process.resourceUsage().maxRSS * 1024;

/**
 * `npm run import`: reads a practice system's export directory, validates every row (each file's rows by
 * its kind, then across rows and against what is stored, in PostgreSQL staging tables), and applies what
 * is valid in one transaction (decision 0061).
 */
export async function runImport(options: ImportOptions): Promise<ImportResult> {
  const stdout = options.stdout ?? process.stdout;
  const stderr = options.stderr ?? process.stderr;
  let session: Session | undefined;
  try {
    const directory = await readExportDirectory(options.directory, { followLinks: options.followLinks });
    session = await openSession(options.databaseUrl);
    const tty = options.progress !== 'none' && (stdout as { isTTY?: boolean }).isTTY === true;
    const progress = tty ? barProgress(stdout) : lineProgress(stdout);
    const result = await importDirectory(session, options, directory, progress);
    for (const { file, refusal } of directory.strangers) await noteRefusals(session, file, [refusal]);
    return await finish(session, options, result, stdout);
  } catch (error) {
    const reason =
      error instanceof ImportCannotRun || error instanceof DatabaseUnavailable
        ? error.message
        : `it failed and wrote nothing (${errorCode(error)})`;
    stderr.write(`The import could not run: ${reason}.\n`);
    return {
      exitCode: 2,
      files: [],
      refusals: [],
      unmapped: [],
      refusedDeskBookings: 0,
      peakRssBytes: peakRssBytes(),
    };
  } finally {
    await session?.close().catch(() => {});
  }
}

async function importDirectory(
  session: Session,
  options: ImportOptions,
  directory: ExportDirectory,
  progress: ImportProgress,
): Promise<Imported> {
  const { files } = directory;
  await createRefusalsTable(session);
  // The group's own list entries first, in the import's one transaction, which then reads the lists as
  // they extend them (decision 0096). Without them, the lists are read as stored, in parallel.
  const inTransaction = directory.listEntries;
  let listCounts: FileCounts | undefined;
  if (inTransaction) {
    await session.query('begin');
    const path = join(options.directory, listEntriesFile);
    const bar = progress.file(listEntriesFile, (await stat(path)).size);
    listCounts = await importListEntries(session, path, await loadLookupLists(session.db), {
      followLinks: options.followLinks,
    });
    bar.done(listCounts.applied + listCounts.unchanged + listCounts.refused, listCounts.seconds);
  }
  const context: ParseContext = {
    lookups: inTransaction ? await loadLookupLists(session.db) : await loadLookups(options.databaseUrl),
    today: options.today ?? practiceDate(new Date()),
  };
  const times = options.times;
  for (const kind of recordKinds) await createStagingTable(session, kind);
  const states = new Map<KindFile, FileState>(recordKinds.map((k) => [k.file, 'absent']));
  const uniqueRefs = new Set<KindFile>();
  const counts = new Map<KindFile, FileCounts>();
  try {
    for (const file of files) {
      const kind = recordKindsByFile.get(file);
      if (!kind) continue;
      const path = join(options.directory, file);
      const started = performance.now();
      const bar = progress.file(file, (await stat(path)).size);
      const fingerprints = await storedFingerprints(session, kind, context, times);
      const staged = await stageFile(session, kind, path, context, bar, {
        fingerprints,
        times,
        followLinks: options.followLinks,
      });
      const seconds = (performance.now() - started) / 1000;
      bar.done(staged.rows, seconds);
      counts.set(file, { file, applied: 0, unchanged: staged.rows, refused: 0, seconds });
      if (staged.fileRefusals.length > 0) {
        states.set(file, 'refused');
        await noteRefusals(session, file, staged.fileRefusals);
        counts.set(file, { file, applied: 0, unchanged: 0, refused: staged.rows, seconds });
        continue;
      }
      states.set(file, 'staged');
      if (staged.refusedRows > 0) await noteParseRefusals(session, file);
      const indexing = performance.now();
      if ((await indexStagingTable(session, kind)).unique) uniqueRefs.add(file);
      times?.add(file, 'index', (performance.now() - indexing) / 1000);
    }
  } finally {
    progress.stop();
  }
  const took = (file: KindFile, seconds: number) => {
    const entry = counts.get(file);
    if (entry) entry.seconds += seconds;
  };
  const checking = performance.now();
  await checkAcrossRows({ session, kinds: recordKindsByFile, states, uniqueRefs }, (file, seconds) => {
    took(file, seconds);
    times?.add(file, 'check', seconds);
  });
  progress.note(`Checked across rows and against the stored records in ${elapsed(checking)}.`);
  const staged = new Set(files.filter((f) => states.get(f) === 'staged'));
  // Read before the apply: a dry run's rollback takes the staging tables made in its transaction along.
  const unmapped = await unmappedInStage(session);
  const refusedDeskBookings = await refusedDeskBookingsInStage(session);
  const applying = performance.now();
  const applied = await applyStaged(session, staged, {
    dryRun: options.dryRun === true,
    inTransaction,
    onFile: (a) => {
      took(a.file, a.seconds);
      times?.add(a.file, 'apply', a.seconds);
    },
  });
  progress.note(
    `${options.dryRun ? 'Dry run: applied and rolled back' : 'Applied in one transaction'} in ${elapsed(applying)}.`,
  );
  const refused = await refusedRowsByFile(session);
  for (const file of staged) {
    const entry = counts.get(file);
    if (!entry) continue;
    entry.refused = refused.get(file) ?? 0;
    entry.applied = applied.find((a) => a.file === file)?.applied ?? 0;
    entry.unchanged = entry.unchanged - entry.refused - entry.applied;
  }
  return {
    files: [...(listCounts ? [listCounts] : []), ...files.flatMap((f) => counts.get(f) ?? [])],
    unmapped,
    refusedDeskBookings,
  };
}

/**
 * Refused appointment rows that may be bookings still to come: a row whose status or end could not be read
 * counts, since nothing says it is not one.
 */
async function refusedDeskBookingsInStage(session: Session): Promise<number> {
  const [row] = await session.query<{ n: number }>(
    `select count(*)::int as n from stage_appointments
      where refused and coalesce(status, 'Booked') = 'Booked' and coalesce(ends_at, now()) >= now()`,
  );
  return row?.n ?? 0;
}

/** A fingerprinted file's stored fingerprints (fingerprints.ts), held while that file is read. */
async function storedFingerprints(
  session: Session,
  kind: RecordKind,
  context: ParseContext,
  times: PhaseTimes | undefined,
): Promise<FileFingerprints | undefined> {
  const table = fingerprintedFiles[kind.file];
  if (!table) return undefined;
  const started = performance.now();
  const stored = await loadStoredFingerprints(session, table, context);
  times?.add(kind.file, 'stored', (performance.now() - started) / 1000);
  return { context: fingerprintContext(kind.file, context.lookups), stored };
}

/** The lists load with parallel queries: a small pool of their own, not the import's one session. */
async function loadLookups(databaseUrl: string) {
  const handle = connectDatabase(databaseUrl, { max: 5 });
  try {
    return await loadLookupLists(handle.db);
  } finally {
    await handle.close();
  }
}

const elapsed = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

/** What an import did, besides its refusals (read from their table at the end). */
interface Imported {
  files: FileCounts[];
  unmapped: UnmappedCount[];
  refusedDeskBookings: number;
}

async function finish(
  session: Session,
  options: ImportOptions,
  { files, unmapped, refusedDeskBookings }: Imported,
  stdout: NodeJS.WritableStream,
): Promise<ImportResult> {
  const refusals: ImportResult['refusals'] = [];
  let total = 0;
  for await (const refusal of readRefusals(session)) {
    if (total < refusalsKept) refusals.push(refusal);
    total++;
  }
  const exitCode = total > 0 ? 1 : 0;
  if (options.reportFile) {
    await writeReport(
      options.reportFile,
      { dryRun: options.dryRun === true, exitCode, files, unmapped, refusedDeskBookings },
      readRefusals(session),
    );
  }
  stdout.write(`\n${summaryTable(files)}\n`);
  if (total > 0) {
    stdout.write(
      `\n${total.toLocaleString('en-GB')} refusals${total > refusalsShown ? `, the first ${refusalsShown}` : ''}:\n`,
    );
    for (const refusal of refusals.slice(0, refusalsShown)) stdout.write(`  ${describeRefusal(refusal)}\n`);
    if (total > refusalsShown)
      stdout.write(
        options.reportFile ? '  (every one is in the report)\n' : '  (--report <file> lists every one)\n',
      );
  }
  if (refusedDeskBookings > 0)
    stdout.write(
      `\n${refusedDeskBookings.toLocaleString('en-GB')} desk booking${refusedDeskBookings === 1 ? '' : 's'} ` +
        'still to come refused (appointments.csv, above): the portal may offer their times online until ' +
        'they are put right and imported again.\n',
    );
  if (unmapped.length > 0) {
    stdout.write(
      `\n${unmapped.length.toLocaleString('en-GB')} values no list entry matches, kept as written ` +
        '(portal-admin lists unmapped; lists map maps one):\n',
    );
    for (const u of unmapped.slice(0, refusalsShown))
      stdout.write(
        `  ${u.list}: “${u.value}”, ${u.rows.toLocaleString('en-GB')} row${u.rows === 1 ? '' : 's'}\n`,
      );
  }
  if (options.dryRun) stdout.write('\nDry run: nothing was written.\n');
  return { exitCode, files, refusals, unmapped, refusedDeskBookings, peakRssBytes: peakRssBytes() };
}
