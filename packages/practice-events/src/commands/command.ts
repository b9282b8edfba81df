import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';
import type { Database } from '@vet/db/connection';
import type { EndpointUrlRule } from '../config.ts';
import type { SecretKeys } from '../secret-box.ts';

/** What a command of the operator CLI (`npm run events -- <command>`) is given. */
export interface EventsCommandContext {
  db: Database;
  /** One line of output (a table row, a summary); never personal data. */
  out: (line: string) => void;
  /** The keys that seal endpoints' secrets, or why they are missing (WEBHOOK_SECRET_KEYS). */
  secretKeys: SecretKeys | { problem: string };
  /** Whether a new endpoint's URL must be https: in production (the API's dispatcher sends to no other there). */
  endpointUrlRule: EndpointUrlRule;
}

/** One command of an operator's CLI: the events' (run-cli.ts lists them) or `portal-admin`'s in the API. */
export interface Command<Context> {
  /** Its words (`endpoints add`). */
  name: string;
  /** The arguments it takes, as the help shows them (`<name> <url>`). */
  usage: string;
  summary: string;
  /** Returns the exit status: 0 done, 1 the operator's input was refused, 2 it could not run. */
  run(args: string[], context: Context): Promise<number>;
}

export type EventsCommand = Command<EventsCommandContext>;

type Named = Pick<Command<unknown>, 'name' | 'usage'>;

/** A command's words and arguments, as its family's help and usage lines write them. */
export const commandLine = (command: Named) => `${command.name} ${command.usage}`.trim();

/** The command whose name's words begin argv (the longest such name), and the arguments after them. */
export function findCommand<C extends Named>(argv: string[], commands: readonly C[]) {
  const [best] = commands
    .map((command) => ({ command, words: command.name.split(' ') }))
    .filter(({ words }) => words.every((word, index) => argv[index] === word))
    .sort((a, b) => b.words.length - a.words.length);
  return best && { command: best.command, args: argv.slice(best.words.length) };
}

/** What a command takes: node:util's parseArgs options, and its positionals (none when left out). */
export interface CommandArguments<Options extends ParseArgsOptionsConfig> {
  options?: Options;
  /** How many, all required, and what a wrong number of them is told. */
  positionals?: { count: number; refusal: string };
}

export type ParsedArguments<Options extends ParseArgsOptionsConfig> = ReturnType<
  typeof parseArgs<{ options: Options; allowPositionals: true }>
>;

type CommandDefinition<Context, Options extends ParseArgsOptionsConfig> = Omit<Command<Context>, 'run'> &
  CommandArguments<Options> & {
    run(given: ParsedArguments<Options>, context: Context): Promise<number>;
  };

/** The arguments as the command declares them, or why they are not. */
function parseCommandArguments<Options extends ParseArgsOptionsConfig>(
  name: string,
  args: string[],
  { options = {} as Options, positionals }: CommandArguments<Options>,
): ParsedArguments<Options> | { refused: string } {
  try {
    const parsed = parseArgs({ args, options, allowPositionals: positionals !== undefined });
    // An empty one (an unset shell variable) is not given: `import ""` must not import the current folder.
    const given = parsed.positionals.filter((positional) => positional !== '');
    if (positionals && (given.length !== positionals.count || given.length !== parsed.positionals.length))
      return { refused: positionals.refusal };
    return parsed;
  } catch (error) {
    // node:util's words for an option it does not know are about quoting a dash: say which option it is.
    const { tokens } = parseArgs({ args, options, strict: false, tokens: true });
    const unknown = tokens.find((token) => token.kind === 'option' && !Object.hasOwn(options, token.name));
    if (unknown?.kind === 'option') return { refused: `${unknown.rawName} is not an option of ${name}.` };
    return { refused: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * How a family of commands is defined: each declares what it takes and its `run` is given the arguments
 * parsed; any others are refused before it runs, the family's way (`refuse` answers the exit status).
 */
export function commandsRefusing<Context>(
  refuse: (command: Command<Context>, context: Context, message: string) => number,
) {
  return <Options extends ParseArgsOptionsConfig = Record<never, never>>(
    definition: CommandDefinition<Context, Options>,
  ): Command<Context> => {
    const { name, usage, summary } = definition;
    const command: Command<Context> = {
      name,
      usage,
      summary,
      run(args, context) {
        const given = parseCommandArguments(name, args, definition);
        if ('refused' in given) return Promise.resolve(refuse(command, context, given.refused));
        return definition.run(given, context);
      },
    };
    return command;
  };
}

/** An events command: arguments it does not take are said on `out`, and answer 1 (the input was refused). */
export const eventsCommand = commandsRefusing<EventsCommandContext>((_command, { out }, message) => {
  out(message);
  return 1;
});
