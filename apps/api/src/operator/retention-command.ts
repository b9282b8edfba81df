import { connectDatabase } from '@vet/db/connection';
import { applyRetention } from '../platform/index.ts';
import { operatorCommand } from './operator-command.ts';

/**
 * `portal-admin retention run [--dry-run]`: the daily retention job (docs/retention.md, decision 0119) now,
 * with the same RETENTION_* periods; --dry-run counts what is due and changes nothing. It prints one line
 * per kind of record: a count, the period and what happens, never a row's content.
 */
export const retentionCommand = operatorCommand({
  name: 'retention run',
  usage: '[--dry-run]',
  summary: 'applies the retention periods now (the API does it daily); --dry-run only counts what is due',
  options: { 'dry-run': { type: 'boolean' } },
  async run({ values }, context) {
    const dryRun = values['dry-run'] === true;
    const target = await context.target();
    if (!target) return 2;
    const handle = connectDatabase(target.databaseUrl, { max: 2 });
    try {
      const outcomes = await applyRetention(handle.db, { ...context.settings.retention, dryRun });
      const width = Math.max(...outcomes.map((outcome) => outcome.kind.length));
      for (const outcome of outcomes) {
        const verb = dryRun ? `due to be ${outcome.action}` : outcome.action;
        const interrupted = outcome.interrupted ? ' (stopped at a locked row: the next run carries on)' : '';
        context.out(
          `${outcome.kind.padEnd(width)}  ${String(outcome.rows).padStart(8)} ${verb}, kept ${outcome.days} days${interrupted}`,
        );
      }
      const total = outcomes.reduce((sum, outcome) => sum + outcome.rows, 0);
      context.out(
        dryRun ? `${total} rows due; nothing was changed.` : `${total} rows deleted or anonymised.`,
      );
      return 0;
    } finally {
      await handle.close();
    }
  },
});
