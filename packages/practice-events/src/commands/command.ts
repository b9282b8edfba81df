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

/** One command of the operator CLI: cli.ts lists them. */
export interface EventsCommand {
  name: string;
  /** The arguments it takes, as the help shows them (`add <name> <url>`). */
  usage: string;
  summary: string;
  /** Returns the exit status: 0 done, 1 the operator's input was refused, 2 it could not run. */
  run(args: string[], context: EventsCommandContext): Promise<number>;
}
