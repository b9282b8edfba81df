import { resolve } from 'node:path';
import { runImport } from '@vet/practice-import/run-import';
import { parseCommandArgs, wrongArguments, type OperatorCommand } from './operator-command.ts';

const usage = '<directory> [--dry-run] [--report <file>] [--follow-links]';

/**
 * `portal-admin import`: a practice system's export in (decision 0061), with its progress: bars on a
 * terminal, a line a file and step in a pipe. Exit status 0: every row applied (or unchanged); 1: some
 * rows refused; 2: the import could not run.
 */
export const importCommand: OperatorCommand = {
  name: 'import',
  usage,
  summary: 'import a practice system’s export (docs/practice-import-format.md); --dry-run writes nothing',
  async run(args, context) {
    const parsed = parseCommandArgs(importCommand, context, {
      args,
      allowPositionals: true,
      options: {
        'dry-run': { type: 'boolean' },
        report: { type: 'string' },
        'follow-links': { type: 'boolean' },
      },
    });
    if (parsed === 2) return 2;
    const [directory, ...extra] = parsed.positionals;
    if (!directory || extra.length > 0)
      return wrongArguments(importCommand, context, 'Give exactly one export directory.');
    const target = await context.target();
    if (!target) return 2;
    const from = context.settings.invocationDirectory;
    const result = await runImport({
      directory: resolve(from, directory),
      databaseUrl: target.databaseUrl,
      dryRun: parsed.values['dry-run'] === true,
      followLinks: parsed.values['follow-links'] === true,
      reportFile: parsed.values.report && resolve(from, parsed.values.report),
      stdout: context.stdout,
      stderr: context.stderr,
    });
    return result.exitCode;
  },
};
