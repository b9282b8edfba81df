import { connectDatabase } from '@vet/db/connection';
import { commandLine, findCommand, type EventsCommand } from './commands/command.ts';
import {
  endpointsAddCommand,
  endpointsListCommand,
  endpointsRemoveCommand,
  endpointsResealCommand,
} from './commands/endpoints.ts';
import type { EndpointUrlRule } from './config.ts';
import type { SecretKeys } from './secret-box.ts';
import { failedCommand } from './commands/failed.ts';
import { redriveCommand } from './commands/redrive.ts';
import { unacknowledgedCommand } from './commands/unacknowledged.ts';
import { errorCode } from './dispatcher-logger.ts';

/** Every command of `npm run events`, in the order the help lists them. */
export const eventsCommands: EventsCommand[] = [
  endpointsAddCommand,
  endpointsListCommand,
  endpointsRemoveCommand,
  endpointsResealCommand,
  failedCommand,
  redriveCommand,
  unacknowledgedCommand,
];

export interface CliIo {
  databaseUrl: string | undefined;
  secretKeys: SecretKeys | { problem: string };
  endpointUrlRule: EndpointUrlRule;
  out: (line: string) => void;
  err: (line: string) => void;
}

export function helpLines(commands: EventsCommand[]): string[] {
  const usages = commands.map(commandLine);
  const width = Math.max(...usages.map((usage) => usage.length));
  return [
    'Usage: npm run events -- <command> [arguments]   (DATABASE_URL names the portal’s database)',
    '',
    'Commands:',
    ...commands.map((command, index) => `  ${usages[index]!.padEnd(width)}  ${command.summary}`),
  ];
}

/**
 * Runs one command of the operator CLI and returns the exit status: the command's own (0 done, 1 the
 * input refused, 2 it could not run), 0 for help asked for, 2 for no or an unknown command.
 */
export async function runEventsCli(
  argv: string[],
  io: CliIo,
  commands: EventsCommand[] = eventsCommands,
): Promise<number> {
  if (argv.length === 1 && ['help', '--help', '-h'].includes(argv[0]!)) {
    helpLines(commands).forEach((line) => io.out(line));
    return 0;
  }
  const found = findCommand(argv, commands);
  if (!found) {
    if (argv.length > 0) io.err(`Unknown command: ${argv.join(' ')}`);
    helpLines(commands).forEach((line) => io.err(line));
    return 2;
  }
  if (!io.databaseUrl) {
    io.err('DATABASE_URL is not set: it names the portal’s database.');
    return 2;
  }
  const database = connectDatabase(io.databaseUrl, { max: 2 });
  try {
    return await found.command.run(found.args, {
      db: database.db,
      out: io.out,
      secretKeys: io.secretKeys,
      endpointUrlRule: io.endpointUrlRule,
    });
  } catch (error) {
    // The message of a failed query quotes its parameters: the code says enough to act on.
    io.err(`${found.command.name} could not run: ${errorCode(error)}`);
    return 2;
  } finally {
    await database.close();
  }
}
