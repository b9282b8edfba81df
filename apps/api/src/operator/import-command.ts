import { resolve } from 'node:path';
import { runImport } from '@vet/practice-import/run-import';
import { operatorCommand } from './operator-command.ts';

/**
 * `portal-admin import`: a practice system's export in (decision 0061), with its progress: bars on a
 * terminal, a line a file and step in a pipe. Exit status 0: every row applied (or unchanged); 1: some
 * rows refused; 2: the import could not run.
 */
export const importCommand = operatorCommand({
  name: 'import',
  usage: '<directory> [--dry-run] [--report <file>] [--follow-links]',
  summary: 'import a practice system’s export (docs/practice-import-format.md); --dry-run writes nothing',
  options: {
    'dry-run': { type: 'boolean' },
    report: { type: 'string' },
    'follow-links': { type: 'boolean' },
  },
  positionals: { count: 1, refusal: 'Give exactly one export directory.' },
  async run({ values, positionals: [directory] }, context) {
    const target = await context.target();
    if (!target) return 2;
    const from = context.settings.invocationDirectory;
    const result = await runImport({
      directory: resolve(from, directory!),
      databaseUrl: target.databaseUrl,
      dryRun: values['dry-run'] === true,
      followLinks: values['follow-links'] === true,
      reportFile: values.report && resolve(from, values.report),
      stdout: context.stdout,
      stderr: context.stderr,
    });
    return result.exitCode;
  },
});
