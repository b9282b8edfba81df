import { findCommand } from '@vet/practice-events/commands/command';
import { errorCode } from '@vet/practice-events/dispatcher-logger';
import { operatorCommands } from './commands.ts';
import { helpLines } from './help.ts';
import type { OperatorContext, OperatorSettings, OperatorTarget } from './operator-command.ts';
import { findTarget } from './operator-mode.ts';

export interface OperatorOptions {
  /** The environment, parsed (config/operator-config.ts), or why it could not be: read once a command needs it. */
  settings: () => OperatorSettings | { problem: string };
  /** The checkout (or production folder) the command belongs to: where npm start's database would be. */
  checkout: string | undefined;
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
}

/**
 * `portal-admin <command> [arguments]` (decision 0097): runs one command and returns the exit status, the
 * command's own (0 done, 1 the input refused, 2 it could not run); 0 for help asked for; 2 for no or an
 * unknown command, a bad environment, no database. Whatever fails, it says so in a line, never a stack.
 */
export async function runOperator(argv: string[], options: OperatorOptions): Promise<number> {
  const out = (line: string) => void options.stdout.write(`${line}\n`);
  const err = (line: string) => void options.stderr.write(`${line}\n`);
  if (argv.length === 1 && ['help', '--help', '-h'].includes(argv[0]!)) {
    helpLines(operatorCommands).forEach(out);
    return 0;
  }
  const found = findCommand(argv, operatorCommands);
  if (!found) {
    if (argv.length > 0) err(`Unknown command: ${argv.join(' ')}`);
    helpLines(operatorCommands).forEach(err);
    return 2;
  }
  const settings = options.settings();
  if ('problem' in settings) {
    err(settings.problem);
    return 2;
  }
  let target: Promise<OperatorTarget | undefined> | undefined;
  const context: OperatorContext = {
    settings,
    out,
    err,
    stdout: options.stdout,
    stderr: options.stderr,
    target: () => (target ??= targetOf(settings, options.checkout, err)),
  };
  try {
    return await found.command.run(found.args, context);
  } catch (error) {
    // A failed query's message may quote its parameters: the code says enough to act on.
    err(`${found.command.name} could not run: ${errorCode(error)}`);
    return 2;
  }
}

/** The database, said in a line on standard error when it is npm start's; or why there is none. */
async function targetOf(
  settings: OperatorSettings,
  checkout: string | undefined,
  err: (line: string) => void,
): Promise<OperatorTarget | undefined> {
  const found = await findTarget(settings, checkout);
  if ('problem' in found) {
    err(found.problem);
    return undefined;
  }
  if (found.local)
    err(
      `Using npm start's embedded database (127.0.0.1:${found.port}), ${found.production ? 'as production (NODE_ENV)' : 'as a local run (development)'}.`,
    );
  return found;
}
