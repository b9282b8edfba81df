import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '@vet/db/connection';
import { databaseError } from '@vet/db/database-error';
import type { RetentionPeriods } from './retention-periods.ts';
import { databaseStoredFiles, type StoredFileEraser } from './stored-files.ts';
import { retentionRules, type RetentionAction, type RetentionRule } from './retention-rules.ts';

/**
 * The job's share of the time: after a batch it pauses at least this many times as long as the batch took,
 * so a heavy kind (e-mails with their bodies) or a busy server slows it rather than the API.
 */
const defaultPauseFactor = 9;

export interface RetentionOptions {
  periods: RetentionPeriods;
  /** Rows a batch takes at most: each batch is one short transaction. */
  batchSize: number;
  /**
   * Milliseconds between two batches at least, so the API's own statements go first; a batch that took
   * longer (a heavier kind, a busier server) is followed by a pause of `pauseFactor` times as long.
   */
  pauseMs: number;
  /** The pause after a batch as a multiple of its time, at least (default 9: the job keeps to a tenth). */
  pauseFactor?: number;
  /** Count what is due and change nothing. */
  dryRun?: boolean;
  now?: Date;
  /**
   * The attachment store, whose bytes the `storedFiles` kinds delete (decision 0169); unset: the database
   * store's table, in the batch's transaction.
   */
  files?: StoredFileEraser;
  /** Called after each batch (the bench counts them; tests see the batches are bounded). */
  onBatch?: (kind: string, rows: number) => void;
}

/** What one kind's run did: counts only, never a row's content. */
export interface RetentionOutcome {
  kind: string;
  action: RetentionAction;
  days: number;
  /** Rows deleted or anonymised; in a dry run, rows due. */
  rows: number;
  batches: number;
  /** The kind stopped early: a batch waited on a lock past lock_timeout. The next run carries on. */
  interrupted: boolean;
}

/**
 * A batch never waits on a lock longer than this: it gives up and the kind resumes at the next run,
 * rather than queueing the API's statements behind its own (a lock queue is first come, first served).
 */
export const retentionLockTimeoutMs = 1000;
const LOCK_NOT_AVAILABLE = '55P03';

/**
 * Applies every retention rule (docs/retention.md, decision 0119): for each kind, batches of at most
 * batchSize rows past their period, each its own transaction that skips rows another transaction holds,
 * with a pause between, until a batch finds fewer than batchSize. Safe to run on several instances at
 * once (SKIP LOCKED) and to stop at any point: each batch is whole or not at all.
 */
export async function applyRetention(db: Database, options: RetentionOptions): Promise<RetentionOutcome[]> {
  const now = options.now ?? new Date();
  const outcomes: RetentionOutcome[] = [];
  // A dry run counts a row once: not again for a later kind of the same table (a body of a row deleted).
  const countedBefore = new Map<string, SQL[]>();
  for (const rule of retentionRules) {
    const days = rule.days(options.periods);
    const cutoff = new Date(now.getTime() - days * 86_400_000);
    const outcome: RetentionOutcome = {
      kind: rule.kind,
      action: rule.action,
      days,
      rows: 0,
      batches: 0,
      interrupted: false,
    };
    outcomes.push(outcome);
    if (options.dryRun) {
      const earlier = countedBefore.get(rule.table) ?? [];
      const notEarlier = earlier.map((condition) => sql` and not (${condition})`);
      const counted = await db.execute<{ due: string }>(
        sql`select count(*) as due from ${sql.identifier(rule.table)} where ${rule.due(cutoff, now)}${sql.join(notEarlier)}`,
      );
      countedBefore.set(rule.table, [...earlier, rule.due(cutoff, now)]);
      outcome.rows = Number(counted.rows[0]?.due ?? 0);
      continue;
    }
    for (;;) {
      const started = performance.now();
      const rows = await runBatch(
        db,
        batchStatement(rule, cutoff, now, options.batchSize),
        rule.storedFiles ? (options.files ?? 'database') : undefined,
      );
      const took = performance.now() - started;
      if (rows === undefined) {
        outcome.interrupted = true;
        break;
      }
      outcome.batches += 1;
      outcome.rows += rows;
      options.onBatch?.(rule.kind, rows);
      if (rows < options.batchSize) break;
      const pause = Math.max(options.pauseMs, took * (options.pauseFactor ?? defaultPauseFactor));
      if (options.pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
  return outcomes;
}

/** One batch: rows chosen and locked (skipping locked ones) and deleted or updated in one statement. */
function batchStatement(rule: RetentionRule, cutoff: Date, now: Date, limit: number): SQL {
  if (rule.batch) return rule.batch(cutoff, now, limit);
  const table = sql.identifier(rule.table);
  const chosen = sql`ctid = any(array(
    select ctid from ${table} where ${rule.due(cutoff, now)} limit ${limit} for update skip locked))`;
  return rule.set
    ? sql`update ${table} set ${rule.set} where ${chosen}`
    : sql`delete from ${table} where ${chosen}`;
}

/**
 * The batch's row count, or undefined when it gave up waiting on a lock (SQLSTATE 55P03). With `files`, the
 * statement returns the storage keys of what it deleted, and their bytes go before the batch commits.
 */
async function runBatch(
  db: Database,
  statement: SQL,
  files?: StoredFileEraser | 'database',
): Promise<number | undefined> {
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local lock_timeout = ${retentionLockTimeoutMs}`));
      const result = await tx.execute<{ storage_key: string }>(statement);
      if (files !== undefined) {
        const keys = result.rows.map((row) => row.storage_key);
        await (files === 'database' ? databaseStoredFiles(tx) : files).delete(keys);
      }
      return result.rowCount ?? 0;
    });
  } catch (error) {
    if (lockNotAvailable(error)) return undefined;
    throw error;
  }
}

const lockNotAvailable = (error: unknown) => databaseError(error).code === LOCK_NOT_AVAILABLE;
