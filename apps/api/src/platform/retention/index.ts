/**
 * Retention (docs/retention.md, decision 0119): how long each kind of record is kept, one rule per kind,
 * applyRetention's batches and the queue's daily job. The rules are SQL over many domains' tables and
 * belong to no one domain, so they stand with what every domain stands on.
 */
export { applyRetention } from './apply-retention.ts';
export type { RetentionOptions, RetentionOutcome } from './apply-retention.ts';
export { applyRetentionTask, retentionCrontab, retentionTasks } from './retention-job.ts';
export type { RetentionJobLogger } from './retention-job.ts';
export { fixedRetentionDays } from './retention-periods.ts';
export type { RetentionPeriods } from './retention-periods.ts';
export { retentionKinds, retentionRules } from './retention-rules.ts';
export { databaseStoredFiles, type StoredFileEraser } from './stored-files.ts';
export type { RetentionAction, RetentionRule } from './retention-rules.ts';
