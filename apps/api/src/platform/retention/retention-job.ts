import type { TaskList } from 'graphile-worker';
import type { Database } from '@vet/db/connection';
import { applyRetention, type RetentionOptions } from './apply-retention.ts';

/** The queue's daily job that applies the retention periods (decision 0119). */
export const applyRetentionTask = 'apply-retention';

/**
 * 03:23 UTC every day: after midnight UK time in winter and summer alike, before any practice opens, when
 * the API serves least. The queue runs it on one instance (graphile-worker's crontab); a day missed while
 * no worker ran is caught up by the next run, which takes whatever is due by then.
 */
export const retentionCrontab = `23 3 * * * ${applyRetentionTask}`;

export interface RetentionJobLogger {
  info: (fields: Record<string, unknown>, message: string) => void;
}

/** The job's task for the API's queue: counts per kind go to the log, never a row's content. */
export function retentionTasks(
  settings: Omit<RetentionOptions, 'dryRun' | 'now' | 'onBatch'>,
  logger: RetentionJobLogger,
): (db: Database) => TaskList {
  return (db) => ({
    [applyRetentionTask]: async () => {
      const outcomes = await applyRetention(db, settings);
      const changed = outcomes.filter((outcome) => outcome.rows > 0 || outcome.interrupted);
      logger.info(
        {
          kinds: Object.fromEntries(
            changed.map((outcome) => [outcome.kind, outcome.interrupted ? `${outcome.rows}+` : outcome.rows]),
          ),
        },
        'retention applied',
      );
    },
  });
}
