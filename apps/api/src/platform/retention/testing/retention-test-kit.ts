import type { Database } from '@vet/db/connection';
import { applyRetention, type RetentionOptions, type RetentionOutcome } from '../apply-retention.ts';
import { defaultRetentionPeriods } from '../../../config/retention.ts';

/** The retention tests' clock and run: defaults, no pause, one kind's outcome at a time. */
export const now = new Date();
export const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);

export async function runRetention(
  db: Database,
  options: Partial<RetentionOptions> = {},
): Promise<Map<string, RetentionOutcome>> {
  const outcomes = await applyRetention(db, {
    periods: defaultRetentionPeriods,
    batchSize: 100,
    pauseMs: 0,
    now,
    ...options,
  });
  return new Map(outcomes.map((outcome) => [outcome.kind, outcome]));
}
