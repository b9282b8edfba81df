import { commandLine } from '@vet/practice-events/commands/command';
import type { OperatorCommand } from './operator-command.ts';

/** The help: every command with its arguments and what it does, then where the database comes from. */
export function helpLines(commands: readonly OperatorCommand[]): string[] {
  return [
    'Usage: portal-admin <command> [arguments]',
    '  from a checkout: npm run admin -- <command> [arguments]',
    '  in the production build: sh scripts/production/portal-admin.sh <command> [arguments]',
    '',
    'Commands:',
    ...commands.flatMap((command) => [`  ${commandLine(command)}`, `      ${command.summary}`]),
    '  help',
    '      this list',
    '',
    'Amounts (payments policy set --amount) are pounds to the penny, e.g. 20.00: 20.005 is refused, never rounded.',
    'The database: DATABASE_URL, or without it the embedded database of a running `npm start`.',
    'NODE_ENV unset: production with DATABASE_URL, development with npm start’s database.',
    'Exit status: 0 done; 1 the input was refused (for import: some rows; for payments reconcile: a difference); 2 it could not run.',
  ];
}
